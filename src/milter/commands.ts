import { Cmd, codeName } from './constants.js';
import { MilterProtocolError } from './errors.js';
import type { Frame } from './frame-decoder.js';
import { readCstr, splitCstrs } from './wire.js';

export type ConnectFamily = 'unknown' | 'unix' | 'inet' | 'inet6';

/** A decoded MTA → milter command (docs/milter-protocol.md §4). */
export type MilterCommand =
  | { kind: 'optneg'; version: number; actions: number; protocol: number }
  /** `stage` is the command letter the macros belong to ('C', 'H', 'M', …). */
  | { kind: 'macro'; stage: string; macros: Array<[string, string]> }
  | { kind: 'connect'; hostname: string; family: ConnectFamily; port: number; address: string }
  | { kind: 'helo'; name: string }
  /** args[0] is the address with its angle brackets, the rest ESMTP parameters. */
  | { kind: 'mail'; args: string[] }
  | { kind: 'rcpt'; args: string[] }
  | { kind: 'data' }
  /** Header values stay bytes: they may carry 8-bit text and go back into the raw message unchanged. */
  | { kind: 'header'; name: string; value: Buffer }
  | { kind: 'eoh' }
  | { kind: 'body'; chunk: Buffer }
  /** libmilter allows a last body chunk inside BODYEOB; Postfix always sends it empty. */
  | { kind: 'eob'; chunk: Buffer }
  | { kind: 'unknown'; line: string }
  | { kind: 'abort' }
  | { kind: 'quit' }
  | { kind: 'quit_nc' };

export type MilterCommandKind = MilterCommand['kind'];

const FAMILIES: Readonly<Record<number, ConnectFamily>> = { 0x55: 'unknown', 0x4c: 'unix', 0x34: 'inet', 0x36: 'inet6' };

function malformed(what: string, detail: string): MilterProtocolError {
  return new MilterProtocolError('malformed', `${what}: ${detail}`);
}

function strings(data: Buffer, what: string): string[] {
  const parts = splitCstrs(data);
  if (parts === null) throw malformed(what, 'string list is not NUL-terminated');
  return parts.map((part) => part.toString('utf8'));
}

function decodeOptneg(data: Buffer): MilterCommand {
  if (data.length < 12) throw malformed('OPTNEG', `expected 12 bytes, got ${data.length}`);
  return { kind: 'optneg', version: data.readUInt32BE(0), actions: data.readUInt32BE(4), protocol: data.readUInt32BE(8) };
}

function decodeMacro(data: Buffer): MilterCommand {
  if (data.length === 0) throw malformed('MACRO', 'missing stage letter');
  const list = strings(data.subarray(1), 'MACRO');
  if (list.length % 2 !== 0) throw malformed('MACRO', 'a macro name has no value');
  const macros: Array<[string, string]> = [];
  for (let i = 0; i < list.length; i += 2) macros.push([list[i]!, list[i + 1]!]);
  return { kind: 'macro', stage: String.fromCharCode(data[0]!), macros };
}

function decodeConnect(data: Buffer): MilterCommand {
  const host = readCstr(data, 0);
  if (!host) throw malformed('CONNECT', 'hostname is not NUL-terminated');
  const familyByte = data[host.next];
  const family = familyByte === undefined ? undefined : FAMILIES[familyByte];
  if (!family) throw malformed('CONNECT', 'missing or unknown address family');
  const hostname = host.value.toString('utf8');
  if (family === 'unknown') return { kind: 'connect', hostname, family, port: 0, address: '' };
  if (data.length < host.next + 3) throw malformed('CONNECT', 'truncated port');
  const port = data.readUInt16BE(host.next + 1);
  const address = readCstr(data, host.next + 3);
  if (!address || address.next !== data.length) throw malformed('CONNECT', 'address is not one NUL-terminated string');
  return { kind: 'connect', hostname, family, port, address: address.value.toString('utf8') };
}

function decodeEnvelope(kind: 'mail' | 'rcpt', data: Buffer): MilterCommand {
  const args = strings(data, kind.toUpperCase());
  if (args.length === 0) throw malformed(kind.toUpperCase(), 'no address');
  return { kind, args };
}

function decodeHeader(data: Buffer): MilterCommand {
  const parts = splitCstrs(data);
  if (parts === null || parts.length !== 2) throw malformed('HEADER', 'expected name and value as two NUL-terminated strings');
  const name = parts[0]!.toString('latin1');
  if (name.length === 0) throw malformed('HEADER', 'empty header name');
  return { kind: 'header', name, value: parts[1]! };
}

function singleString(data: Buffer): string {
  // miltertest and libmilter terminate these; accept a missing NUL rather than refuse a harmless peer.
  const end = data.indexOf(0);
  return data.subarray(0, end < 0 ? data.length : end).toString('utf8');
}

/** Validates one frame's payload against docs/milter-protocol.md §4 and returns its typed form. */
export function decodeCommand(frame: Frame): MilterCommand {
  const { code, data } = frame;
  switch (code) {
    case Cmd.OPTNEG:
      return decodeOptneg(data);
    case Cmd.MACRO:
      return decodeMacro(data);
    case Cmd.CONNECT:
      return decodeConnect(data);
    case Cmd.HELO:
      return { kind: 'helo', name: singleString(data) };
    case Cmd.MAIL:
      return decodeEnvelope('mail', data);
    case Cmd.RCPT:
      return decodeEnvelope('rcpt', data);
    case Cmd.DATA:
      return { kind: 'data' };
    case Cmd.HEADER:
      return decodeHeader(data);
    case Cmd.EOH:
      return { kind: 'eoh' };
    case Cmd.BODY:
      return { kind: 'body', chunk: data };
    case Cmd.BODYEOB:
      return { kind: 'eob', chunk: data };
    case Cmd.UNKNOWN:
      return { kind: 'unknown', line: singleString(data) };
    case Cmd.ABORT:
      return { kind: 'abort' };
    case Cmd.QUIT:
      return { kind: 'quit' };
    case Cmd.QUIT_NC:
      return { kind: 'quit_nc' };
    default:
      throw new MilterProtocolError('unknown_command', `unknown command ${codeName(code)}`);
  }
}
