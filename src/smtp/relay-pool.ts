/**
 * Connections to the next hop, reused across messages (docs/smtp-filter.md: "with a connection pool"). Each send
 * is bounded by `smtp.relay_timeout_ms` from the moment it asks for a connection; past it the
 * connection is abandoned and the caller answers 451, so Postfix keeps the message.
 */
import type { Logger } from 'pino';
import { RelayConnection, type RelayEnvelope, type RelayTarget, type SendFailure } from './relay-connection.js';
import { RelayUnavailable } from './relay-errors.js';
import type { OutgoingMessage } from './outgoing-message.js';

export interface Relay {
  /** Resolves with the next hop's reply once it accepted the message; rejects with a `RelayError`. */
  send(envelope: RelayEnvelope, message: OutgoingMessage): Promise<string>;
  /** Closes idle connections and refuses new sends; sends in progress finish. */
  close(): Promise<void>;
}

export interface RelayPoolOptions extends RelayTarget {
  poolSize: number;
  /** Idle connections are closed after this long (Postfix's smtpd would drop them after 300 s anyway). */
  idleMs?: number;
  logger: Logger;
}

interface Idle {
  conn: RelayConnection;
  timer: NodeJS.Timeout;
}

/** `host:port` or `[v6]:port` from the configuration. */
export function parseHostPort(value: string): { host: string; port: number } {
  const match = /^\[([^\]]+)\]:(\d+)$/.exec(value) ?? /^([^:]+):(\d+)$/.exec(value);
  if (!match) throw new Error(`"${value}" is not host:port`);
  return { host: match[1]!, port: Number(match[2]) };
}

export function createRelayPool(options: RelayPoolOptions): Relay {
  const idleMs = options.idleMs ?? 10_000;
  const idle: Idle[] = [];
  const waiters: Array<(conn: RelayConnection | null) => void> = [];
  let open = 0;
  let closed = false;

  const takeIdle = (): RelayConnection | null => {
    for (let entry = idle.pop(); entry; entry = idle.pop()) {
      clearTimeout(entry.timer);
      if (entry.conn.usable) return entry.conn;
      open--;
    }
    return null;
  };

  /** A connection for one send: an idle one, a new one while under the pool size, or the next one released. */
  async function acquire(signal: AbortSignal): Promise<{ conn: RelayConnection; reused: boolean }> {
    for (;;) {
      if (closed) throw new RelayUnavailable('relay is closing');
      const reusable = takeIdle();
      if (reusable) return { conn: reusable, reused: true };
      if (open < options.poolSize) {
        open++;
        try {
          return { conn: await RelayConnection.open(options), reused: false };
        } catch (error) {
          open--;
          wakeOne();
          throw error;
        }
      }
      const handed = await new Promise<RelayConnection | null>((resolve, reject) => {
        const waiter = (conn: RelayConnection | null) => {
          signal.removeEventListener('abort', onAbort);
          resolve(conn);
        };
        const onAbort = () => {
          waiters.splice(waiters.indexOf(waiter), 1);
          reject(signal.reason);
        };
        signal.addEventListener('abort', onAbort, { once: true });
        waiters.push(waiter);
      });
      if (handed) return { conn: handed, reused: true };
    }
  }

  /** Lets one waiter try again (a slot became free); null means "go and open one". */
  function wakeOne(): void {
    waiters.shift()?.(null);
  }

  function release(conn: RelayConnection): void {
    if (!conn.usable || closed) {
      open--;
      conn.quit();
      wakeOne();
      return;
    }
    const waiter = waiters.shift();
    if (waiter) return waiter(conn);
    const entry: Idle = {
      conn,
      timer: setTimeout(() => {
        idle.splice(idle.indexOf(entry), 1);
        open--;
        conn.quit();
      }, idleMs),
    };
    entry.timer.unref();
    idle.push(entry);
  }

  async function attempt(envelope: RelayEnvelope, message: OutgoingMessage, signal: AbortSignal): Promise<string> {
    const { conn, reused } = await acquire(signal);
    if (signal.aborted) {
      // The connection came too late for this send; it can still serve the next one.
      release(conn);
      throw signal.reason;
    }
    const onAbort = () => conn.abandon();
    signal.addEventListener('abort', onAbort, { once: true });
    try {
      const reply = await conn.send(envelope, message);
      release(conn);
      return reply;
    } catch (failure) {
      release(conn);
      const { error, messageSent } = failure as SendFailure;
      // A pooled connection the next hop closed while idle fails before anything was delivered:
      // retrying that on a fresh connection is safe. Once the whole message went out it is not.
      if (reused && error instanceof RelayUnavailable && !messageSent && !signal.aborted) throw new StaleConnection(error);
      throw error;
    } finally {
      signal.removeEventListener('abort', onAbort);
    }
  }

  return {
    async send(envelope, message) {
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(new RelayUnavailable(`next hop did not accept the message within ${options.timeoutMs} ms`)), options.timeoutMs);
      try {
        try {
          return await attempt(envelope, message, controller.signal);
        } catch (error) {
          if (!(error instanceof StaleConnection)) throw error;
          options.logger.debug({ err: error.cause }, 'pooled relay connection was stale; retrying on a new one');
          for (let entry = idle.pop(); entry; entry = idle.pop()) {
            clearTimeout(entry.timer);
            open--;
            entry.conn.quit();
          }
          return await attempt(envelope, message, controller.signal);
        }
      } catch (error) {
        if (controller.signal.aborted) throw controller.signal.reason;
        throw error instanceof StaleConnection ? error.cause : error;
      } finally {
        clearTimeout(timer);
      }
    },

    async close() {
      closed = true;
      for (let entry = idle.pop(); entry; entry = idle.pop()) {
        clearTimeout(entry.timer);
        open--;
        entry.conn.quit();
      }
      while (waiters.length) waiters.shift()!(null);
    },
  };
}

class StaleConnection extends Error {
  constructor(override readonly cause: RelayUnavailable) {
    super(cause.message);
  }
}
