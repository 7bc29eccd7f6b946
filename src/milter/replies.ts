import { Reply, codeName } from './constants.js';
import { MilterProtocolError } from './errors.js';
import { encodeFrame } from './frame-encoder.js';
import type { Frame } from './frame-decoder.js';
import { cstr, readCstr, splitCstrs, uint32 } from './wire.js';

/** A macro list requested in the OPTNEG reply: stage (SMFIM_*) and space-separated names (docs/milter-protocol.md §3). */
export interface MacroRequest {
  stage: number;
  names: string;
}

/** A milter → MTA reply (docs/milter-protocol.md §6). Modifications are valid only in answer to BODYEOB. */
export type MilterReply =
  | { kind: 'continue' }
  | { kind: 'accept' }
  | { kind: 'reject' }
  | { kind: 'tempfail' }
  | { kind: 'discard' }
  | { kind: 'progress' }
  | { kind: 'skip' }
  | { kind: 'shutdown' }
  /** `text` is the whole reply line, e.g. `550 5.7.1 Message rejected`. */
  | { kind: 'replycode'; text: string }
  | { kind: 'optneg'; version: number; actions: number; protocol: number; macros: MacroRequest[] }
  | { kind: 'addheader'; name: string; value: string }
  | { kind: 'insheader'; index: number; name: string; value: string }
  | { kind: 'chgheader'; index: number; name: string; value: string }
  | { kind: 'quarantine'; reason: string }
  /** Replies we never send but a client may meet (CHGFROM, ADDRCPT, REPLBODY, …), kept raw. */
  | { kind: 'other'; code: number; data: Buffer };

export type MilterReplyKind = MilterReply['kind'];

const EMPTY: Readonly<Record<string, number>> = {
  continue: Reply.CONTINUE,
  accept: Reply.ACCEPT,
  reject: Reply.REJECT,
  tempfail: Reply.TEMPFAIL,
  discard: Reply.DISCARD,
  progress: Reply.PROGRESS,
  skip: Reply.SKIP,
  shutdown: Reply.SHUTDOWN,
};

/** Replies that end the MTA's wait for a command (everything but modifications and PROGRESS). */
export function isFinalReply(reply: MilterReply): boolean {
  return !['addheader', 'insheader', 'chgheader', 'quarantine', 'progress', 'other'].includes(reply.kind);
}

export function encodeReply(reply: MilterReply): Buffer {
  switch (reply.kind) {
    case 'replycode':
      return encodeFrame(Reply.REPLYCODE, [cstr(reply.text)]);
    case 'optneg':
      return encodeFrame(Reply.OPTNEG, [
        uint32(reply.version),
        uint32(reply.actions),
        uint32(reply.protocol),
        ...reply.macros.flatMap((m) => [uint32(m.stage), cstr(m.names)]),
      ]);
    case 'addheader':
      return encodeFrame(Reply.ADDHEADER, [cstr(reply.name), cstr(reply.value)]);
    case 'insheader':
      return encodeFrame(Reply.INSHEADER, [uint32(reply.index), cstr(reply.name), cstr(reply.value)]);
    case 'chgheader':
      return encodeFrame(Reply.CHGHEADER, [uint32(reply.index), cstr(reply.name), cstr(reply.value)]);
    case 'quarantine':
      return encodeFrame(Reply.QUARANTINE, [cstr(reply.reason)]);
    case 'other':
      return encodeFrame(reply.code, [reply.data]);
    default:
      return encodeFrame(EMPTY[reply.kind]!);
  }
}

function bad(code: number, detail: string): MilterProtocolError {
  return new MilterProtocolError('malformed', `reply ${codeName(code)}: ${detail}`);
}

function indexed(frame: Frame): { index: number; name: string; value: string } {
  if (frame.data.length < 4) throw bad(frame.code, 'missing index');
  const parts = splitCstrs(frame.data.subarray(4));
  if (parts === null || parts.length !== 2) throw bad(frame.code, 'expected name and value');
  return { index: frame.data.readUInt32BE(0), name: parts[0]!.toString('utf8'), value: parts[1]!.toString('utf8') };
}

function decodeOptnegReply(data: Buffer): MilterReply {
  if (data.length < 12) throw bad(Reply.OPTNEG, 'shorter than 12 bytes');
  const macros: MacroRequest[] = [];
  let offset = 12;
  while (offset < data.length) {
    if (data.length < offset + 4) throw bad(Reply.OPTNEG, 'truncated macro stage');
    const names = readCstr(data, offset + 4);
    if (!names) throw bad(Reply.OPTNEG, 'macro list is not NUL-terminated');
    macros.push({ stage: data.readUInt32BE(offset), names: names.value.toString('utf8') });
    offset = names.next;
  }
  return { kind: 'optneg', version: data.readUInt32BE(0), actions: data.readUInt32BE(4), protocol: data.readUInt32BE(8), macros };
}

/** MTA side (client, tests): the typed form of a reply frame. */
export function decodeReply(frame: Frame): MilterReply {
  const { code, data } = frame;
  for (const [kind, value] of Object.entries(EMPTY)) {
    if (value !== code) continue;
    // Postfix treats any payload on these as a protocol error (docs/milter-protocol.md §6); so do we.
    if (data.length !== 0) throw bad(code, `unexpected ${data.length} data bytes`);
    return { kind } as MilterReply;
  }
  switch (code) {
    case Reply.OPTNEG:
      return decodeOptnegReply(data);
    case Reply.REPLYCODE:
    case Reply.QUARANTINE: {
      const text = readCstr(data, 0);
      if (!text || text.next !== data.length) throw bad(code, 'expected one NUL-terminated string');
      const value = text.value.toString('utf8');
      return code === Reply.REPLYCODE ? { kind: 'replycode', text: value } : { kind: 'quarantine', reason: value };
    }
    case Reply.ADDHEADER: {
      const parts = splitCstrs(data);
      if (parts === null || parts.length !== 2) throw bad(code, 'expected name and value');
      return { kind: 'addheader', name: parts[0]!.toString('utf8'), value: parts[1]!.toString('utf8') };
    }
    case Reply.INSHEADER:
      return { kind: 'insheader', ...indexed(frame) };
    case Reply.CHGHEADER:
      return { kind: 'chgheader', ...indexed(frame) };
    default:
      return { kind: 'other', code, data };
  }
}
