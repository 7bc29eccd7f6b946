/**
 * The SMTP content filter's protocol server (docs/gateway.md): an smtp-server listener that Postfix hands
 * every queued message to (`content_filter = scan:[127.0.0.1]:10025`), relaying the result to the
 * re-injection listener. Loopback by default; only `smtp.allowed_networks` may connect. `smtp/door.ts`
 * wires it into `serve`.
 */
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { hostname } from 'node:os';
import type { Logger } from 'pino';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';
import type { Config } from '../config/schema.js';
import type { Gateway } from '../core/gateway.js';
import { createMessageHandler } from './message-handler.js';
import { parseNetworks } from './networks.js';
import { peerAddress } from './envelope.js';
import type { Relay } from './relay-pool.js';
import type { ReportIntake } from '../services/reports/intake.js';
import type { DeliveredCopies } from '../services/delivered-copies.js';
import { shuttingDown, SmtpReply } from './replies.js';
import { SessionGuard } from './session-guard.js';

export interface SmtpServerOptions {
  config: Pick<Config, 'smtp' | 'gateway' | 'shutdown'> & Partial<Pick<Config, 'auth'>>;
  gateway: Gateway;
  relay: Relay;
  logger: Logger;
  /** User reports (docs/recipients.md); no reporting address without it. */
  reports?: ReportIntake;
  /** Tenant copies already handed on (services.deliveredCopies): a retry sends only the missing ones. */
  deliveredCopies: DeliveredCopies;
}

export interface SmtpServerStats {
  activeSessions: number;
  totalSessions: number;
  /** relayed, quarantined, rejected (5xx answered), tempfail (4xx answered), oversize (552 by the SIZE limit). */
  outcomes: Record<string, number>;
}

export interface SmtpServer {
  /** Bound `host:port` (the chosen port when configured as 0). */
  address: string;
  stats(): SmtpServerStats;
  listening(): boolean;
  /**
   * Stops accepting, lets messages in progress finish (up to `graceMs`, default `shutdown.grace_ms`),
   * then closes every session.
   */
  close(graceMs?: number): Promise<void>;
}

function tlsOptions(tls: Config['smtp']['tls']): Partial<SMTPServerOptions> | null {
  if (!tls.key_file && !tls.cert_file) return null;
  if (!tls.key_file || !tls.cert_file) throw new Error(`smtp.tls: set both key_file and cert_file (or neither)`);
  return { key: readFileSync(tls.key_file), cert: readFileSync(tls.cert_file) };
}

