import { Cmd } from './constants.js';
import type { ConnectFamily, MilterCommand } from './commands.js';
import { encodeFrame } from './frame-encoder.js';
import { cstr, uint16, uint32 } from './wire.js';

const CODES: Readonly<Record<MilterCommand['kind'], number>> = {
  optneg: Cmd.OPTNEG,
  macro: Cmd.MACRO,
  connect: Cmd.CONNECT,
  helo: Cmd.HELO,
  mail: Cmd.MAIL,
  rcpt: Cmd.RCPT,
  data: Cmd.DATA,
  header: Cmd.HEADER,
  eoh: Cmd.EOH,
  body: Cmd.BODY,
  eob: Cmd.BODYEOB,
  unknown: Cmd.UNKNOWN,
  abort: Cmd.ABORT,
  quit: Cmd.QUIT,
  quit_nc: Cmd.QUIT_NC,
};

export function commandCode(kind: MilterCommand['kind']): number {
  return CODES[kind];
}

const FAMILY_BYTE: Readonly<Record<ConnectFamily, number>> = { unknown: 0x55, unix: 0x4c, inet: 0x34, inet6: 0x36 };

/** MTA side (the client used by tests and the benchmark): the bytes Postfix would send for a command. */
export function encodeCommand(command: MilterCommand): Buffer {
  switch (command.kind) {
    case 'optneg':
      return encodeFrame(Cmd.OPTNEG, [uint32(command.version), uint32(command.actions), uint32(command.protocol)]);
    case 'macro':
      return encodeFrame(Cmd.MACRO, [Buffer.from([command.stage.charCodeAt(0)]), ...command.macros.flatMap(([n, v]) => [cstr(n), cstr(v)])]);
    case 'connect':
      return encodeFrame(
        Cmd.CONNECT,
        command.family === 'unknown'
          ? [cstr(command.hostname), Buffer.from([FAMILY_BYTE.unknown])]
          : [cstr(command.hostname), Buffer.from([FAMILY_BYTE[command.family]]), uint16(command.port), cstr(command.address)],
      );
    case 'helo':
      return encodeFrame(Cmd.HELO, [cstr(command.name)]);
    case 'mail':
      return encodeFrame(Cmd.MAIL, command.args.map((a) => cstr(a)));
    case 'rcpt':
      return encodeFrame(Cmd.RCPT, command.args.map((a) => cstr(a)));
    case 'data':
      return encodeFrame(Cmd.DATA);
    case 'header':
      return encodeFrame(Cmd.HEADER, [cstr(command.name), cstr(command.value)]);
    case 'eoh':
      return encodeFrame(Cmd.EOH);
    case 'body':
      return encodeFrame(Cmd.BODY, [command.chunk]);
    case 'eob':
      return encodeFrame(Cmd.BODYEOB, [command.chunk]);
    case 'unknown':
      return encodeFrame(Cmd.UNKNOWN, [cstr(command.line)]);
    case 'abort':
      return encodeFrame(Cmd.ABORT);
    case 'quit':
      return encodeFrame(Cmd.QUIT);
    case 'quit_nc':
      return encodeFrame(Cmd.QUIT_NC);
  }
}
