import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { once } from 'node:events';
import type { Logger } from 'pino';
import type { Config } from '../config/schema.js';
import type { Gateway } from '../core/gateway.js';
import { MilterConnection } from './connection.js';
import { createEndOfMessageHandler } from './end-of-message.js';
import type { NegotiationWants } from './negotiate.js';
import { MilterSession } from './session.js';

export interface MilterServerOptions {
  /** `milter` (this door) and `gateway` (size limits, spooling, oversize action) sections. */
  config: Pick<Config, 'milter' | 'gateway'> & Partial<Pick<Config, 'auth'>>;
  gateway: Gateway;
  logger: Logger;
  /** Per-connection id used in every log line; a counter when not given. */
  sessionId?: () => string;
  /** Negotiation wishes; tests use it to exercise MTAs with fewer options. Defaults to DEFAULT_WANTS. */
  wants?: NegotiationWants;
}

export interface MilterServerStats {
  activeSessions: number;
  totalSessions: number;
  /** Final outcome of each message: accept, hold, discard, reject, tempfail, error_tempfail, error_accept. */
  outcomes: Record<string, number>;
}

export interface MilterServer {
  /** Binds `config.milter.host:port` (port 0 picks a free one). */
  listen(): Promise<AddressInfo>;
  address(): AddressInfo | null;
  /**
   * Stops accepting, closes idle sessions at once, lets sessions inside a message finish it, and cuts
   * what is left after `graceMs` (the MTA then applies milter_default_action: tempfail by default).
   */
  close(options?: { graceMs?: number }): Promise<void>;
  stats(): MilterServerStats;
}

/** The milter door (docs/milter.md, docs/gateway.md): Postfix/Sendmail connect here, phishgate answers at end of message. */
export function createMilterServer(options: MilterServerOptions): MilterServer {
  const { milter, gateway: gatewayConfig } = options.config;
  const logger = options.logger.child({ door: 'milter' });
  let counter = 0;
  const nextId = options.sessionId ?? (() => `m${(++counter).toString(36)}`);
  const connections = new Set<MilterConnection>();
  const perClient = new Map<string, number>();
  const outcomes: Record<string, number> = {};
  let total = 0;

  const endOfMessage = createEndOfMessageHandler({
    gateway: options.gateway,
    logger,
    quarantineMode: milter.quarantine_mode,
    onError: milter.on_error,
    oversizeAction: gatewayConfig.oversize_action,
    decisionTimeoutMs: milter.decision_timeout_ms,
    onOutcome: (outcome) => {
      outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
    },
  });

  const onConnection = (socket: Socket): void => {
    const sessionId = nextId();
    const log = logger.child({ session: sessionId });
    if (connections.size >= milter.max_sessions) {
      log.warn({ limit: milter.max_sessions, remote: socket.remoteAddress }, 'too many milter sessions, refusing');
      socket.destroy();
      return;
    }
    // One client address may not take every slot (docs/security.md "Connection slots").
    const remote = socket.remoteAddress ?? '';
    if ((perClient.get(remote) ?? 0) >= milter.max_sessions_per_client) {
      log.warn({ limit: milter.max_sessions_per_client, remote }, 'too many milter sessions from one client address, refusing');
      socket.destroy();
      return;
    }
    perClient.set(remote, (perClient.get(remote) ?? 0) + 1);
    total += 1;
    const session = new MilterSession({
      sessionId,
      collector: {
        spillThresholdBytes: gatewayConfig.spill_threshold_bytes,
        spoolDir: gatewayConfig.spool_dir,
        maxMessageBytes: gatewayConfig.max_message_bytes,
        ownAuthservId: options.config.auth?.authserv_id ?? null,
      },
      endOfMessage,
      ...(options.wants && { wants: options.wants }),
    });
    const connection = new MilterConnection(socket, session, log, {
      maxFrameBytes: milter.max_frame_bytes,
      idleTimeoutMs: milter.idle_timeout_ms,
      negotiateTimeoutMs: milter.negotiate_timeout_ms,
      progressIntervalMs: milter.progress_interval_ms,
    });
    connections.add(connection);
    log.debug({ remote: socket.remoteAddress, port: socket.remotePort }, 'milter session opened');
    void connection.closed.then(() => {
      connections.delete(connection);
      const left = (perClient.get(remote) ?? 1) - 1;
      if (left > 0) perClient.set(remote, left);
      else perClient.delete(remote);
      log.debug('milter session closed');
    });
  };

  const server: Server = createServer(onConnection);
  server.on('error', (error) => logger.error({ err: error }, 'milter listener error'));

  return {
    async listen() {
      server.listen(milter.port, milter.host);
      await once(server, 'listening');
      const address = server.address() as AddressInfo;
      logger.info({ host: address.address, port: address.port }, 'milter door listening');
      return address;
    },
    address() {
      const address = server.address();
      return address && typeof address === 'object' ? address : null;
    },
    async close({ graceMs = 10_000 } = {}) {
      const stopped = server.listening ? new Promise<void>((resolve) => server.close(() => resolve())) : Promise.resolve();
      for (const connection of connections) connection.shutdown();
      const drained = Promise.all([...connections].map((c) => c.closed));
      let timer: NodeJS.Timeout | undefined;
      const deadline = new Promise<'timeout'>((resolve) => {
        timer = setTimeout(() => resolve('timeout'), graceMs);
      });
      if ((await Promise.race([drained, deadline])) === 'timeout') {
        logger.warn({ sessions: connections.size }, 'milter grace period over, cutting sessions');
        for (const connection of connections) connection.destroy();
        await drained;
      }
      clearTimeout(timer);
      await stopped;
    },
    stats() {
      return { activeSessions: connections.size, totalSessions: total, outcomes: { ...outcomes } };
    },
  };
}
