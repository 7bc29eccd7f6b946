/**
 * Connection slots of the SMTP door (docs/security.md "Connection slots"). smtp-server's own idle timer
 * restarts on every byte, so a client trickling a byte now and then, or one that connects and never
 * speaks, holds a slot for as long as it likes; 100 of them locked the 101st client (Postfix) out. Here:
 * - a client must send a complete command line within `handshakeMs` of connecting;
 * - afterwards the clock runs from the last complete line (a line end, not a byte), and stops while
 *   phishgate itself owes the reply (analysis, relay);
 * - one client address may hold at most `perClient` sessions.
 * An expired session is told `421 4.4.2` and closed; Postfix retries its mail later.
 */
import type { Server, Socket } from 'node:net';

export interface SessionGuardOptions {
  handshakeMs: number;
  idleMs: number;
  perClient: number;
  onExpire?: (remote: string, phase: 'handshake' | 'idle') => void;
}

interface Clock {
  timer: NodeJS.Timeout | null;
  spoke: boolean;
  busy: boolean;
}

const keyOf = (address: string | undefined, port: number | undefined): string => `${address ?? ''}|${port ?? 0}`;

export class SessionGuard {
  private readonly clocks = new Map<string, Clock>();
  private readonly perClient = new Map<string, number>();
  private readonly counted = new Set<string>();

  constructor(private readonly options: SessionGuardOptions) {}

  /** Watches every connection the listener accepts (before smtp-server's greeting). */
  watch(server: Server): void {
    server.on('connection', (socket: Socket) => this.track(socket));
  }

  private track(socket: Socket): void {
    const key = keyOf(socket.remoteAddress, socket.remotePort);
    const clock: Clock = { timer: null, spoke: false, busy: false };
    this.clocks.set(key, clock);
    const arm = (ms: number, phase: 'handshake' | 'idle') => {
      if (clock.timer) clearTimeout(clock.timer);
      clock.timer = setTimeout(() => {
        this.options.onExpire?.(socket.remoteAddress ?? '', phase);
        if (socket.writable) socket.write(`421 4.4.2 ${phase === 'handshake' ? 'No command received in time' : 'Idle too long'}, closing connection\r\n`);
        socket.destroy();
      }, ms);
      clock.timer.unref();
    };
    (clock as Clock & { arm?: typeof arm }).arm = arm;
    arm(this.options.handshakeMs, 'handshake');
    socket.on('data', (chunk: Buffer) => {
      if (!chunk.includes(0x0a)) return;
      clock.spoke = true;
      if (!clock.busy) arm(this.options.idleMs, 'idle');
    });
    socket.once('close', () => {
      if (clock.timer) clearTimeout(clock.timer);
      this.clocks.delete(key);
    });
  }

  /** Stops the clock while phishgate owes the client a reply, and restarts it afterwards. */
  busy(address: string | undefined, port: number | undefined, busy: boolean): void {
    const clock = this.clocks.get(keyOf(address, port)) as (Clock & { arm?: (ms: number, phase: 'handshake' | 'idle') => void }) | undefined;
    if (!clock) return;
    clock.busy = busy;
    if (busy) {
      if (clock.timer) clearTimeout(clock.timer);
      clock.timer = null;
    } else clock.arm?.(this.options.idleMs, 'idle');
  }

  /** Counts a session against its client address; false when that address already holds `perClient`. */
  admit(sessionId: string, address: string): boolean {
    const held = this.perClient.get(address) ?? 0;
    if (held >= this.options.perClient) return false;
    this.perClient.set(address, held + 1);
    this.counted.add(sessionId);
    return true;
  }

  release(sessionId: string, address: string): void {
    if (!this.counted.delete(sessionId)) return;
    const left = (this.perClient.get(address) ?? 1) - 1;
    if (left > 0) this.perClient.set(address, left);
    else this.perClient.delete(address);
  }
}
