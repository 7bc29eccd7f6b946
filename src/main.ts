/**
 * Composition root (architecture): config → store → engine → services → doors. The only module that
 * wires everything; no module-level singletons anywhere else.
 */
import type { Logger } from 'pino';
import type { Config } from './config/schema.js';
import { systemClock, type Clock } from './core/clock.js';
import { newId } from './core/ids.js';
import { availableParallelism } from 'node:os';
import type { AnalysisClient } from './engine/analysis-client.js';
import { inProcessAnalysisClient } from './engine/in-process-client.js';
import { createEngineFromConfig } from './engine/create.js';
import { createReputation, type Reputation } from './engine/reputation/index.js';
import { createReputationMonitor, registerReputationMetrics, registerReputationReadiness, type ReputationMonitor } from './ops/reputation-monitor.js';
import { createEnginePool } from './engine/worker-pool.js';
import { DETECTORS } from './engine/registry.js';
import { validateRuleConfig } from './engine/rule-config.js';
import { parseLimitsOf } from './engine/limits.js';
import { loadSecrets } from './config/loader.js';
import type { Engine } from './engine/types.js';
import { startHttpDoor } from './http/door.js';
import { startMilterDoor } from './milter/door.js';
import { createGateway } from './services/gateway/gateway.js';
import { mailRoutingProblem } from './services/gateway/routing-check.js';
import type { Gateway, QuarantineSink } from './core/gateway.js';
import type { Component } from './ops/component.js';
import { createServices, type Services } from './services/index.js';
import { createAuthenticationService } from './services/authentication/service.js';
import { selectRateLimiter } from './services/rate-limiter-select.js';
import { startWebhookJobs } from './jobs/webhook-jobs.js';
import { webhookSettingsFromConfig } from './services/webhooks/settings.js';
import { createSmtpRelay } from './smtp/index.js';
import { createReleaseDelivery } from './smtp/release.js';
import { startSmtpDoor } from './smtp/door.js';
import { migrateToLatest, openStore, type Store } from './store/database.js';
import { VERSION } from './version.js';
import { createMetrics, type Metrics } from './ops/metrics.js';
import { createReadiness, type Readiness } from './core/readiness.js';
import { storeWritable } from './ops/store-readiness.js';
import { analysisMetricsHook, instrumentEngine, timeoutMetricsHook } from './ops/instrument.js';
import { startMetricsServer } from './ops/metrics-server.js';
import { createJobRunner, type JobRunner } from './jobs/job-runner.js';
import { createRetention, type Retention } from './jobs/retention.js';
import { startScheduledJobs } from './jobs/scheduler.js';
import { retentionSteps } from './services/retention.js';
import { startDigestComponent } from './jobs/recipient-jobs.js';
import { digestOptionsFromConfig } from './services/digests/from-config.js';
import { verifyOwnMail } from './services/digests/own-mail.js';
import { createDigestSender } from './smtp/digest-sender.js';
import { consoleSessionOptionsFromConfig } from './services/console/from-config.js';
import { parseRawMessage } from './mail/parse-raw.js';
import { parseNetworks } from './core/networks.js';
import { resolve } from 'node:path';

export interface Runtime {
  config: Config;
  store: Store;
  engine: Engine;
  /** What the doors call to parse and analyse: worker threads with a deadline in `serve`, in-process elsewhere. */
  analysis: AnalysisClient;
  services: Services;
  logger: Logger;
  clock: Clock;
  metrics: Metrics;
  readiness: Readiness;
  jobs: JobRunner;
  retention: Retention;
  /** Keys of one-click links and of phishgate's own mail, current first (docs/recipients.md). */
  linkSecrets: string[];
  /** Block lists and URL feeds (docs/reputation.md); `serve` starts the feeds, `reputation status` loads them once. */
  reputation: Reputation;
  reputationMonitor: ReputationMonitor;
}

export interface RuntimeOptions {
  /** Parse and analyse in worker threads (`engine.workers`); `serve` does, the CLI commands do not. */
  workers?: boolean;
  /** Worker entry point (tests inject one that can stall). */
  workerUrl?: URL;
}

