import { sql } from 'kysely';
import type { Clock } from '../core/clock.js';
import type { Store } from '../store/database.js';
import { fixedQuery } from '../store/fixed-query.js';
import type { RateDecision, RateLimit, RateLimiter } from './rate-limiter.js';

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
  /** Retry-After of a refused bucket, read again (only refusals pay for this). */
  async function refusal(bucketKey: string, { perSecond, burst }: RateLimit, now: number): Promise<RateDecision> {
    const row = await store.db.selectFrom('rate_limit_buckets').select(['tokens', 'updated_ms']).where('bucket_key', '=', bucketKey).executeTakeFirst();
    const tokens = row ? Math.min(burst, row.tokens + (Math.max(0, now - Number(row.updated_ms)) / 1000) * perSecond) : 0;
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - tokens) / perSecond)) };
  }
  const allowed: RateDecision = { allowed: true, retryAfterSeconds: 0 };

  async function take(bucketKey: string, limit: RateLimit): Promise<RateDecision> {
    const now = clock.now();
    const taken = (await takeToken(store.db, { bucketKey, burst: limit.burst, initial: limit.burst - 1, now, perSecond: limit.perSecond })).rows[0];
    return taken ? allowed : refusal(bucketKey, limit, now);
  }

  if (store.dialect !== 'postgres') return { take };
  const inTurn = takeInTurnStatement();
  return {
    take,
    // Every request on PostgreSQL takes from its key's bucket and its tenant's: one round trip for both.
    async takeInTurn(first, then) {
      const now = clock.now();
      const { rows } = await inTurn(store.db, {
        k1: first.key, b1: first.limit.burst, i1: first.limit.burst - 1, r1: first.limit.perSecond,
        k2: then.key, b2: then.limit.burst, i2: then.limit.burst - 1, r2: then.limit.perSecond,
        now,
      });
      const row = rows[0]!;
      if (Number(row.first) === 0) return [await refusal(first.key, first.limit, now), null];
      return [allowed, Number(row.second) === 1 ? allowed : await refusal(then.key, then.limit, now)];
    },
  };
}

/**
 * PostgreSQL only (SQLite has no INSERT inside WITH): the two upserts of `take` in one statement, the second
 * fed by the first's RETURNING, so it runs only when the first bucket gave a token, as two takes in turn
 * would. Both upserts lock the key's row before the tenant's, in every request, so they cannot deadlock.
 * The second upsert's values come from a SELECT, where PostgreSQL cannot infer a parameter's type from the
 * column: hence the casts.
 */
function takeInTurnStatement() {
  const refilled = (burst: unknown, now: unknown, perSecond: unknown) =>
    sql`least(${burst}, rate_limit_buckets.tokens + greatest(0, ${now} - rate_limit_buckets.updated_ms) / 1000.0 * ${perSecond})`;
  return fixedQuery(['k1', 'b1', 'i1', 'r1', 'k2', 'b2', 'i2', 'r2', 'now'], (db, p) => {
    const query = sql<{ first: number; second: number }>`
      with first as (
        insert into rate_limit_buckets (bucket_key, tokens, updated_ms) values (${p.k1}, ${p.i1}, ${p.now})
        on conflict (bucket_key) do update
          set tokens = ${refilled(p.b1, p.now, p.r1)} - 1, updated_ms = greatest(rate_limit_buckets.updated_ms, ${p.now})
          where ${refilled(p.b1, p.now, p.r1)} >= 1
        returning 1
      ), then_ as (
        insert into rate_limit_buckets (bucket_key, tokens, updated_ms)
          select cast(${p.k2} as text), cast(${p.i2} as double precision), cast(${p.now} as bigint) where exists (select 1 from first)
        on conflict (bucket_key) do update
          set tokens = ${refilled(p.b2, p.now, p.r2)} - 1, updated_ms = greatest(rate_limit_buckets.updated_ms, ${p.now})
          where ${refilled(p.b2, p.now, p.r2)} >= 1
        returning 1
      )
      select (select count(*) from first) as first, (select count(*) from then_) as second`;
    return { compile: () => query.compile(db) };
  });
}