export async function startSmtpServer(deps: SmtpServerOptions): Promise<SmtpServer> {
  const { config, logger } = deps;
  const smtp = config.smtp;
  const allowed = parseNetworks(smtp.allowed_networks, 'smtp.allowed_networks');
  const xforwardNetworks = parseNetworks(smtp.xforward_networks, 'smtp.xforward_networks');
  const tls = tlsOptions(smtp.tls);
  const handler = createMessageHandler({
    gateway: deps.gateway,
    relay: deps.relay,
    spool: { thresholdBytes: config.gateway.spill_threshold_bytes, dir: config.gateway.spool_dir },
    xforwardNetworks,
    logger,
    ownAuthservId: config.auth?.authserv_id ?? null,
    bareNewlines: config.gateway.bare_newlines,
    reports: deps.reports,
    deliveredCopies: deps.deliveredCopies,
  });
  const inFlight = new Set<Promise<unknown>>();
  let closing: Promise<void> | null = null;
  let totalSessions = 0;
  const outcomes: Record<string, number> = {};
  const count = (outcome: string) => (outcomes[outcome] = (outcomes[outcome] ?? 0) + 1);

  const guard = new SessionGuard({
    handshakeMs: smtp.handshake_timeout_ms,
    idleMs: smtp.idle_timeout_ms,
    perClient: smtp.max_sessions_per_client,
    onExpire: (client, phase) => logger.warn({ client, phase }, 'smtp: session timed out; closed with 421'),
  });
  const server = new SMTPServer({
    name: smtp.hostname ?? hostname(),
    banner: 'phishgate content filter',
    logger: false,
    size: smtp.size_limit_bytes,
    maxClients: smtp.max_sessions,
    authOptional: true,
    disabledCommands: tls ? ['AUTH'] : ['AUTH', 'STARTTLS'],
    ...tls,
    // Postfix sends XFORWARD when it is advertised; whether it is believed is decided per message.
    useXForward: smtp.xforward_networks.length > 0,
    disableReverseLookup: true,
    // DSN parameters could not be passed on per recipient through the relay: Postfix keeps them.
    hideDSN: true,
    hideREQUIRETLS: true,
    // Enhanced codes are written by phishgate (replies.ts); the automatic ones would mislabel a policy reject.
    hideENHANCEDSTATUSCODES: true,
    closeTimeout: config.shutdown.grace_ms,
    onConnect(session, callback) {
      totalSessions++;
      if (closing) return callback(shuttingDown());
      if (!allowed.has(session.remoteAddress)) {
        logger.warn({ session: session.id, client: session.remoteAddress }, 'smtp: client not in smtp.allowed_networks; refused');
        return callback(new SmtpReply(554, '5.7.1', 'Client address not allowed to use this content filter'));
      }
      if (!guard.admit(session.id, session.remoteAddress)) {
        logger.warn({ session: session.id, client: session.remoteAddress, limit: smtp.max_sessions_per_client }, 'smtp: too many sessions from one client address; refused');
        return callback(new SmtpReply(421, '4.7.0', 'Too many connections from your address, try again later'));
      }
      callback();
    },
    onClose(session) {
      guard.release(session.id, session.remoteAddress);
    },
    onMailFrom(_address, session, callback) {
      if (closing) return callback(shuttingDown());
      if (session.xForward.size > 0 && !xforwardNetworks.has(peerAddress(session)) && session.transaction === 1) {
        logger.warn({ session: session.id, client: peerAddress(session) }, 'smtp: XFORWARD from a host outside smtp.xforward_networks ignored');
      }
      callback();
    },
    onRcptTo(_address, _session, callback) {
      callback();
    },
    onData(stream, session, callback) {
      // Once the message is in, phishgate owes the reply: the client's idle clock stops (session-guard.ts).
      stream.once('end', () => guard.busy(session.remoteAddress, session.remotePort, true));
      const work = handler.handle(stream, session).finally(() => guard.busy(session.remoteAddress, session.remotePort, false)).then(
        (handled) => {
          count(handled.outcome);
          callback(null, handled.text);
        },
        (error: unknown) => {
          count(error instanceof SmtpReply && error.responseCode >= 500 ? 'rejected' : 'tempfail');
          callback(error as Error);
        },
      );
      inFlight.add(work);
      void work.finally(() => inFlight.delete(work));
    },
  });
  guard.watch(server.server);
  // Connection-level errors (a client resetting its socket) belong to that session only.
  server.on('error', (error) => logger.debug({ err: error }, 'smtp: connection error'));

  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(smtp.port, smtp.host, () => {
      server.server.off('error', reject);
      resolve();
    });
  });
  const bound = server.server.address() as AddressInfo;
  const address = `${bound.address.includes(':') ? `[${bound.address}]` : bound.address}:${bound.port}`;

  return {
    address,
    listening: () => server.server.listening,
    stats: () => ({ activeSessions: server.connections.size, totalSessions, outcomes: { ...outcomes } }),
    close: (graceMs = config.shutdown.grace_ms) =>
      (closing ??= (async () => {
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([Promise.allSettled([...inFlight]), new Promise((resolve) => (timer = setTimeout(resolve, graceMs)))]);
        clearTimeout(timer);
        // Idle sessions (Postfix caches connections) are told to come back later rather than waited for.
        for (const connection of server.connections) connection.send(421, shuttingDown().message);
        await closed;
      })()),
  };
}