/** Opens and migrates the store and builds engine and services; shared by `serve` and the CLI commands. */
export async function createRuntime(config: Config, logger: Logger, clock: Clock = systemClock, options: RuntimeOptions = {}): Promise<Runtime> {
  // The engine checks its rules against the configuration when it is built; with workers that happens in each
  // worker, too late to refuse start-up, so the check runs here first (docs/detection.md "Rules").
  validateRuleConfig(DETECTORS, config.engine);
  const store = openStore(config.database.url, {
    busyTimeoutMs: config.database.busy_timeout_ms,
    poolMax: config.database.pool_max,
    statementTimeoutMs: config.database.statement_timeout_ms,
    // Only the long-running server: a CLI command's few writes never fill the log.
    ...(options.workers && config.database.checkpoint_interval_ms > 0
      ? { backgroundCheckpoints: { intervalMs: config.database.checkpoint_interval_ms, onError: (message: string) => logger.warn({ error: message }, 'database checkpoint failed') } }
      : {}),
  });
  try {
    const { applied } = await migrateToLatest(store);
    if (applied.length) logger.info({ applied, database: store.location }, 'database migrated');
  } catch (error) {
    await store.close();
    throw error;
  }
  const metrics = createMetrics();
  const readiness = createReadiness();
  // Writable, not only reachable (src/ops/store-readiness.ts).
  readiness.register('store', () => storeWritable(store));
  const secrets = loadSecrets();
  const linkSecrets = secrets.linkSecrets ?? [];
  const onDetectorError = (id: string, error: unknown): void => logger.warn({ rule: id, err: error }, 'detector failed; it scores nothing');
  // One set of URL feeds for the process (docs/reputation.md "Memory"): loaded here, shared with the workers.
  const reputation = createReputation(config.reputation, { onFeedError: (feed, error) => logger.warn({ feed, error }, 'reputation feed failed to load; the last good copy stays in use') });
  const reputationMonitor = createReputationMonitor(reputation, { workers: options.workers === true });
  const analysis: AnalysisClient = options.workers
    ? createEnginePool({
        size: config.engine.workers.size || availableParallelism(),
        config: { engine: config.engine, llm: config.llm, reputation: config.reputation },
        secrets,
        onDetectorError,
        deadlineMs: config.engine.workers.deadline_ms,
        onTimeout: (stage, repeated) => logger.warn({ stage, repeated, deadlineMs: config.engine.workers.deadline_ms }, 'analysis deadline hit; worker replaced'),
        ...(options.workerUrl ? { workerUrl: options.workerUrl } : {}),
        feeds: reputation.feeds,
        onReputationCounters: (worker, zones, feedHits) => reputationMonitor.workerCounters(worker, zones, feedHits),
      })
    : inProcessAnalysisClient(createEngineFromConfig(config, { secrets, onDetectorError, reputation }), parseLimitsOf(config.engine));
  const engine = instrumentEngine(analysis.engine, metrics);
  const domainsByTenant = new Map<string, string[]>();
  for (const [domain, tenantId] of Object.entries(config.gateway.domains)) {
    domainsByTenant.set(tenantId, [...(domainsByTenant.get(tenantId) ?? []), domain.toLowerCase()]);
  }
  const services = createServices(
    { store, clock, newId: (prefix) => newId(prefix, clock.now()) },
    {
      engine,
      retentionDays: config.retention.analyses_days,
      idempotencyWindowMs: config.retention.idempotency_hours * 3_600_000,
      quarantineDays: config.gateway.quarantine_days,
      maxActiveKeys: config.rate_limit.max_active_keys_per_tenant,
      feedbackMessageBytes: config.feedback.max_message_bytes,
      senderHistory: config.reputation.history.enabled,
      tenantDomains: (id) => domainsByTenant.get(id) ?? [],
      afterCommit: [analysisMetricsHook(metrics)],
      onTimeout: [timeoutMetricsHook(metrics)],
      webhooks: webhookSettingsFromConfig(config.webhooks),
      authentication: createAuthenticationService(config.auth, { logger: logger.child({ component: 'authentication' }) }),
      digests: digestOptionsFromConfig(config, linkSecrets, createDigestSender(config.smtp)),
      console: consoleSessionOptionsFromConfig(config.console),
      selfService: {
        secrets: linkSecrets,
        ttlMs: config.self_service.link_ttl_hours * 3_600_000,
        genuineAfterRecipients: config.self_service.genuine_label_after_recipients,
        publicUrl: config.self_service.enabled ? config.digests.public_url : null,
      },
      reports: {
        addresses: config.reports.addresses,
        domains: config.gateway.domains,
        maxReportBytes: config.reports.max_report_bytes,
        maxOriginals: config.reports.max_originals,
        chargeQuota: config.gateway.charge_quota,
        parse: (raw) => parseRawMessage(raw, parseLimitsOf(config.engine)),
        trustedNetworks: parseNetworks(config.reports.trusted_networks, 'reports.trusted_networks'),
      },
      tenantModels: {
        dir: resolve(config.learning.models_dir),
        checkMs: config.learning.reload_check_s * 1000,
        onError: (tenantId, error) => logger.error({ tenant: tenantId, err: error }, 'tenant model file unreadable; the model in use stays'),
      },
    },
  );
  const jobs = createJobRunner({ store, clock, logger, metrics });
  const retention = createRetention({
    clock,
    batchSize: config.retention.batch_size,
    steps: retentionSteps(store, {
      analysesDays: config.retention.analyses_days,
      quarantineDays: config.gateway.quarantine_days,
      feedbackDays: config.feedback.retention_days,
      idempotencyHours: config.retention.idempotency_hours,
      senderHistory: config.reputation.history.enabled,
    }).concat(
      // Console sessions past their idle or absolute expiry (docs/console.md); few rows, one statement.
      { name: 'console_sessions', deleteBatch: () => services.consoleSessions.purge() },
    ),
  });
  registerReputationReadiness(readiness, reputationMonitor);
  registerReputationMetrics(metrics, reputationMonitor);
  return { config, store, engine, analysis, services, logger, clock, metrics, readiness, jobs, retention, linkSecrets, reputation, reputationMonitor };
}

