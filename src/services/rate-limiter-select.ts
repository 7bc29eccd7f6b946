import type { Logger } from 'pino';
import type { Clock } from '../core/clock.js';
import type { Readiness } from '../core/readiness.js';
import type { Store } from '../store/database.js';
import { createMemoryRateLimiter, type RateLimiter } from './rate-limiter.js';
import { createRedisRateLimiter } from './rate-limiter-redis.js';
import { createStoreRateLimiter } from './rate-limiter-store.js';

/**
 * Where the buckets live (docs/operations.md): Redis when configured; the database when it is PostgreSQL (shared
 * by every process); otherwise the process itself (one process on SQLite has nobody to share with).
 */
export function selectRateLimiter(options: { redisUrl: string | null; store: Store; clock: Clock; readiness: Readiness; logger: Logger }): {
  limiter: RateLimiter;
  kind: 'redis' | 'database' | 'memory';
  close(): Promise<void>;
} {
  const chosen = pick(options);
  options.logger.info({ rate_limiter: chosen.kind }, 'rate-limit buckets kept in ' + chosen.kind);
  return chosen;
}

function pick(options: { redisUrl: string | null; store: Store; clock: Clock; readiness: Readiness }) {
  if (options.redisUrl) {
    const redis = createRedisRateLimiter(options.redisUrl);
    options.readiness.register('redis', async () => ((await redis.ping()) ? true : 'no PONG'));
    return { limiter: redis as RateLimiter, kind: 'redis' as const, close: () => redis.close() };
  }
  if (options.store.dialect === 'postgres') return { limiter: createStoreRateLimiter(options.store, options.clock), kind: 'database' as const, close: async () => {} };
  return { limiter: createMemoryRateLimiter(options.clock), kind: 'memory' as const, close: async () => {} };
}
