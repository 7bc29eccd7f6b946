import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { manualClock } from '../../src/core/clock.js';
import { newId } from '../../src/core/ids.js';
import type { KeyMode, PlanCode, Scope } from '../../src/core/domain.js';
import { loadConfig } from '../../src/config/loader.js';
import type { Config } from '../../src/config/schema.js';
import { createEngine } from '../../src/engine/engine.js';
import { buildApp } from '../../src/http/server.js';
import type { CorsOptions } from '../../src/http/cors.js';
import { createAsyncAnalysisRunner, type AsyncAnalysisRunner } from '../../src/jobs/async-analysis-runner.js';
import { createWebhookWorker, type WebhookWorker } from '../../src/jobs/webhook-worker.js';
import { createServices, type Services } from '../../src/services/index.js';
import { createAuthenticationService } from '../../src/services/authentication/service.js';
import { stubResolve, type Zone } from './stub-dns.js';
import { createMemoryRateLimiter } from '../../src/services/rate-limiter.js';
import { createReadiness } from '../../src/core/readiness.js';
import { webhookSettingsFromConfig } from '../../src/services/webhooks/settings.js';
import type { HostLookup } from '../../src/services/webhooks/target-policy.js';
import { migrateToLatest, openStore, type Store } from '../../src/store/database.js';
import { createPostgresDatabase, type TestDialect } from './dialects.js';
import type { ReleaseDelivery } from '../../src/services/quarantine.js';
import { consoleSessionOptionsFromConfig } from '../../src/services/console/from-config.js';