export interface RunningServer {
  runtime: Runtime;
  /** Bound addresses by door, e.g. { http: '127.0.0.1:8080', milter: '127.0.0.1:8891' }. */
  addresses: Record<string, string>;
  /** Graceful stop (docs/operations.md): doors stop accepting and finish in-flight work, then jobs, then the store. */
  close(): Promise<void>;
}

/** The one gateway the mail doors share (docs/gateway.md). */
export function createRuntimeGateway(runtime: Runtime, quarantine: QuarantineSink): Gateway {
  return createGateway({
    config: runtime.config,
    analysis: runtime.services.analysis,
    findTenant: runtime.services.tenants.find,
    parse: (raw) => runtime.analysis.parse(raw),
    quarantine,
    logger: runtime.logger.child({ component: 'gateway' }),
    authentication: runtime.services.authentication,
    isOwnMail: (bytes, audience) => verifyOwnMail(bytes, runtime.linkSecrets, runtime.clock.now(), audience),
  });
}

/** "REST API http://127.0.0.1:8080, SMTP filter 127.0.0.1:10025, milter off": what an operator checks first. */
export function doorSummary(config: Config, addresses: Record<string, string>): string {
  const door = (name: string, label: string, enabled: boolean, scheme = ''): string => `${label} ${enabled && addresses[name] ? `${scheme}${addresses[name]}` : 'off'}`;
  return [door('http', 'REST API', config.http.enabled, 'http://'), door('smtp', 'SMTP filter', config.smtp.enabled), door('milter', 'milter', config.milter.enabled)].join(', ');
}

