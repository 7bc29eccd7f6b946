import { Type } from '@sinclair/typebox';
import { Host, Port, Section } from './common.js';

export const WebhooksSection = Section({
  /** Run the delivery worker in this process (outbox rows are written either way, for another process to send). */
  enabled: Type.Boolean(),
  /** Per-attempt timeout, connection to last byte read (docs/api.md: 10 s). */
  timeout_ms: Type.Integer({ minimum: 100 }),
  /** Backoff schedule in seconds after each failed attempt (docs/api.md: 30 s … 24 h); then the delivery is failed. */
  retry_schedule_s: Type.Array(Type.Integer({ minimum: 1 }), { minItems: 1, maxItems: 20 }),
  /** Each delay is spread by ± this fraction, so receivers recovering from an outage are not hit all at once. */
  retry_jitter: Type.Number({ minimum: 0, maximum: 0.5 }),
  /** Deliveries in flight per endpoint (per process). */
  per_endpoint_concurrency: Type.Integer({ minimum: 1 }),
  /** Deliveries in flight in the whole process. */
  global_concurrency: Type.Integer({ minimum: 1 }),
  /** How often the worker looks for due deliveries that no local event announced (retries, other processes). */
  poll_interval_ms: Type.Integer({ minimum: 10 }),
  /** Bytes of a receiver's response that are read and kept; the rest is never read. */
  max_response_bytes: Type.Integer({ minimum: 0, maximum: 65536 }),
  /** Endpoints one tenant may register per mode (each analysis fans out to all of them). */
  max_endpoints_per_tenant: Type.Integer({ minimum: 1 }),
  /** Asynchronous analyses waiting (all processes together) before 429 rate_limited. */
  async_queue_size: Type.Integer({ minimum: 1 }),
  /** Asynchronous analyses run at the same time in this process. */
  async_concurrency: Type.Integer({ minimum: 1 }),
  /** Deliver to loopback, private, link-local, unique-local, CGNAT, multicast and metadata addresses (refused by default: SSRF). */
  allow_private_targets: Type.Boolean(),
});

export const RetentionSection = Section({
  analyses_days: Type.Integer({ minimum: 1 }),
  /** node-cron expressions. */
  schedule: Type.String({ minLength: 1 }),
  optimize_schedule: Type.String({ minLength: 1 }),
  batch_size: Type.Integer({ minimum: 1 }),
  /** Retry window (docs/security.md "Faults and retries"): retry keys and delivered tenant copies are kept this long. */
  idempotency_hours: Type.Integer({ minimum: 1, maximum: 720 }),
});

export const MetricsSection = Section({
  enabled: Type.Boolean(),
  /** null serves /metrics on the API port; a port number serves it on its own listener. */
  port: Type.Union([Port, Type.Null()]),
  host: Host,
});

export const ShutdownSection = Section({
  grace_ms: Type.Integer({ minimum: 0 }),
});