export interface Harness {
  app: FastifyInstance;
  services: Services;
  store: Store;
  clock: ReturnType<typeof manualClock>;
  config: Config;
  dir: string;
  /** Where the store lives (SQLite path or PostgreSQL URL), for tests that open a second connection. */
  databaseUrl: string;
  /** Webhook delivery worker over the harness store, not started: tests call `drain()` (or `start()`). */
  worker: WebhookWorker;
  /** Asynchronous analysis runner, not started: tests call `drain()` (or `start()`). */
  asyncRunner: AsyncAnalysisRunner;
  /** Creates a tenant and a key; returns the key's bearer secret. */
  tenantWithKey(options?: { plan?: PlanCode; scopes?: Scope[]; mode?: KeyMode; quotaLimit?: number; tenantId?: string }): Promise<{ tenantId: string; key: string; keyId: string }>;
  call(method: InjectOptions['method'], url: string, key?: string, body?: unknown): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export interface HarnessOptions {
  now?: string;
  overrides?: Record<string, unknown>;
  /** Which database: a fresh SQLite file in a temp directory, or a fresh PostgreSQL database. */
  dialect?: TestDialect;
  /** Jitter source for webhook retries; 0.5 means "no jitter", so delays are exactly the schedule. */
  random?: () => number;
  /** DNS records the authentication service sees (a stub: tests never reach the public DNS); none by default. */
  dnsZone?: Zone;
  /** Cross-origin settings of the app (CORS is off without them). */
  cors?: CorsOptions;
  /** Where quarantine releases go (the SMTP relay in production); releases answer 503 without it. */
  releaseDelivery?: ReleaseDelivery;
  /** How the webhook worker resolves receivers' names (a stub: tests never reach the public DNS). */
  webhookLookup?: HostLookup;
}

/** A real app over a real SQLite file (architecture: integration tests use real parts). */
export async function createHarness(options: HarnessOptions = {}): Promise<Harness> {
  const dir = mkdtempSync(join(tmpdir(), 'phishgate-test-'));
  // Test receivers listen on loopback, which the default target policy refuses (docs/webhooks.md
  // "Targets"); the SSRF tests set allow_private_targets: false themselves.
  const overrides = options.overrides ?? {};
  const webhookOverrides = (overrides.webhooks ?? {}) as Record<string, unknown>;
  const config = loadConfig({ env: {}, overrides: { ...overrides, webhooks: { allow_private_targets: true, ...webhookOverrides } } });
  const postgres = options.dialect === 'postgres' ? await createPostgresDatabase() : null;
  const databaseUrl = postgres ? postgres.url : join(dir, 'phishgate.db');
  const store = openStore(databaseUrl);
  await migrateToLatest(store);
  const clock = manualClock(options.now ?? '2026-11-15T12:00:00.000Z');
  const ids = (prefix: string) => newId(prefix, clock.now());
  const engine = createEngine({ config: config.engine });
  const services = createServices(
    { store, clock, newId: ids },
    {
      engine,
      retentionDays: config.retention.analyses_days,
      maxActiveKeys: config.rate_limit.max_active_keys_per_tenant,
      webhooks: webhookSettingsFromConfig(config.webhooks, options.random ?? (() => 0.5)),
      authentication: createAuthenticationService(config.auth, { resolve: stubResolve(options.dnsZone ?? {}) }),
      console: consoleSessionOptionsFromConfig(config.console),
    },
  );
  const logger = pino({ level: 'silent' });
  const worker = createWebhookWorker({
    outbox: services.outbox,
    clock,
    logger,
    version: 'test',
    timeoutMs: config.webhooks.timeout_ms,
    maxResponseBytes: config.webhooks.max_response_bytes,
    perEndpointConcurrency: config.webhooks.per_endpoint_concurrency,
    globalConcurrency: config.webhooks.global_concurrency,
    pollIntervalMs: config.webhooks.poll_interval_ms,
    allowPrivateTargets: config.webhooks.allow_private_targets,
    lookup: options.webhookLookup ?? (async () => { throw Object.assign(new Error('no stub lookup for webhook receivers in this test'), { code: 'ENOTFOUND' }); }),
  });
  const asyncRunner = createAsyncAnalysisRunner({
    service: services.asyncAnalysis,
    logger,
    concurrency: config.webhooks.async_concurrency,
    pollIntervalMs: config.webhooks.poll_interval_ms,
  });
  const app = await buildApp({
    ...services,
    logger,
    bodyLimitBytes: config.http.body_limit_bytes,
    trustProxy: config.http.trust_proxy,
    version: 'test',
    rateLimiter: createMemoryRateLimiter(clock),
    readiness: createReadiness(),
    defaultRate: { perSecond: config.rate_limit.per_second, burst: config.rate_limit.burst },
    tenantRate: config.rate_limit.per_tenant && { perSecond: config.rate_limit.per_tenant.per_second, burst: config.rate_limit.per_tenant.burst },
    cors: options.cors,
    releaseDelivery: options.releaseDelivery ?? null,
    console: { enabled: config.console.enabled, path: config.console.path, signInPerMinute: config.console.sign_in_per_minute },
  });

  return {
    app,
    services,
    store,
    clock,
    config,
    dir,
    databaseUrl,
    worker,
    asyncRunner,
    async tenantWithKey({ plan = 'starter', scopes = ['read', 'write', 'admin'] as Scope[], mode = 'live', quotaLimit, tenantId } = {}) {
      const id = tenantId ?? (await services.tenants.create({ name: 'acme', planCode: plan, quotaLimit: quotaLimit ?? null })).id;
      const { apiKey, secret } = await services.keys.create({ tenantId: id, name: 'test', scopes, mode });
      return { tenantId: id, key: secret, keyId: apiKey.id };
    },
    call(method, url, key, body) {
      return app.inject({
        method,
        url,
        headers: key ? { authorization: `Bearer ${key}` } : {},
        ...(body === undefined ? {} : { payload: body as InjectOptions['payload'] }),
      });
    },
    async close() {
      await asyncRunner.stop();
      await worker.stop();
      await app.close();
      await store.close();
      await postgres?.drop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** An ordinary note between colleagues: the real engine judges it safe. */
export const SAMPLE_FIELDS = {
  subject: 'Notes from Tuesday',
  from: 'tom@vendor.example',
  body_text:
    'Hi Anna,\n\nThanks for sending the meeting notes from Tuesday. I went through the action items and updated the project schedule; the new version is on the shared drive under planning. Could you check whether the dates for the hardware review still work for your team? If not, we can move it to the following week.\n\nBest regards,\nTom',
};
