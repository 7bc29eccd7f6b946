/**
 * The webhook background work (docs/webhooks.md) as one thing `serve` starts and stops (docs/operations.md): the asynchronous
 * analysis runner and the webhook delivery worker. Shaped like the composition root's other components
 * (`{ name, close(graceMs) }`), so it joins the list of things stopped after the doors.
 */
import type { Logger } from 'pino';
import type { Config } from '../config/schema.js';
import type { Clock } from '../core/clock.js';
import type { Services } from '../services/index.js';
import type { SettleResult } from '../services/webhooks/outbox.js';
import { createAsyncAnalysisRunner } from './async-analysis-runner.js';
import { createWebhookWorker } from './webhook-worker.js';

export interface WebhookJobsDeps {
  config: Config;
  services: Services;
  clock: Clock;
  logger: Logger;
  version: string;
  /** Per recorded attempt, for a `phishgate_webhook_deliveries_total{outcome}` counter. */
  onOutcome?: (outcome: DeliveryOutcome) => void;
}

export type DeliveryOutcome = 'success' | 'retry' | 'failed' | 'lost';

const OUTCOMES: Record<SettleResult, DeliveryOutcome> = { succeeded: 'success', retrying: 'retry', failed: 'failed', lost: 'lost' };

export interface WebhookJobs {
  name: string;
  close(graceMs: number): Promise<void>;
  /** true while the delivery worker keeps polling (or is disabled here), else why not. */
  health(): true | string;
}

export function startWebhookJobs(deps: WebhookJobsDeps): WebhookJobs {
  const { config, services, clock, logger } = deps;
  const runner = createAsyncAnalysisRunner({
    service: services.asyncAnalysis,
    logger,
    concurrency: config.webhooks.async_concurrency,
    pollIntervalMs: config.webhooks.poll_interval_ms,
  });
  // Disabled: outbox rows are still written, for another process sharing the database to deliver.
  const worker = config.webhooks.enabled
    ? createWebhookWorker({
        outbox: services.outbox,
        clock,
        logger,
        version: deps.version,
        timeoutMs: config.webhooks.timeout_ms,
        maxResponseBytes: config.webhooks.max_response_bytes,
        perEndpointConcurrency: config.webhooks.per_endpoint_concurrency,
        globalConcurrency: config.webhooks.global_concurrency,
        pollIntervalMs: config.webhooks.poll_interval_ms,
        allowPrivateTargets: config.webhooks.allow_private_targets,
        onAttempt: deps.onOutcome ? (result) => deps.onOutcome!(OUTCOMES[result]) : undefined,
      })
    : null;
  runner.start();
  worker?.start();
  // A poll that has not come back for this long means the worker is stuck (or the store is down).
  const staleAfterMs = Math.max(30_000, 20 * config.webhooks.poll_interval_ms);
  return {
    name: 'webhooks',
    health() {
      if (!worker) return true;
      const silentFor = clock.now() - worker.lastPollAt();
      return silentFor <= staleAfterMs ? true : `delivery worker has not polled for ${Math.round(silentFor / 1000)} s`;
    },
    /**
     * Analyses first (finishing them may queue events), then the attempts on the wire. Past the grace
     * period open requests are cut; they count as failed attempts and are retried after the restart.
     * Nothing unsent is lost either way: it stays in the store.
     */
    async close(graceMs) {
      await runner.stop();
      await worker?.stop(graceMs);
    },
  };
}
