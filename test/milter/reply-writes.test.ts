import { Socket } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CONNECT_INFO, startDoor, withSubject, type RunningDoor } from './helpers/door.js';
import { createTestGateway } from './helpers/test-gateway.js';

let door: RunningDoor | null = null;
afterEach(async () => {
  vi.restoreAllMocks();
  await door?.server.close({ graceMs: 1000 });
  door = null;
});

/**
 * The replies to one command go out in one write (src/milter/connection.ts): at end of message every
 * header edit and the final reply, which the MTA reads together; one write each cost a system call and
 * a wake-up of the MTA apiece. Counted on the door's side of a real loopback connection.
 */
describe('milter replies at end of message', () => {
  it('are written to the socket at once, header edits and final reply together, and arrive intact', async () => {
    door = await startDoor(createTestGateway());
    const client = await door.client();
    await client.open(CONNECT_INFO);
    const port = door.port;
    const writes: number[] = [];
    const write = Socket.prototype.write;
    vi.spyOn(Socket.prototype, 'write').mockImplementation(function (this: Socket, ...args: Parameters<Socket['write']>) {
      if (this.localPort === port) writes.push(Buffer.byteLength(args[0] as Buffer));
      return write.apply(this, args);
    });
    const result = await client.send(withSubject('[hold] invoice'));
    expect(result.final).toEqual({ kind: 'accept' });
    expect(result.modifications.length).toBeGreaterThan(1);
    expect(result.progress).toBe(0);
    expect(writes).toHaveLength(1);
    await client.quit();
  });
});
