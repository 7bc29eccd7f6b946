import { mkdtempSync, readdirSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import { Action, Proto } from '../../src/milter/constants.js';
import { POSTFIX_OFFER } from '../../src/milter/client.js';
import { encodeCommand } from '../../src/milter/command-encoder.js';
import { decodeReply, type MilterReply } from '../../src/milter/replies.js';
import { FrameDecoder } from '../../src/milter/frame-decoder.js';
import { CONNECT_INFO, PLAIN_MESSAGE, startDoor, withSubject, type RunningDoor } from './helpers/door.js';
import { fixture, framesOf } from './helpers/fixtures.js';
import { createTestGateway } from './helpers/test-gateway.js';

let door: RunningDoor | null = null;
afterEach(async () => {
  await door?.server.close({ graceMs: 1000 });
  door = null;
});

/** Sends raw bytes, half-closes, and collects every reply until the door closes. */
async function exchange(port: number, bytes: Buffer): Promise<MilterReply[]> {
  const socket = connect(port, '127.0.0.1');
  await once(socket, 'connect');
  const decoder = new FrameDecoder(1 << 20);
  const replies: MilterReply[] = [];
  socket.on('data', (chunk: Buffer) => {
    decoder.push(chunk);
    for (let f = decoder.next(); f; f = decoder.next()) replies.push(decodeReply(f));
  });
  socket.end(bytes);
  await once(socket, 'close');
  return replies;
}

describe('milter session over a loopback socket', () => {
  it('replays the captured Postfix session and answers it as the lab milter did up to end of message', async () => {
    const gateway = createTestGateway();
    // The lab milter's wishes (reply to everything, no macro lists), to compare byte for byte.
    door = await startDoor(gateway, {}, { actions: 0x31, protocol: 0, macros: [] });
    const got = await exchange(door.port, fixture('pf3.7.11-default.mta-to-milter.bin'));
    const captured = framesOf(fixture('pf3.7.11-default.milter-to-mta.bin')).map(decodeReply);
    const untilEom = (r: MilterReply[]) => r.slice(0, r.findIndex((x) => x.kind !== 'optneg' && x.kind !== 'continue'));
    expect(untilEom(got)).toEqual(untilEom(captured));
    expect(got.at(-1)).toEqual({ kind: 'accept' });

    expect(gateway.decided).toHaveLength(1);
    const seen = gateway.decided[0]!;
    expect(seen.envelope).toEqual({ mailFrom: 'alice@sender.test', rcptTo: ['bob@rcpt.test'], clientAddress: '127.0.0.1', clientHelo: 'client.test', queueId: '0292820C4B4' });
    expect(seen.raw).toBe(
      'Date: Sat, 21 Nov 2026 00:01:35 +0000\r\nTo: bob@rcpt.test\r\nFrom: alice@sender.test\r\nSubject: lab test 1\r\n' +
        'Message-Id: <20261121000135.017542@vm>\r\nX-Mailer: swaks v20201014.0 jetmore.org/john/code/swaks/\r\n\r\n' +
        'Hello from swaks.\r\nSecond line.\r\n\r\n\r\n',
    );
  });

  it('replays the bare-LF/unknown-command capture: UNKNOWN answered, long header kept whole', async () => {
    const gateway = createTestGateway();
    // That capture was taken with HDR_LEADSPC: header values arrive with their leading space.
    door = await startDoor(gateway, {}, { actions: 0x31, protocol: Proto.HDR_LEADSPC, macros: [] });
    const got = await exchange(door.port, fixture('pf3.7.11-unknowncmd-barelf.mta-to-milter.bin'));
    // OPTNEG, then CONTINUE for C, U, M, R, T, 5 headers, N, B; modifications; ACCEPT.
    expect(got.filter((r) => r.kind === 'continue')).toHaveLength(12);
    expect(gateway.decided[0]!.raw).toMatch(/^Subject: bare lf test\r\nFrom: raw@sender.test\r\nX-Long: y{1200,}\r\n/);
    expect(gateway.decided[0]!.raw.endsWith('\r\n\r\nline1\r\nline2 with trailing CR\r\n')).toBe(true);
  });

  it('negotiates no-reply steps with Postfix and answers only end of message', async () => {
    const gateway = createTestGateway();
    door = await startDoor(gateway);
    const client = await door.client();
    expect(client.negotiated.actions).toBe(Action.ADDHDRS | Action.CHGHDRS | Action.QUARANTINE | Action.SETSYMLIST);
    expect(client.negotiated.protocol & Proto.NR_HDR).toBe(Proto.NR_HDR);
    expect(await client.open(CONNECT_INFO)).toBeNull();
    // Were a CONTINUE sent for any NR step, it would be read here as the end-of-message verdict.
    const result = await client.send(withSubject('hello', [['X-Folded', 'first\n\tsecond']]));
    expect(result.final).toEqual({ kind: 'accept' });
    expect(result.modifications.map((m) => m.kind)).toEqual(['insheader', 'insheader', 'insheader']);
    expect(result.modifications[2]).toEqual({ kind: 'insheader', index: 0, name: 'X-Phishgate-Verdict', value: ' safe' });
    expect(gateway.decided[0]!.raw).toContain('Subject: hello\r\nX-Folded: first\r\n\tsecond\r\n\r\nHello Bob.\r\n');
    expect(gateway.decided[0]!.envelope).toMatchObject({ clientAddress: '192.0.2.7', clientHelo: 'client.example', queueId: 'QID0001' });
    await client.quit();
  });

  it('answers every step of an MTA that offers no protocol options (libmilter v2 style)', async () => {
    const gateway = createTestGateway();
    door = await startDoor(gateway);
    const client = await door.client({ offer: { version: 2, actions: 0x3f, protocol: 0 } });
    expect(client.optnegReply).toEqual({ kind: 'optneg', version: 2, actions: 0x31, protocol: 0, macros: [] });
    expect(await client.open(CONNECT_INFO)).toBeNull();
    const result = await client.send(withSubject('[tag] invoice'));
    expect(result.final).toEqual({ kind: 'accept' });
    // Without HDR_LEADSPC the MTA adds the space itself, so values go without one.
    expect(result.modifications).toContainEqual({ kind: 'chgheader', index: 1, name: 'Subject', value: '[SUSPICIOUS] [tag] invoice' });
    expect(gateway.decided[0]!.raw).toContain('Subject: [tag] invoice\r\n');
    await client.quit();
  });

  it('strips forged X-Phishgate headers by per-name index, deletes first and inserts last', async () => {
    door = await startDoor(createTestGateway());
    const client = await door.client();
    await client.open(CONNECT_INFO);
    const result = await client.send(
      withSubject('[tag] x', [
        ['X-Phishgate-Verdict', 'safe'],
        ['Received', 'from somewhere'],
        ['x-phishgate-verdict', 'safe again'],
        ['X-Phishgate-Score', '0'],
      ]),
    );
    expect(result.modifications).toEqual([
      { kind: 'chgheader', index: 2, name: 'x-phishgate-verdict', value: '' },
      { kind: 'chgheader', index: 1, name: 'X-Phishgate-Verdict', value: '' },
      { kind: 'chgheader', index: 1, name: 'X-Phishgate-Score', value: '' },
      { kind: 'chgheader', index: 1, name: 'Subject', value: ' [SUSPICIOUS] [tag] x' },
      { kind: 'insheader', index: 0, name: 'X-Phishgate-Analysis-Id', value: ' an_test_1' },
      { kind: 'insheader', index: 0, name: 'X-Phishgate-Score', value: ' 0.61' },
      { kind: 'insheader', index: 0, name: 'X-Phishgate-Verdict', value: ' suspicious' },
    ]);
    await client.quit();
  });

  it('rejects with 550 5.7.1 and the gateway text', async () => {
    door = await startDoor(createTestGateway());
    const client = await door.client();
    await client.open(CONNECT_INFO);
    const result = await client.send(withSubject('[reject] pay now'));
    expect(result).toMatchObject({ modifications: [], final: { kind: 'replycode', text: '550 5.7.1 Message rejected as phishing (test)' } });
    await client.quit();
  });

  it.each([
    ['hold', false, ['insheader', 'insheader', 'insheader', 'insheader', 'quarantine'], 'accept'],
    ['store', true, [], 'discard'],
    ['both', true, ['insheader', 'insheader', 'insheader', 'insheader', 'quarantine'], 'accept'],
  ] as const)('quarantine_mode %s', async (mode, stored, modifications, final) => {
    const gateway = createTestGateway();
    door = await startDoor(gateway, { milter: { quarantine_mode: mode } });
    const client = await door.client();
    await client.open(CONNECT_INFO);
    const result = await client.send(withSubject('[hold] verify your account'));
    expect(result.modifications.map((m) => m.kind)).toEqual(modifications);
    expect(result.final.kind).toBe(final);
    expect(gateway.quarantined).toHaveLength(stored ? 1 : 0);
    if (stored) expect(gateway.quarantined[0]!.raw).toContain('Subject: [hold] verify your account\r\n');
    if (mode !== 'store') expect(result.modifications).toContainEqual({ kind: 'quarantine', reason: 'phishing, score 0.97 (test)' });
    await client.quit();
  });

  it('tempfails on a gateway error and keeps the connection for the next message', async () => {
    const gateway = createTestGateway();
    door = await startDoor(gateway);
    const client = await door.client();
    await client.open(CONNECT_INFO);
    const failed = await client.send(withSubject('[boom]', [['X-Phishgate-Verdict', 'safe']]));
    expect(failed).toMatchObject({ modifications: [], final: { kind: 'replycode', text: '451 4.3.0 Temporary failure in message analysis, try again later' } });
    const next = await client.send(withSubject('fine'));
    expect(next.final).toEqual({ kind: 'accept' });
    expect(door.server.stats().outcomes).toEqual({ error_tempfail: 1, accept: 1 });
    await client.quit();
  });

  it('fails open when on_error is accept, still deleting forged headers', async () => {
    door = await startDoor(createTestGateway(), { milter: { on_error: 'accept' } });
    const client = await door.client();
    await client.open(CONNECT_INFO);
    const result = await client.send(withSubject('[boom]', [['X-Phishgate-Verdict', 'safe']]));
    expect(result.modifications).toEqual([{ kind: 'chgheader', index: 1, name: 'X-Phishgate-Verdict', value: '' }]);
    expect(result.final).toEqual({ kind: 'accept' });
    await client.quit();
  });

  it('tempfails when the quarantine store fails (mode store)', async () => {
    door = await startDoor(createTestGateway({ quarantineFails: true }), { milter: { quarantine_mode: 'store' } });
    const client = await door.client();
    await client.open(CONNECT_INFO);
    const result = await client.send(withSubject('[hold] x'));
    expect(result.final).toMatchObject({ kind: 'replycode', text: expect.stringMatching(/^451 4\.3\.0 /) });
    await client.quit();
  });

  it('answers per on_error when a decision outlasts decision_timeout_ms', async () => {
    const never = new Promise<void>(() => {});
    door = await startDoor(createTestGateway({ slow: () => never }), { milter: { decision_timeout_ms: 1000, progress_interval_ms: 100 } });
    const client = await door.client();
    await client.open(CONNECT_INFO);
    const result = await client.send(withSubject('[slow] stuck analysis'));
    expect(result.final).toMatchObject({ kind: 'replycode', text: expect.stringMatching(/^451 4\.3\.0 /) });
    expect(result.progress).toBeGreaterThan(0);
    await client.quit();
  });

  it('sends PROGRESS while a slow analysis runs', async () => {
    let seenProgress = 0;
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    door = await startDoor(createTestGateway({ slow: () => released }), { milter: { progress_interval_ms: 100 } });
    const client = await door.client({
      onProgress: () => {
        // The gateway only answers once the MTA side has seen keep-alives: no timing assumption.
        if (++seenProgress === 3) release();
      },
    });
    await client.open(CONNECT_INFO);
    const result = await client.send(withSubject('[slow] big attachment'));
    expect(result.progress).toBeGreaterThanOrEqual(3);
    expect(result.final).toEqual({ kind: 'accept' });
    await client.quit();
  });

  it('handles several messages on one connection and forgets an aborted one', async () => {
    const gateway = createTestGateway();
    door = await startDoor(gateway);
    const client = await door.client({ offer: { ...POSTFIX_OFFER, protocol: 0 } });
    await client.open(CONNECT_INFO);
    // Start a message and abandon it mid-header (RSET): the door must not mix it into the next one.
    client.writeRaw(
      Buffer.concat([
        encodeCommand({ kind: 'mail', args: ['<mallory@evil.test>'] }),
        encodeCommand({ kind: 'rcpt', args: ['<victim@rcpt.test>'] }),
        encodeCommand({ kind: 'header', name: 'Subject', value: Buffer.from('abandoned') }),
        encodeCommand({ kind: 'abort' }),
      ]),
    );
    for (let i = 0; i < 3; i++) expect(await client.read()).toEqual({ kind: 'continue' });
    const first = await client.send({ ...PLAIN_MESSAGE, rcptTo: ['a@one.test', 'b@two.test'] });
    const second = await client.send(withSubject('second'));
    expect([first.final, second.final]).toEqual([{ kind: 'accept' }, { kind: 'accept' }]);
    expect(gateway.decided.map((d) => d.envelope.rcptTo)).toEqual([['a@one.test', 'b@two.test'], ['bob@rcpt.test']]);
    expect(gateway.decided[0]!.raw).not.toContain('abandoned');
    expect(gateway.decided[1]!.raw).toContain('Subject: second');
    await client.quit();
  });

  it('after QUIT_NC forgets the client and serves a new connection on the same socket', async () => {
    const gateway = createTestGateway();
    door = await startDoor(gateway);
    const client = await door.client();
    await client.open(CONNECT_INFO);
    await client.send(PLAIN_MESSAGE);
    client.writeRaw(encodeCommand({ kind: 'quit_nc' }));
    await client.open({ hostname: 'other.example', address: '198.51.100.9', port: 1, helo: 'other.example' });
    await client.send(PLAIN_MESSAGE);
    expect(gateway.decided.map((d) => [d.envelope.clientAddress, d.envelope.clientHelo])).toEqual([
      ['192.0.2.7', 'client.example'],
      ['198.51.100.9', 'other.example'],
    ]);
    await client.quit();
  });

  it('maps the null sender <> to an empty mailFrom', async () => {
    const gateway = createTestGateway();
    door = await startDoor(gateway);
    const client = await door.client();
    await client.open(CONNECT_INFO);
    await client.send({ ...PLAIN_MESSAGE, mailFrom: '<>' });
    expect(gateway.decided[0]!.envelope.mailFrom).toBe('');
    await client.quit();
  });

  it('spools a large message to disk, hands it whole to the gateway, and removes the file', async () => {
    const gateway = createTestGateway();
    const spoolDir = mkdtempSync(join(tmpdir(), 'pg-milter-spool-'));
    door = await startDoor(gateway, { gateway: { spill_threshold_bytes: 1000, spool_dir: spoolDir } });
    const client = await door.client();
    await client.open(CONNECT_INFO);
    const body = 'x'.repeat(998) + '\r\n';
    const result = await client.send({ ...PLAIN_MESSAGE, body: body.repeat(150) }); // 150 KB: three BODY chunks
    expect(result.final).toEqual({ kind: 'accept' });
    const seen = gateway.decided[0]!;
    expect(seen.onDisk).toBe(true);
    expect(seen.raw.endsWith('\r\n\r\n' + body.repeat(150))).toBe(true);
    await client.quit();
    expect(readdirSync(spoolDir)).toEqual([]);
  });

  it.each([
    ['pass', [{ kind: 'insheader', index: 0, name: 'X-Phishgate-Skipped', value: ' size' }], { kind: 'accept' }],
    ['reject', [], { kind: 'replycode', text: '552 5.3.4 Message too big for phishgate to scan' }],
  ] as const)('oversize message (oversize_action %s) is not given to the gateway', async (action, modifications, final) => {
    const gateway = createTestGateway();
    door = await startDoor(gateway, { gateway: { max_message_bytes: 2048, oversize_action: action } });
    const client = await door.client();
    await client.open(CONNECT_INFO);
    const result = await client.send({ ...PLAIN_MESSAGE, body: 'y'.repeat(5000) });
    expect(result.modifications).toEqual(modifications);
    expect(result.final).toEqual(final);
    expect(gateway.decided).toHaveLength(0);
    await client.quit();
  });
});
