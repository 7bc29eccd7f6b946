import { connect, type Socket } from 'node:net';
import { once } from 'node:events';
import { encodeCommand } from '../../src/milter/command-encoder.js';
import type { MilterCommand } from '../../src/milter/commands.js';
import { FrameDecoder } from '../../src/milter/frame-decoder.js';
import { decodeReply, type MilterReply } from '../../src/milter/replies.js';

/**
 * A step-by-step milter peer for tests that must stop between two commands (e.g. send SIGTERM in the
 * middle of a message). Negotiates without no-reply flags, so every command gets an answer.
 */
export class SteppedMilterPeer {
  private readonly decoder = new FrameDecoder(1 << 20);
  private readonly replies: MilterReply[] = [];
  private wake: (() => void) | null = null;
  readonly closed: Promise<unknown>;

  private constructor(private readonly socket: Socket) {
    socket.on('data', (chunk: Buffer) => {
      this.decoder.push(chunk);
      for (let frame = this.decoder.next(); frame; frame = this.decoder.next()) this.replies.push(decodeReply(frame));
      this.wake?.();
    });
    this.closed = once(socket, 'close');
    socket.on('error', () => {});
  }

  static async connect(host: string, port: number): Promise<SteppedMilterPeer> {
    const socket = connect(port, host);
    await once(socket, 'connect');
    const peer = new SteppedMilterPeer(socket);
    await peer.command({ kind: 'optneg', version: 6, actions: 0x1ff, protocol: 0 });
    return peer;
  }

  /** Sends one command and waits for the next reply (modifications and progress are collected). */
  async command(command: MilterCommand): Promise<MilterReply> {
    this.socket.write(encodeCommand(command));
    return this.next();
  }

  /** Sends end-of-body and collects replies up to the final one (`progress`: how many progress packets came first). */
  async endOfMessage(): Promise<{ modifications: MilterReply[]; final: MilterReply; progress: number }> {
    this.socket.write(encodeCommand({ kind: 'eob', chunk: Buffer.alloc(0) }));
    const modifications: MilterReply[] = [];
    let progress = 0;
    for (;;) {
      const reply = await this.next();
      if (['accept', 'continue', 'reject', 'tempfail', 'discard', 'replycode'].includes(reply.kind)) return { modifications, final: reply, progress };
      if (reply.kind === 'progress') progress++;
      else modifications.push(reply);
    }
  }

  private async next(): Promise<MilterReply> {
    while (this.replies.length === 0) await new Promise<void>((resolve) => (this.wake = resolve));
    return this.replies.shift()!;
  }

  end(): void {
    this.socket.end();
  }
}
