import { describe, expect, it } from 'vitest';
import { decodeCommand, type MilterCommand } from '../../src/milter/commands.js';
import { encodeCommand } from '../../src/milter/command-encoder.js';
import { Action, MacroStage, Proto } from '../../src/milter/constants.js';
import { MilterProtocolError } from '../../src/milter/errors.js';
import { FrameDecoder } from '../../src/milter/frame-decoder.js';
import { encodeFrame } from '../../src/milter/frame-encoder.js';
import { negotiate } from '../../src/milter/negotiate.js';
import { decodeReply, encodeReply, type MilterReply } from '../../src/milter/replies.js';
import { fixture, framesOf, prng, randomSplits } from './helpers/fixtures.js';

const hex = (s: string): Buffer => Buffer.from(s.replace(/\s+/g, ''), 'hex');
const commands = (name: string): MilterCommand[] => framesOf(fixture(name)).map(decodeCommand);
const replies = (name: string): MilterReply[] => framesOf(fixture(name)).map(decodeReply);

function decodeAll(decoder: FrameDecoder): Buffer[] {
  const out: Buffer[] = [];
  for (let f = decoder.next(); f; f = decoder.next()) out.push(Buffer.from(f.data));
  return out;
}

describe('frame decoder', () => {
  it('parses the Postfix default session into the documented command sequence', () => {
    const kinds = commands('pf3.7.11-default.mta-to-milter.bin').map((c) => (c.kind === 'macro' ? `D${c.stage}` : c.kind));
    expect(kinds).toEqual([
      'optneg', 'DC', 'connect', 'DH', 'helo', 'DM', 'mail', 'DR', 'rcpt', 'DT', 'data',
      ...Array(6).fill(['DL', 'header']).flat(),
      'DN', 'eoh', 'DB', 'body', 'DE', 'eob', 'abort', 'abort', 'quit',
    ]);
  });

  it('decodes every field of the captured commands', () => {
    const cmds = commands('pf3.7.11-default.mta-to-milter.bin');
    expect(cmds[0]).toEqual({ kind: 'optneg', version: 6, actions: 0x1ff, protocol: 0x1fffff });
    expect(cmds[1]).toEqual({
      kind: 'macro',
      stage: 'C',
      macros: [['j', 'mx.lab.test'], ['{daemon_name}', 'mx.lab.test'], ['{daemon_addr}', '127.0.0.1'], ['v', 'Postfix 3.7.11'], ['_', 'unknown [127.0.0.1]']],
    });
    expect(cmds[2]).toEqual({ kind: 'connect', hostname: '[127.0.0.1]', family: 'inet', port: 49186, address: '127.0.0.1' });
    expect(cmds[3]).toEqual({ kind: 'macro', stage: 'H', macros: [] });
    expect(cmds[4]).toEqual({ kind: 'helo', name: 'client.test' });
    expect(cmds[6]).toEqual({ kind: 'mail', args: ['<alice@sender.test>'] });
    expect(cmds[8]).toEqual({ kind: 'rcpt', args: ['<bob@rcpt.test>'] });
    expect(cmds[9]).toEqual({ kind: 'macro', stage: 'T', macros: [['i', '0292820C4B4']] });
    const subject = cmds.find((c) => c.kind === 'header' && c.name === 'Subject');
    expect(subject).toEqual({ kind: 'header', name: 'Subject', value: Buffer.from('lab test 1') });
    const body = cmds.find((c) => c.kind === 'body');
    expect(body).toEqual({ kind: 'body', chunk: Buffer.from('Hello from swaks.\r\nSecond line.\r\n\r\n\r\n') });
    expect(cmds.find((c) => c.kind === 'eob')).toEqual({ kind: 'eob', chunk: Buffer.alloc(0) });
  });

  it('keeps the leading space and the bare-LF folding Postfix sends with HDR_LEADSPC', () => {
    const cmds = commands('pf3.7.11-nr-symlist-leadspc.mta-to-milter.bin');
    const folded = cmds.find((c) => c.kind === 'header' && c.name === 'X-Folded');
    expect(folded).toEqual({ kind: 'header', name: 'X-Folded', value: Buffer.from(' first\n\tsecond line') });
  });

  it('decodes UNKNOWN (verb only) and a 1200-character header from the bare-LF capture', () => {
    const cmds = commands('pf3.7.11-unknowncmd-barelf.mta-to-milter.bin');
    expect(cmds).toContainEqual({ kind: 'unknown', line: 'XYZZY' });
    const long = cmds.find((c) => c.kind === 'header' && c.name === 'X-Long');
    expect(long?.kind === 'header' && long.value.length).toBeGreaterThan(1200);
  });

  it('re-encodes every captured command to the identical bytes', () => {
    for (const name of ['pf3.7.11-default.mta-to-milter.bin', 'pf3.7.11-nr-symlist-leadspc.mta-to-milter.bin', 'pf3.7.11-unknowncmd-barelf.mta-to-milter.bin']) {
      const bytes = fixture(name);
      const rebuilt = Buffer.concat(framesOf(bytes).map((f) => encodeCommand(decodeCommand(f))));
      expect(rebuilt.equals(bytes)).toBe(true);
    }
  });

  it('yields the same frames however TCP splits the stream', () => {
    const bytes = fixture('pf3.7.11-unknowncmd-barelf.mta-to-milter.bin');
    const whole = framesOf(bytes).map((f) => f.data);
    const random = prng(42);
    for (const maxPiece of [1, 2, 3, 5, 7, 64, 500]) {
      const decoder = new FrameDecoder(1 << 20);
      const got: Buffer[] = [];
      for (const piece of randomSplits(bytes, random, maxPiece)) {
        decoder.push(piece);
        got.push(...decodeAll(decoder));
      }
      expect(got).toEqual(whole);
      expect(decoder.pendingBytes).toBe(0);
    }
  });

  it('returns nothing for a partial frame and keeps its bytes pending', () => {
    const decoder = new FrameDecoder(1024);
    const frame = encodeFrame(0x42, [Buffer.from('hello')]);
    decoder.push(frame.subarray(0, 7));
    expect(decoder.next()).toBeNull();
    expect(decoder.pendingBytes).toBe(7);
    decoder.push(frame.subarray(7));
    expect(decoder.next()?.data.toString()).toBe('hello');
  });

  it('refuses a length above the limit as soon as the length field is readable', () => {
    const decoder = new FrameDecoder(1024);
    decoder.push(hex('00 00 04 01')); // 1025, no payload yet
    expect(() => decoder.next()).toThrow(MilterProtocolError);
    expect(() => decoder.next()).toThrow(/exceeds the limit of 1024/);
  });

  it('accepts a frame exactly at the limit', () => {
    const decoder = new FrameDecoder(1024);
    decoder.push(encodeFrame(0x42, [Buffer.alloc(1023, 0x61)]));
    expect(decoder.next()?.data.length).toBe(1023);
  });

  it('refuses a zero length (no command byte)', () => {
    const decoder = new FrameDecoder(1024);
    decoder.push(hex('00 00 00 00 41'));
    expect(() => decoder.next()).toThrow(/length 0/);
  });
});

