/**
 * Connection slots (docs/security.md): idle connections that never negotiate, or trickle bytes without
 * completing a command, must not hold every slot of the milter or the SMTP door, and one client address
 * may not take them all. Real sockets against the real doors; no timed assertions (the timeouts are set
 * short, and the test waits for the close, bounded by the test timeout).
 */
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { MilterClient } from '../../src/milter/client.js';
import { DIALECTS } from '../support/dialects.js';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink.js';
import { createTestGateway } from '../milter/helpers/test-gateway.js';
import { CONNECT_INFO, PLAIN_MESSAGE, startDoor, type RunningDoor } from '../milter/helpers/door.js';
import { mail, sendRaw, startTestDoor, type TestDoor } from '../smtp/helpers/door.js';

function open(port: number): Promise<{ socket: Socket; closed: Promise<string> }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let data = '';
    socket.on('data', (chunk) => (data += chunk.toString('latin1')));
    const closed = new Promise<string>((done) => socket.on('close', () => done(data)));
    socket.on('error', () => undefined);
    socket.once('connect', () => resolve({ socket, closed }));
    socket.once('error', reject);
  });
}

describe('milter door connection slots', () => {
  let door: RunningDoor;
  afterEach(async () => {
    await door?.server.close({ graceMs: 100 });
  });

  it('closes connections that never negotiate, so real MTA connections get slots again', async () => {
    door = await startDoor(createTestGateway(), { milter: { max_sessions: 5, negotiate_timeout_ms: 300 } });
    const idle = await Promise.all(Array.from({ length: 5 }, () => open(door.port)));
    await Promise.all(idle.map((c) => c.closed));
    const client = await door.client();
    await client.open(CONNECT_INFO);
    expect((await client.send(PLAIN_MESSAGE)).final).toEqual({ kind: 'accept' });
    await client.quit();
  });

  it('measures idleness from the last complete command: a frame trickled byte by byte does not keep the slot', async () => {
    door = await startDoor(createTestGateway(), { milter: { idle_timeout_ms: 1000, negotiate_timeout_ms: 5000 } });
    const client = await MilterClient.connect({ host: '127.0.0.1', port: door.port });
    await client.open(CONNECT_INFO);
    // Now a raw peer: a frame header announcing 100 bytes, then one byte every 100 ms, never finishing.
    const peer = await open(door.port);
    peer.socket.write(Buffer.from([0, 0, 0, 13, 0x4f, 0, 0, 0, 6, 0, 0, 1, 0xff, 0, 0x1f, 0xff, 0xff]));
    await new Promise((r) => setTimeout(r, 100));
    peer.socket.write(Buffer.from([0, 0, 0, 100, 0x43]));
    const trickle = setInterval(() => peer.socket.writable && peer.socket.write(Buffer.from('x')), 100);
    try {
      await peer.closed;
    } finally {
      clearInterval(trickle);
    }
    await client.quit();
  });

  it('limits sessions per client address', async () => {
    door = await startDoor(createTestGateway(), { milter: { max_sessions_per_client: 2 } });
    const a = await door.client();
    const b = await door.client();
    const third = await open(door.port);
    await third.closed;
    await a.open(CONNECT_INFO);
    expect((await a.send(PLAIN_MESSAGE)).final).toEqual({ kind: 'accept' });
    await a.quit();
    await b.quit();
  });
});

describe.each(DIALECTS)('SMTP door connection slots (%s)', (dialect) => {
  let sink: SmtpSink;
  let t: TestDoor;
  afterEach(async () => {
    await t?.close();
    await sink?.close();
  });

  it('closes silent clients with 421 after the handshake timeout, freeing slots for Postfix', async () => {
    sink = await startSmtpSink();
    t = await startTestDoor({ dialect, relayPort: sink.port, smtp: { max_sessions: 3, handshake_timeout_ms: 300 } });
    const idle = await Promise.all(Array.from({ length: 3 }, () => open(t.port)));
    for (const transcript of await Promise.all(idle.map((c) => c.closed))) expect(transcript).toMatch(/421 4\.4\.2 No command received in time/);
    expect((await sendRaw(t.port, { from: 'alice@sender.test', to: ['bob@acme.test'] }, mail().raw)).code).toBe(250);
  });

  it('a client trickling bytes without a line end is closed from its last complete command', async () => {
    sink = await startSmtpSink();
    t = await startTestDoor({ dialect, relayPort: sink.port, smtp: { handshake_timeout_ms: 5000, idle_timeout_ms: 1000 } });
    const peer = await open(t.port);
    await new Promise((resolve) => peer.socket.once('data', resolve));
    peer.socket.write('EHLO slow.example\r\n');
    const trickle = setInterval(() => peer.socket.writable && peer.socket.write('M'), 100);
    try {
      expect(await peer.closed).toMatch(/421 4\.4\.2 Idle too long/);
    } finally {
      clearInterval(trickle);
    }
  });

  it('limits sessions per client address with 421', async () => {
    sink = await startSmtpSink();
    t = await startTestDoor({ dialect, relayPort: sink.port, smtp: { max_sessions_per_client: 2 } });
    const a = await open(t.port);
    const b = await open(t.port);
    const third = await open(t.port);
    expect(await third.closed).toMatch(/421 4\.7\.0 Too many connections from your address/);
    a.socket.destroy();
    b.socket.destroy();
    await Promise.all([a.closed, b.closed]);
    expect((await sendRaw(t.port, { from: 'alice@sender.test', to: ['bob@acme.test'] }, mail().raw)).code).toBe(250);
  });
});
