/** The `webhooks` config section as the services need it; main.ts and the test harness both build it here. */
import type { Config } from '../../config/schema.js';
import { CONTRACT_SCHEDULE_SECONDS } from './retry.js';

export interface WebhookSettings {
  retryScheduleSeconds: number[];
  retryJitter: number;
  /** Uniform in [0, 1): the jitter source, injected so tests are deterministic. */
  random: () => number;
  /** Per-attempt timeout; a claim's lease is this plus a margin, so a live worker never loses one. */
  timeoutMs: number;
  maxEndpoints: number;
  asyncQueueSize: number;
  /** Internal (loopback, private, link-local, …) webhook targets allowed (docs/webhooks.md "Targets"). */
  allowPrivateTargets: boolean;
}

/** A claim outlives the attempt's timeout by this much (settling is a few milliseconds). */
export const LEASE_MARGIN_MS = 60_000;
/** An asynchronous analysis takes milliseconds (seconds with an LLM); a dead process's job returns after this. */
export const ASYNC_LEASE_MS = 5 * 60_000;

export const DEFAULT_WEBHOOK_SETTINGS: WebhookSettings = {
  retryScheduleSeconds: CONTRACT_SCHEDULE_SECONDS,
  retryJitter: 0.1,
  random: Math.random,
  timeoutMs: 10_000,
  maxEndpoints: 20,
  asyncQueueSize: 1000,
  allowPrivateTargets: false,
};

export function webhookSettingsFromConfig(section: Config['webhooks'], random: () => number = Math.random): WebhookSettings {
  return {
    retryScheduleSeconds: section.retry_schedule_s,
    retryJitter: section.retry_jitter,
    random,
    timeoutMs: section.timeout_ms,
    maxEndpoints: section.max_endpoints_per_tenant,
    asyncQueueSize: section.async_queue_size,
    allowPrivateTargets: section.allow_private_targets,
  };
}