describe('command payload validation', () => {
  const bad: Array<[string, Buffer]> = [
    ['OPTNEG shorter than 12 bytes', encodeFrame(0x4f, [hex('00000006 000001ff')])],
    ['MACRO without stage letter', encodeFrame(0x44)],
    ['MACRO name without value', encodeFrame(0x44, [Buffer.from('Mi\0')])],
    ['MACRO list without final NUL', encodeFrame(0x44, [Buffer.from('Mi\0abc')])],
    ['CONNECT hostname without NUL', encodeFrame(0x43, [Buffer.from('host')])],
    ['CONNECT unknown family', encodeFrame(0x43, [Buffer.from('host\0X')])],
    ['CONNECT truncated port', encodeFrame(0x43, [Buffer.from('host\x004\x01')])],
    ['CONNECT address without NUL', encodeFrame(0x43, [Buffer.from('host\x004\x00\x19127.0.0.1')])],
    ['MAIL without arguments', encodeFrame(0x4d)],
    ['RCPT not NUL-terminated', encodeFrame(0x52, [Buffer.from('<a@b>')])],
    ['HEADER with one string', encodeFrame(0x4c, [Buffer.from('Subject\0')])],
    ['HEADER with three strings', encodeFrame(0x4c, [Buffer.from('a\0b\0c\0')])],
    ['HEADER with empty name', encodeFrame(0x4c, [Buffer.from('\0b\0')])],
  ];
  it.each(bad)('%s is malformed', (_name, bytes) => {
    const [frame] = framesOf(bytes);
    expect(() => decodeCommand(frame!)).toThrow(expect.objectContaining({ kind: 'malformed' }));
  });

  it('an unknown command byte is unknown_command', () => {
    const [frame] = framesOf(encodeFrame(0x7a));
    expect(() => decodeCommand(frame!)).toThrow(expect.objectContaining({ kind: 'unknown_command' }));
  });

  it('CONNECT with family U carries no port or address', () => {
    const [frame] = framesOf(encodeFrame(0x43, [Buffer.from('host\0U')]));
    expect(decodeCommand(frame!)).toEqual({ kind: 'connect', hostname: 'host', family: 'unknown', port: 0, address: '' });
  });

  it('ignores payload on commands that have none, as libmilter does', () => {
    const [frame] = framesOf(encodeFrame(0x41, [Buffer.from('x')]));
    expect(decodeCommand(frame!)).toEqual({ kind: 'abort' });
  });
});

