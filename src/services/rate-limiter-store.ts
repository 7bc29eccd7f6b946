import { sql } from 'kysely';
import type { Clock } from '../core/clock.js';
import type { Store } from '../store/database.js';
import { fixedQuery } from '../store/fixed-query.js';
import type { RateLimiter } from './rate-limiter.js';

/**
 * Token buckets in the database, so every process behind a load balancer shares one bucket per key
 * (docs/operations.md). One upsert refills and takes a token atomically; the guard refuses when the refilled
 * bucket holds less than one token, and a second read (only then) computes Retry-After.
 */
export function createStoreRateLimiter(store: Store, clock: Clock): RateLimiter {
  // SQLite spells least/greatest as the multi-argument min/max.
  const least = sql.raw(store.dialect === 'sqlite' ? 'min' : 'least');
  const greatest = sql.raw(store.dialect === 'sqlite' ? 'max' : 'greatest');
  // Every request on PostgreSQL runs this upsert: compiled once (store/fixed-query.ts; building it with
  // Kysely each time cost more of the main thread than the round trip's own work).
  const takeToken = fixedQuery(['bucketKey', 'burst', 'initial', 'now', 'perSecond'], (db, p) => {
    // Elapsed time is clamped at 0: another process's clock may run slightly ahead of ours.
    const refilled = sql<number>`${least}(${p.burst}, rate_limit_buckets.tokens + ${greatest}(0, ${p.now} - rate_limit_buckets.updated_ms) / 1000.0 * ${p.perSecond})`;
    return db
      .insertInto('rate_limit_buckets')
      .values({ bucket_key: p.bucketKey, tokens: p.initial, updated_ms: p.now })
      .onConflict((oc) =>
        oc
          .column('bucket_key')
          .doUpdateSet({ tokens: sql`${refilled} - 1`, updated_ms: sql`${greatest}(rate_limit_buckets.updated_ms, ${p.now})` })
          .where(sql<boolean>`${refilled} >= 1`),
      )
      .returning('tokens');
  });
  return {
    async take(bucketKey, { perSecond, burst }) {
      const now = clock.now();
      const taken = (await takeToken(store.db, { bucketKey, burst, initial: burst - 1, now, perSecond })).rows[0];
      if (taken) return { allowed: true, retryAfterSeconds: 0 };
      const row = await store.db.selectFrom('rate_limit_buckets').select(['tokens', 'updated_ms']).where('bucket_key', '=', bucketKey).executeTakeFirst();
      const tokens = row ? Math.min(burst, row.tokens + (Math.max(0, now - Number(row.updated_ms)) / 1000) * perSecond) : 0;
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - tokens) / perSecond)) };
    },
  };
}
