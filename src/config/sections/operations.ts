import { Type } from '@sinclair/typebox';
import { Host, Port, Section } from './common.js';

export const WebhooksSection = Section({
  enabled: Type.Boolean(),
  timeout_ms: Type.Integer({ minimum: 100 }),
  /** Backoff schedule in seconds after each failed attempt (contract §4: 30 s … 24 h). */
  retry_schedule_s: Type.Array(Type.Integer({ minimum: 1 }), { minItems: 1 }),
  /** Deliveries in flight per endpoint. */
  per_endpoint_concurrency: Type.Integer({ minimum: 1 }),
  /** Deliveries in flight in the whole process. */
  global_concurrency: Type.Integer({ minimum: 1 }),
  poll_interval_ms: Type.Integer({ minimum: 10 }),
  /** Bytes of a receiver's response that are read and kept. */
  max_response_bytes: Type.Integer({ minimum: 0 }),
  /** Asynchronous analyses waiting in the queue before 429. */
  async_queue_size: Type.Integer({ minimum: 1 }),
});

export const RetentionSection = Section({
  analyses_days: Type.Integer({ minimum: 1 }),
  /** node-cron expressions. */
  schedule: Type.String({ minLength: 1 }),
  optimize_schedule: Type.String({ minLength: 1 }),
  batch_size: Type.Integer({ minimum: 1 }),
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
