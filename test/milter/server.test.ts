import { connect, type Socket } from 'node:net';
import { once } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import { encodeCommand } from '../../src/milter/command-encoder.js';
import { POSTFIX_OFFER } from '../../src/milter/client.js';
import { encodeFrame } from '../../src/milter/frame-encoder.js';
import { CONNECT_INFO, PLAIN_MESSAGE, startDoor, until, withSubject, type RunningDoor } from './helpers/door.js';
import { createTestGateway } from './helpers/test-gateway.js';

let door: RunningDoor | null = null;
afterEach(async () => {
  await door?.server.close({ graceMs: 1000 });
  door = null;
});

async function rawSocket(port: number): Promise<{ socket: Socket; received: () => Buffer; closed: Promise<unknown> }> {
  const socket = connect(port, '127.0.0.1');
  const chunks: Buffer[] = [];
  socket.on('data', (c: Buffer) => chunks.push(c));
  socket.on('error', () => {});
  const closed = once(socket, 'close');
  await once(socket, 'connect');
  return { socket, received: () => Buffer.concat(chunks), closed };
}

const optneg = encodeCommand({ kind: 'optneg', ...POSTFIX_OFFER });

describe('protocol errors close the connection', () => {
  it.each([
    ['a command before OPTNEG', encodeCommand({ kind: 'helo', name: 'x' })],
    ['a second OPTNEG', Buffer.concat([optneg, optneg])],
    ['BODY before MAIL', Buffer.concat([optneg, encodeCommand({ kind: 'body', chunk: Buffer.from('x') })])],
    ['a HEADER after BODY', Buffer.concat([optneg, encodeCommand({ kind: 'mail', args: ['<a@b>'] }), encodeCommand({ kind: 'body', chunk: Buffer.from('x') }), encodeCommand({ kind: 'header', name: 'A', value: Buffer.from('b') })])],
    ['an unknown command byte', Buffer.concat([optneg, encodeFrame(0x7a)])],
    ['a malformed CONNECT', Buffer.concat([optneg, encodeFrame(0x43, [Buffer.from('no-nul')])])],
    ['a frame longer than max_frame_bytes', Buffer.concat([optneg, Buffer.from([0, 0, 0x10, 0x01, 0x42])])],
  ])('%s', async (_name, bytes) => {
    door = await startDoor(createTestGateway(), { milter: { max_frame_bytes: 4096 } });
    const { socket, closed } = await rawSocket(door.port);
    socket.write(bytes); // no end(): the door itself must close
    await closed;
    await until(() => door!.server.stats().activeSessions === 0);
  });

  it('a peer that stops inside a frame is closed by the idle timeout', async () => {
    door = await startDoor(createTestGateway(), { milter: { idle_timeout_ms: 1000 } });
    const { socket, closed } = await rawSocket(door.port);
    socket.write(optneg.subarray(0, 6));
    await closed;
  });

  it('a QUIT before negotiation just closes', async () => {
    door = await startDoor(createTestGateway());
    const { socket, received, closed } = await rawSocket(door.port);
    socket.write(encodeCommand({ kind: 'quit' }));
    await closed;
    expect(received().length).toBe(0);
  });
});

describe('server lifecycle', () => {
  it('refuses connections beyond max_sessions and serves the others', async () => {
    door = await startDoor(createTestGateway(), { milter: { max_sessions: 1 } });
    const first = await door.client();
    const second = await rawSocket(door.port);
    await second.closed;
    await first.open(CONNECT_INFO);
    expect((await first.send(PLAIN_MESSAGE)).final).toEqual({ kind: 'accept' });
    await first.quit();
  });

  it('graceful close: idle sessions end at once, a message in progress is finished, new connections refused', async () => {
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    let entered: () => void = () => {};
    const inDecide = new Promise<void>((resolve) => (entered = resolve));
    door = await startDoor(createTestGateway({ slow: () => (entered(), released) }));
    const idle = await door.client();
    await idle.open(CONNECT_INFO);
    const busy = await door.client();
    await busy.open(CONNECT_INFO);
    const pending = busy.send(withSubject('[slow] in flight'));
    await inDecide;

    const closing = door.server.close({ graceMs: 30_000 });
    await idle.closed;
    await expect(door.client()).rejects.toThrow();
    release();
    expect((await pending).final).toEqual({ kind: 'accept' });
    await busy.closed;
    await closing;
    door = null;
  });

  it('cuts a session still inside a message when the grace period is over', async () => {
    door = await startDoor(createTestGateway());
    const stuck = await door.client();
    await stuck.open(CONNECT_INFO);
    stuck.writeRaw(encodeCommand({ kind: 'mail', args: ['<a@b.test>'] }));
    await door.server.close({ graceMs: 200 });
    await stuck.closed;
    expect(door.server.stats().activeSessions).toBe(0);
    door = null;
  });

  it('counts sessions and message outcomes', async () => {
    door = await startDoor(createTestGateway());
    const client = await door.client();
    await client.open(CONNECT_INFO);
    await client.send(withSubject('[reject]'));
    await client.send(withSubject('[hold]'));
    await client.send(withSubject('plain'));
    await client.quit();
    expect(door.server.stats()).toMatchObject({ totalSessions: 1, outcomes: { reject: 1, hold: 1, accept: 1 } });
  });
});
