import type { Socket } from 'node:net';
import type { Logger } from 'pino';
import { decodeCommand } from './commands.js';
import { isMilterProtocolError } from './errors.js';
import { FrameDecoder } from './frame-decoder.js';
import { encodeReply, type MilterReply } from './replies.js';
import type { MilterSession } from './session.js';

export interface ConnectionOptions {
  maxFrameBytes: number;
  /**
   * Close a connection whose last complete command is this old (a stuck peer, or one trickling a frame
   * a byte at a time to hold its slot: bytes alone do not count, docs/security.md "Connection slots").
   */
  idleTimeoutMs: number;
  /** Close a connection that has not negotiated (OPTNEG) within this time; Postfix sends it at once. */
  negotiateTimeoutMs?: number;
  /** SMFIR_PROGRESS period while end of message is being decided (docs/milter-protocol.md §6, §7 milter_content_timeout). */
  progressIntervalMs: number;
}

const PROGRESS = encodeReply({ kind: 'progress' });

/**
 * Glue between one socket and one session: frames in, replies out, strictly in order. The socket is
 * paused while a command is being handled, so a peer that pipelines cannot make us buffer without bound.
 */
export class MilterConnection {
  private readonly decoder: FrameDecoder;
  private working = false;
  private closing = false;
  private finished = false;
  /** Settles when the command being handled (if any) is done; disposal waits for it. */
  private current: Promise<void> = Promise.resolve();
  readonly closed: Promise<void>;

  constructor(
    private readonly socket: Socket,
    private readonly session: MilterSession,
    private readonly log: Logger,
    private readonly options: ConnectionOptions,
  ) {
    this.decoder = new FrameDecoder(options.maxFrameBytes);
    socket.setNoDelay(true);
    this.armIdle(options.negotiateTimeoutMs ?? options.idleTimeoutMs);
    socket.on('data', (chunk: Buffer) => this.onData(chunk));
    socket.on('error', (error) => this.log.debug({ err: error }, 'milter socket error'));
    this.closed = new Promise((resolve) => {
      socket.once('close', () => {
        this.finished = true;
        this.disarmIdle();
        void this.current
          .then(() => this.session.dispose())
          .catch((error: unknown) => this.log.warn({ err: error }, 'milter session cleanup failed'))
          .finally(() => {
            if (this.decoder.pendingBytes > 0) this.log.debug({ pendingBytes: this.decoder.pendingBytes }, 'connection closed inside a frame');
            resolve();
          });
      });
    });
  }

  /** Graceful stop: close now between messages, or right after the message in progress is answered. */
  shutdown(): void {
    this.closing = true;
    if (!this.working && !this.session.inTransaction) this.socket.end();
  }

  destroy(): void {
    this.socket.destroy();
  }

  private idleTimer: NodeJS.Timeout | null = null;

  /** (Re)starts the idle clock; it runs from the last complete command, not the last byte. */
  private armIdle(ms: number): void {
    this.disarmIdle();
    this.idleTimer = setTimeout(() => {
      const negotiated = this.session.agreed !== null;
      this.log.warn({ pendingBytes: this.decoder.pendingBytes, negotiated }, negotiated ? 'milter connection idle, closing' : 'milter connection did not negotiate in time, closing');
      this.socket.destroy();
    }, ms);
    this.idleTimer.unref();
  }

  private disarmIdle(): void {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
  }

  private onData(chunk: Buffer): void {
    this.decoder.push(chunk);
    if (!this.working) this.current = this.drain();
  }

  private async drain(): Promise<void> {
    this.working = true;
    this.socket.pause();
    let handled = false;
    try {
      for (;;) {
        if (this.finished) return;
        const frame = this.decoder.next();
        if (!frame) break;
        const command = decodeCommand(frame);
        this.disarmIdle();
        handled = true;
        const step = command.kind === 'eob' ? await this.withProgress(() => this.session.handle(command)) : await this.session.handle(command);
        this.writeAll(step.replies);
        if (step.close || (this.closing && !this.session.inTransaction)) {
          // Half-close; reading on (resume below) lets the peer's FIN arrive so the socket closes.
          this.socket.end();
          break;
        }
      }
    } catch (error) {
      if (isMilterProtocolError(error)) this.log.warn({ kind: error.kind, reason: error.message }, 'milter protocol error, closing');
      else this.log.error({ err: error }, 'milter connection failed, closing');
      this.socket.destroy();
    } finally {
      this.working = false;
    }
    if (!this.socket.destroyed && !this.finished) {
      // Only a complete command restarts the clock: a frame trickled a byte at a time does not.
      if (handled) this.armIdle(this.session.agreed ? this.options.idleTimeoutMs : (this.options.negotiateTimeoutMs ?? this.options.idleTimeoutMs));
      this.socket.resume();
    }
  }

  /** The MTA waits in silence at end of message; keep its content timer alive and ours off. */
  private async withProgress<T>(work: () => Promise<T>): Promise<T> {
    const timer = setInterval(() => this.write(PROGRESS), this.options.progressIntervalMs);
    try {
      return await work();
    } finally {
      clearInterval(timer);
    }
  }

  /**
   * The replies of one command in one write: at end of message that is every header edit and the final
   * reply, which Postfix reads together; one packet each cost a system call and a wake-up of the MTA apiece.
   */
  private writeAll(replies: MilterReply[]): void {
    if (replies.length === 0) return;
    if (replies.length === 1) return this.write(encodeReply(replies[0]!));
    this.write(Buffer.concat(replies.map(encodeReply)));
  }

  private write(bytes: Buffer): void {
    if (!this.finished && this.socket.writable) this.socket.write(bytes);
  }
}
