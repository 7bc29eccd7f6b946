import { connect } from 'node:net';
import { once } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import { decodeCommand } from '../../src/milter/commands.js';
import { isMilterProtocolError } from '../../src/milter/errors.js';
import { FrameDecoder } from '../../src/milter/frame-decoder.js';
import { encodeFrame } from '../../src/milter/frame-encoder.js';
import { MilterSession } from '../../src/milter/session.js';
import { CONNECT_INFO, startDoor, until, withSubject, type RunningDoor } from './helpers/door.js';
import { fixture, prng } from './helpers/fixtures.js';
import { createTestGateway } from './helpers/test-gateway.js';

const COMMAND_BYTES = Buffer.from('ABCDEHKLMNOQRTU');
const captures = ['pf3.7.11-default.mta-to-milter.bin', 'pf3.7.11-nr-symlist-leadspc.mta-to-milter.bin', 'pf3.7.11-unknowncmd-barelf.mta-to-milter.bin'].map(fixture);

/** One hostile input: random bytes, random frames with plausible command bytes, or a capture cut or corrupted. */
function hostileInput(random: () => number): Buffer {
  const int = (n: number) => Math.floor(random() * n);
  const bytes = (n: number) => Buffer.from(Array.from({ length: n }, () => int(256)));
  const capture = captures[int(captures.length)]!;
  switch (int(5)) {
    case 0:
      return bytes(1 + int(300));
    case 1:
      return Buffer.concat(Array.from({ length: 1 + int(20) }, () => encodeFrame(COMMAND_BYTES[int(COMMAND_BYTES.length)]!, [bytes(int(40))])));
    case 2:
      return capture.subarray(0, int(capture.length));
    case 3: {
      const copy = Buffer.from(capture);
      for (let i = 0, n = 1 + int(8); i < n; i++) copy[int(copy.length)] = int(256);
      return copy;
    }
    default: {
      // A valid start, then a huge or zero length field.
      const head = capture.subarray(0, 17);
      return Buffer.concat([head, Buffer.from([int(2) ? 0xff : 0, 0xff, 0xff, 0xff]), bytes(int(20))]);
    }
  }
}

describe('codec and session fuzzing (in process)', () => {
  it('only ever fails with a typed protocol error, and always terminates', async () => {
    const random = prng(20261121);
    const unexpected: unknown[] = [];
    let protocolErrors = 0;
    for (let round = 0; round < 1500; round++) {
      const input = hostileInput(random);
      const decoder = new FrameDecoder(65536);
      const session = new MilterSession({
        sessionId: `fuzz${round}`,
        collector: { spillThresholdBytes: 1 << 20, spoolDir: null, maxMessageBytes: 1 << 20 },
        endOfMessage: async () => [{ kind: 'accept' }],
      });
      try {
        // Feed in random pieces, as TCP would.
        for (let i = 0; i < input.length; ) {
          const n = 1 + Math.floor(random() * 64);
          decoder.push(input.subarray(i, i + n));
          i += n;
          for (let frame = decoder.next(); frame; frame = decoder.next()) {
            const step = await session.handle(decodeCommand(frame));
            if (step.close) break;
          }
        }
      } catch (error) {
        if (isMilterProtocolError(error)) protocolErrors += 1;
        else unexpected.push(error);
      } finally {
        await session.dispose();
      }
    }
    expect(unexpected).toEqual([]);
    // The generator is hostile enough that most inputs are refused, not silently accepted.
    expect(protocolErrors).toBeGreaterThan(500);
  });
});

describe('codec fuzzing over real sockets', () => {
  let door: RunningDoor | null = null;
  afterEach(async () => {
    await door?.server.close({ graceMs: 1000 });
    door = null;
  });

  it('closes every hostile connection while a good one in flight is unaffected', async () => {
    const gateway = createTestGateway();
    door = await startDoor(gateway, { milter: { idle_timeout_ms: 1000, max_frame_bytes: 65536 } });
    const good = await door.client();
    await good.open(CONNECT_INFO);

    const random = prng(7);
    const hostile = Array.from({ length: 40 }, async (_, i) => {
      const socket = connect(door!.port, '127.0.0.1');
      socket.on('error', () => {});
      socket.on('data', () => {});
      const closed = once(socket, 'close');
      await once(socket, 'connect');
      const input = hostileInput(random);
      // Half of them hang up, half stay silent: the door must close those itself (error or idle timeout).
      if (i % 2 === 0) socket.end(input);
      else socket.write(input);
      await closed;
    });

    const result = await good.send(withSubject('[tag] survives the noise'));
    await Promise.all(hostile);
    expect(result.final).toEqual({ kind: 'accept' });
    expect(result.modifications).toContainEqual({ kind: 'chgheader', index: 1, name: 'Subject', value: ' [SUSPICIOUS] [tag] survives the noise' });
    // Corrupted captures that are still well-formed reach the gateway too; ours arrived intact.
    const ours = gateway.decided.filter((d) => d.envelope.clientHelo === CONNECT_INFO.helo);
    expect(ours).toHaveLength(1);
    expect(ours[0]!.raw).toBe('From: alice@sender.test\r\nTo: bob@rcpt.test\r\nSubject: [tag] survives the noise\r\n\r\nHello Bob.\r\n');
    // Every hostile connection is closed by the door, none leaks. The good client quits first: it is idle
    // from here on, and this test's 1 s idle timeout would close it too on a slow machine.
    await good.quit();
    await until(() => door!.server.stats().activeSessions === 0);
  });
});
