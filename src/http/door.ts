import type { AddressInfo } from 'node:net';
import type { FeedStatus } from '../engine/reputation/feed-set.js';
import type { Logger } from 'pino';
import type { Config } from '../config/schema.js';
import type { Readiness } from '../core/readiness.js';
import type { Metrics } from '../ops/metrics.js';
import type { Services } from '../services/index.js';
import { withinGrace, type Component } from '../ops/component.js';
import type { ReleaseDelivery } from '../services/quarantine.js';
import type { RateLimiter } from '../services/rate-limiter.js';
import { VERSION } from '../version.js';
import { buildApp, type AppDeps } from './server.js';
import type { AnalysisClient } from '../engine/analysis-client.js';
import { parseLimitsOf } from '../engine/limits.js';

/** What the REST API door needs from the process (main.ts wires it). */
export interface HttpDoorDeps {
  config: Config;
  services: Services;
  logger: Logger;
  readiness: Readiness;
  metrics: Metrics;
  /** Parses `raw_email` off the event loop in `serve` (docs/performance.md). */
  analysis: Pick<AnalysisClient, 'parse'>;
  /** The process's URL feeds, whose freshness the console's overview shows (docs/reputation.md "Operations"). */
  reputation?: { feeds: { status(): FeedStatus[] } };
}

/** The REST API door: builds the app, listens, registers readiness; close waits for in-flight requests. */
export async function startHttpDoor(runtime: HttpDoorDeps, rateLimiter: RateLimiter, plugins: AppDeps['plugins'] = [], releaseDelivery: ReleaseDelivery | null = null): Promise<Component> {
  const { config } = runtime;
  const app = await buildApp({
    ...runtime.services,
    logger: runtime.logger,
    bodyLimitBytes: config.http.body_limit_bytes,
    trustProxy: config.http.trust_proxy,
    cors: { allowedOrigins: config.http.cors.allowed_origins, maxAgeSeconds: config.http.cors.max_age_s },
    version: VERSION,
    rateLimiter,
    defaultRate: { perSecond: config.rate_limit.per_second, burst: config.rate_limit.burst },
    tenantRate: config.rate_limit.per_tenant && { perSecond: config.rate_limit.per_tenant.per_second, burst: config.rate_limit.per_tenant.burst },
    readiness: runtime.readiness,
    metrics: config.metrics.enabled ? runtime.metrics : undefined,
    serveMetrics: config.metrics.enabled && config.metrics.port === null,
    plugins,
    parseLimits: parseLimitsOf(config.engine),
    parseRaw: (raw) => runtime.analysis.parse(raw),
    releaseDelivery,
    console: { enabled: config.console.enabled, path: config.console.path, signInPerMinute: config.console.sign_in_per_minute },
    ...(runtime.reputation ? { feedStatus: () => runtime.reputation!.feeds.status() } : {}),
    selfServiceEnabled: config.self_service.enabled,
    pageSettingsOf: (tenantId) => {
      const settings = runtime.services.digests.settingsOf(tenantId);
      return { language: settings.language, timeZone: settings.timeZone };
    },
  });
  try {
    await app.listen({ host: config.http.host, port: config.http.port });
  } catch (error) {
    await app.close();
    throw error;
  }
  const { address, port } = app.server.address() as AddressInfo;
  runtime.readiness.register('http', async () => (app.server.listening ? true : 'not listening'));
  return {
    name: 'http',
    address: `${address}:${port}`,
    async close(graceMs) {
      runtime.readiness.unregister('http');
      // Fastify stops accepting, closes idle keep-alive connections and waits for requests in flight.
      if ((await withinGrace(app.close(), graceMs)) === 'timeout') {
        runtime.logger.warn({ graceMs }, 'HTTP requests still running after the grace period; closing connections');
        app.server.closeAllConnections();
      }
    },
  };
}