describe('replies', () => {
  it('decodes the captured lab-milter replies and re-encodes them byte for byte', () => {
    const bytes = fixture('pf3.7.11-default.milter-to-mta.bin');
    const got = replies('pf3.7.11-default.milter-to-mta.bin');
    expect(got[0]).toEqual({ kind: 'optneg', version: 6, actions: 0x31, protocol: 0, macros: [] });
    expect(got.filter((r) => r.kind === 'continue')).toHaveLength(13);
    expect(got.at(-2)).toEqual({ kind: 'addheader', name: 'X-Lab-Milter', value: 'scanned; queue-id=0292820C4B4' });
    expect(got.at(-1)).toEqual({ kind: 'accept' });
    expect(Buffer.concat(got.map(encodeReply)).equals(bytes)).toBe(true);
  });

  it('decodes an OPTNEG reply carrying macro lists', () => {
    const got = replies('pf3.7.11-nr-symlist-leadspc.milter-to-mta.bin');
    expect(got[0]).toEqual({
      kind: 'optneg',
      version: 6,
      actions: 0x31,
      protocol: 0x180082,
      macros: [
        { stage: 0, names: '{client_addr} {client_name} {client_port} j' },
        { stage: 2, names: '{mail_addr} {auth_authen} i' },
        { stage: 4, names: 'i {client_addr}' },
      ],
    });
  });

  it('encodes the modification and verdict replies as docs/milter-protocol.md §6 lays them out', () => {
    const table: Array<[MilterReply, string]> = [
      [{ kind: 'continue' }, '00000001 63'],
      [{ kind: 'accept' }, '00000001 61'],
      [{ kind: 'discard' }, '00000001 64'],
      [{ kind: 'progress' }, '00000001 70'],
      [{ kind: 'tempfail' }, '00000001 74'],
      [{ kind: 'replycode', text: '550 5.7.1 no' }, '0000000e 79 3535302035 2e372e31206e6f 00'],
      [{ kind: 'quarantine', reason: 'r' }, '00000003 71 72 00'],
      [{ kind: 'insheader', index: 0, name: 'X', value: 'v' }, '00000009 69 00000000 5800 7600'],
      [{ kind: 'chgheader', index: 2, name: 'X', value: '' }, '00000008 6d 00000002 5800 00'],
      [{ kind: 'addheader', name: 'X', value: 'v' }, '00000005 68 5800 7600'],
    ];
    for (const [reply, bytes] of table) expect(encodeReply(reply).toString('hex')).toBe(hex(bytes).toString('hex'));
  });

  it('refuses to encode a NUL inside a string', () => {
    expect(() => encodeReply({ kind: 'quarantine', reason: 'a\0b' })).toThrow(/NUL/);
  });
});

