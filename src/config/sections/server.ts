import { Type } from '@sinclair/typebox';
import { Host, Port, Section } from './common.js';

export const HttpSection = Section({
  enabled: Type.Boolean(),
  host: Host,
  port: Port,
  /** Largest accepted request body (docs/api.md: 10 MiB). */
  body_limit_bytes: Type.Integer({ minimum: 1024 }),
  /**
   * Which X-Forwarded-For / -Proto to believe (docs/security.md "Reverse proxy"): false (none), the
   * number of proxies in front, or the proxies' addresses/CIDRs — the forms Fastify's `trustProxy`
   * takes. `true` (any peer's header) is refused at load: anyone could pick their own client address.
   */
  trust_proxy: Type.Union([
    Type.Literal(false),
    Type.Integer({ minimum: 1, maximum: 16 }),
    Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { minItems: 1, maxItems: 100 }),
  ]),
  /** Cross-origin (browser) access; off while `allowed_origins` is empty. */
  cors: Section({
    allowed_origins: Type.Array(Type.String({ pattern: '^https?://[^/\\s]+/?$' }), { maxItems: 100 }),
    max_age_s: Type.Integer({ minimum: 0, maximum: 86400 }),
  }),
});

export const DatabaseSection = Section({
  /** SQLite file path, or a postgres:// URL. */
  url: Type.String({ minLength: 1 }),
  /** SQLite: how long a writer waits for a lock before failing. */
  busy_timeout_ms: Type.Integer({ minimum: 0 }),
  /** SQLite under `serve`: checkpoint the log this often on a thread of its own (0 = in the commit, SQLite's way). */
  checkpoint_interval_ms: Type.Integer({ minimum: 0, maximum: 3_600_000 }),
  /** PostgreSQL: connections per process. */
  pool_max: Type.Integer({ minimum: 1, maximum: 1000 }),
  /** PostgreSQL: statement_timeout for every connection. */
  statement_timeout_ms: Type.Integer({ minimum: 0 }),
});

export const RateLimitSection = Section({
  /** Tokens added per second to each key's bucket (docs/api.md: 10/s). */
  per_second: Type.Number({ exclusiveMinimum: 0 }),
  /** Bucket capacity: the burst tolerated (docs/api.md: 30). */
  burst: Type.Integer({ minimum: 1 }),
  /** Optional Redis URL to share buckets between processes (otherwise in-process or in the database). */
  redis_url: Type.Union([Type.String({ minLength: 1 }), Type.Null()]),
  /**
   * One bucket per tenant beside the per-key ones, so minting keys does not multiply the rate
   * (docs/security.md "Rate limits"); null = no tenant bucket.
   */
  per_tenant: Type.Union([Section({ per_second: Type.Number({ exclusiveMinimum: 0 }), burst: Type.Integer({ minimum: 1 }) }), Type.Null()]),
  /** Keys a tenant may have that are not revoked (both modes together). */
  max_active_keys_per_tenant: Type.Integer({ minimum: 1 }),
});

export const LogSection = Section({
  level: Type.Union(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].map((l) => Type.Literal(l))),
});