/** `phishgate serve`: starts every enabled door and the background jobs. */
export async function startServer(config: Config, logger: Logger, clock: Clock = systemClock, options: Pick<RuntimeOptions, 'workerUrl'> = {}): Promise<RunningServer> {
  const runtime = await createRuntime(config, logger, clock, { ...options, workers: true });
  const doors: Component[] = [];
  const background: Component[] = [];
  const graceMs = config.shutdown.grace_ms;
  const closeAll = async (): Promise<void> => {
    await Promise.all(doors.map((d) => d.close(graceMs).catch((error: unknown) => logger.error({ err: error, door: d.name }, 'door did not close cleanly'))));
    await Promise.all(background.map((b) => b.close(graceMs).catch((error: unknown) => logger.error({ err: error, component: b.name }, 'component did not stop cleanly'))));
    await runtime.analysis.close();
    await runtime.store.close();
  };

  try {
    const scheduled = startScheduledJobs({
      schedules: { retention: config.retention.schedule, optimize: config.retention.optimize_schedule },
      runner: runtime.jobs,
      retention: runtime.retention,
      store: runtime.store,
      logger,
    });
    background.push({ name: 'jobs', close: () => scheduled.stop() });
    // Feeds load in the background: until a feed has a copy, its silence is a coverage note, never "not listed".
    void runtime.reputation.start();
    background.push({ name: 'reputation', close: async () => runtime.reputation.close() });
    const rateLimit = selectRateLimiter({ redisUrl: config.rate_limit.redis_url, store: runtime.store, clock, readiness: runtime.readiness, logger });
    background.push({ name: 'rate-limiter', close: () => rateLimit.close() });
    // The next hop (smtp.relay) serves the SMTP door and quarantine releases; it connects on first use.
    const relay = createSmtpRelay(config.smtp, logger);
    background.push({ name: 'relay', close: () => relay.close() });
    if (config.http.enabled) doors.push(await startHttpDoor(runtime, rateLimit.limiter, [], createReleaseDelivery(relay, config.auth.authserv_id ?? null)));
    if (config.metrics.enabled && config.metrics.port !== null) {
      const server = await startMetricsServer(runtime.metrics, config.metrics.host, config.metrics.port);
      background.push({ name: 'metrics', address: server.address, close: () => server.close() });
    }
    const gateway = createRuntimeGateway(runtime, runtime.services.quarantine);
    if (config.milter.enabled) doors.push(await startMilterDoor(runtime, gateway));
    if (config.smtp.enabled) doors.push(await startSmtpDoor({ ...runtime, reports: runtime.services.reports, deliveredCopies: runtime.services.deliveredCopies }, gateway, relay));
    const webhooks = startWebhookJobs({ ...runtime, version: VERSION, onOutcome: (outcome) => runtime.metrics.webhookDeliveries.inc({ outcome }) });
    background.push(webhooks);
    if (config.digests.enabled) background.push(startDigestComponent(runtime));
    runtime.readiness.register('webhook_worker', async () => webhooks.health());
    runtime.metrics.gauge('phishgate_webhook_queue_depth', 'Webhook deliveries not yet delivered or given up', () => runtime.services.outbox.pendingCount());
    runtime.metrics.gauge('phishgate_quarantine_messages', 'Quarantined messages not released', async () => (await runtime.services.quarantine.totals()).messages);
    runtime.metrics.gauge('phishgate_quarantine_bytes', 'Bytes of quarantined messages not released', async () => (await runtime.services.quarantine.totals()).bytes);
    runtime.metrics.gauge('phishgate_dns_cache_hits', 'DNS answers for authentication served from the cache', async () => runtime.services.authentication.cacheStats()?.hits ?? 0);
    runtime.metrics.gauge('phishgate_dns_cache_misses', 'DNS queries for authentication sent to the resolver', async () => runtime.services.authentication.cacheStats()?.misses ?? 0);
  } catch (error) {
    await closeAll();
    throw error;
  }

  const addresses = Object.fromEntries([...doors, ...background].filter((c) => c.address).map((c) => [c.name, c.address!]));
  // The message stays "phishgate listening" (scripts wait for it); `doors` says in words what listens where.
  logger.info({ addresses, doors: doorSummary(config, addresses), database: runtime.store.location, version: VERSION }, 'phishgate listening');
  const routing = await mailRoutingProblem(config, runtime.services.tenants.find).catch(() => null);
  if (routing) logger.warn({ setting: 'gateway.default_tenant' }, routing);
  let closing: Promise<void> | null = null;
  return { runtime, addresses, close: () => (closing ??= closeAll()) };
}