describe('negotiation', () => {
  const postfix = { version: 6, actions: 0x1ff, protocol: 0x1fffff };

  it('answers Postfix exactly as the working lab milter did, given the same wishes', () => {
    const { reply } = negotiate(postfix, { actions: 0x31, protocol: 0, macros: [] });
    expect(encodeReply(reply).equals(fixture('pf3.7.11-default.milter-to-mta.bin').subarray(0, 17))).toBe(true);
    const withMacros = negotiate(postfix, {
      actions: 0x31,
      protocol: 0x180082,
      macros: [
        { stage: 0, names: '{client_addr} {client_name} {client_port} j' },
        { stage: 2, names: '{mail_addr} {auth_authen} i' },
        { stage: 4, names: 'i {client_addr}' },
      ],
    });
    // Same bytes, except that we also declare SMFIF_SETSYMLIST (0x100) when sending macro lists, as
    // libmilter requires of a filter calling smfi_setsymlist; Postfix accepts both.
    const captured = Buffer.from(fixture('pf3.7.11-nr-symlist-leadspc.milter-to-mta.bin').subarray(0, 0x75));
    captured.writeUInt32BE(0x131, 9);
    expect(encodeReply(withMacros.reply).equals(captured)).toBe(true);
  });

  it('by default asks for header edits, quarantine, the macro lists and no reply before end of message', () => {
    const { reply, negotiated } = negotiate(postfix);
    expect(negotiated.actions).toBe(Action.ADDHDRS | Action.CHGHDRS | Action.QUARANTINE | Action.SETSYMLIST);
    for (const flag of [Proto.NR_CONN, Proto.NR_HELO, Proto.NR_MAIL, Proto.NR_RCPT, Proto.NR_HDR, Proto.NR_EOH, Proto.NR_BODY, Proto.HDR_LEADSPC]) {
      expect(negotiated.protocol & flag).toBe(flag);
    }
    expect(negotiated.protocol & (Proto.NOHDRS | Proto.NOBODY | Proto.NOMAIL | Proto.NORCPT)).toBe(0);
    expect(reply).toMatchObject({ macros: [{ stage: MacroStage.DATA, names: 'i' }, { stage: MacroStage.EOM, names: 'i' }] });
  });

  it('never claims a bit the MTA did not offer, and talks down to an older version', () => {
    const { reply, negotiated } = negotiate({ version: 2, actions: Action.ADDHDRS, protocol: 0x7f });
    expect(negotiated).toEqual({ version: 2, actions: Action.ADDHDRS, protocol: 0 });
    expect(reply).toEqual({ kind: 'optneg', version: 2, actions: Action.ADDHDRS, protocol: 0, macros: [] });
  });

  it('answers version 6 to a newer MTA', () => {
    expect(negotiate({ version: 7, actions: 0x1ff, protocol: 0x1fffff }).negotiated.version).toBe(6);
  });

  it('refuses a version-1 MTA', () => {
    expect(() => negotiate({ version: 1, actions: 0x1ff, protocol: 0 })).toThrow(expect.objectContaining({ kind: 'negotiation' }));
  });
});
