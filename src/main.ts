/**
 * Composition root (architecture): config → store → engine → services → doors. The only module that
 * wires everything; no module-level singletons anywhere else.
 */
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { Config } from './config/schema.js';
import { systemClock, type Clock } from './core/clock.js';
import { newId } from './core/ids.js';
import { createEngine } from './engine/engine.js';
import type { Engine } from './engine/types.js';
import { createGateway } from './gateway/gateway.js';
import { buildApp } from './http/app.js';
import { parseRawMessage } from './mail/parse-raw.js';
import { createServices, type Services } from './services/index.js';
import { createMemoryRateLimiter } from './services/rate-limiter.js';
import { createSmtpRelay, startSmtpDoor, type SmtpDoor } from './smtp/index.js';
import { createReleaseDelivery } from './smtp/release.js';
import { migrateToLatest, openStore, type Store } from './store/database.js';
import { VERSION } from './version.js';

export interface Runtime {
  config: Config;
  store: Store;
  engine: Engine;
  services: Services;
  logger: Logger;
  clock: Clock;
}

/** Opens and migrates the store and builds engine and services; shared by `serve` and the CLI commands. */
export async function createRuntime(config: Config, logger: Logger, clock: Clock = systemClock): Promise<Runtime> {
  const store = openStore(config.database.url, {
    busyTimeoutMs: config.database.busy_timeout_ms,
    poolMax: config.database.pool_max,
    statementTimeoutMs: config.database.statement_timeout_ms,
  });
  try {
    const { applied } = await migrateToLatest(store);
    if (applied.length) logger.info({ applied, database: store.location }, 'database migrated');
  } catch (error) {
    await store.close();
    throw error;
  }
  const engine = createEngine({
    config: config.engine,
    onDetectorError: (id, error) => logger.warn({ rule: id, err: error }, 'detector failed; it scores nothing'),
  });
  const domainsByTenant = new Map<string, string[]>();
  for (const [domain, tenantId] of Object.entries(config.gateway.domains)) {
    domainsByTenant.set(tenantId, [...(domainsByTenant.get(tenantId) ?? []), domain.toLowerCase()]);
  }
  const services = createServices(
    { store, clock, newId: (prefix) => newId(prefix, clock.now()) },
    { engine, retentionDays: config.retention.analyses_days, quarantineDays: config.gateway.quarantine_days, tenantDomains: (id) => domainsByTenant.get(id) ?? [] },
  );
  return { config, store, engine, services, logger, clock };
}

export interface RunningServer {
  runtime: Runtime;
  /** Bound addresses by door, e.g. { http: '127.0.0.1:8080' }. */
  addresses: Record<string, string>;
  close(): Promise<void>;
}

function addressOf(app: FastifyInstance): string {
  const address = app.server.address() as AddressInfo;
  return `${address.address}:${address.port}`;
}

/** `phishgate serve`: starts every enabled door. */
export async function startServer(config: Config, logger: Logger, clock: Clock = systemClock): Promise<RunningServer> {
  const runtime = await createRuntime(config, logger, clock);
  const addresses: Record<string, string> = {};
  let app: FastifyInstance | null = null;
  // The next hop serves the SMTP door and quarantine releases (connections open on first use).
  const relay = createSmtpRelay(config.smtp, logger);
  let smtp: SmtpDoor | null = null;
  try {
    if (config.http.enabled) {
      app = await buildApp({
        ...runtime.services,
        logger,
        bodyLimitBytes: config.http.body_limit_bytes,
        trustProxy: config.http.trust_proxy,
        version: VERSION,
        rateLimiter: createMemoryRateLimiter(clock),
        defaultRate: { perSecond: config.rate_limit.per_second, burst: config.rate_limit.burst },
        releaseDelivery: createReleaseDelivery(relay),
      });
      await app.listen({ host: config.http.host, port: config.http.port });
      addresses.http = addressOf(app);
    }
    if (config.smtp.enabled) {
      const { services } = runtime;
      const gateway = createGateway({ config, analysis: services.analysis, findTenant: services.tenants.find, parse: parseRawMessage, quarantine: services.quarantine, logger });
      smtp = await startSmtpDoor({ config, gateway, relay, logger });
      addresses.smtp = smtp.address;
    }
  } catch (error) {
    await smtp?.close();
    await app?.close();
    await relay.close();
    await runtime.store.close();
    throw error;
  }
  logger.info({ addresses, database: runtime.store.location, version: VERSION }, 'phishgate listening');

  let closing: Promise<void> | null = null;
  return {
    runtime,
    addresses,
    close: () =>
      (closing ??= (async () => {
        // Doors stop accepting together and finish what they started; then the relay and the store go.
        await Promise.all([smtp?.close(), app?.close()]);
        await relay.close();
        await runtime.store.close();
      })()),
  };
}
