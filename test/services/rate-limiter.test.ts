import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { manualClock } from '../../src/core/clock.js';
import { createMemoryRateLimiter, takeInTurn, takeToken, type RateLimiter } from '../../src/services/rate-limiter.js';
import { createRedisRateLimiter } from '../../src/services/rate-limiter-redis.js';
import { createStoreRateLimiter } from '../../src/services/rate-limiter-store.js';
import { migrateToLatest, openStore, type Store } from '../../src/store/database.js';
import { createPostgresDatabase, DIALECTS } from '../support/dialects.js';

const LIMIT = { perSecond: 10, burst: 30 };

describe('takeToken', () => {
  it('starts full, takes one per call, refills at the rate, never above the burst', () => {
    let state = takeToken(undefined, LIMIT, 0);
    expect(state.bucket.tokens).toBe(29);
    for (let i = 0; i < 29; i++) state = takeToken(state.bucket, LIMIT, 0);
    expect(state.decision).toEqual({ allowed: true, retryAfterSeconds: 0 });
    state = takeToken(state.bucket, LIMIT, 0);
    expect(state.decision).toEqual({ allowed: false, retryAfterSeconds: 1 });
    expect(takeToken(state.bucket, LIMIT, 100).decision.allowed).toBe(true);
    expect(takeToken(state.bucket, LIMIT, 3_600_000).bucket.tokens).toBe(29);
    expect(takeToken(takeToken(undefined, { perSecond: 0.1, burst: 1 }, 0).bucket, { perSecond: 0.1, burst: 1 }, 0).decision.retryAfterSeconds).toBe(10);
  });
});

/** The behaviour every implementation must share. */
function behavesLikeATokenBucket(make: () => { limiter: RateLimiter; clock: ReturnType<typeof manualClock> }): void {
  it('allows the burst, refuses the next with Retry-After, refills at the rate', async () => {
    const { limiter, clock } = make();
    for (let i = 0; i < 30; i++) expect((await limiter.take('k', LIMIT)).allowed).toBe(true);
    expect(await limiter.take('k', LIMIT)).toEqual({ allowed: false, retryAfterSeconds: 1 });
    clock.advance(500);
    for (let i = 0; i < 5; i++) expect((await limiter.take('k', LIMIT)).allowed).toBe(true);
    expect((await limiter.take('k', LIMIT)).allowed).toBe(false);
    expect((await limiter.take('other', LIMIT)).allowed).toBe(true);
  });

  // A key's bucket, then its tenant's (http/auth.ts): the second is asked only when the first allowed.
  it('takes in turn: from the second bucket only when the first gave a token, each refusal with its Retry-After', async () => {
    const { limiter, clock } = make();
    const key = { key: 'key:a', limit: { perSecond: 1, burst: 2 } };
    const tenant = { key: 'tenant:t', limit: { perSecond: 0.5, burst: 3 } };
    const ok = { allowed: true, retryAfterSeconds: 0 };
    expect(await takeInTurn(limiter, key, tenant)).toEqual([ok, ok]);
    expect(await takeInTurn(limiter, key, tenant)).toEqual([ok, ok]);
    // The key's bucket is empty: refused there; the tenant's is not asked, so its last token stays.
    expect(await takeInTurn(limiter, key, tenant)).toEqual([{ allowed: false, retryAfterSeconds: 1 }, null]);
    expect(await limiter.take('tenant:t', tenant.limit)).toEqual(ok);
    expect(await limiter.take('tenant:t', tenant.limit)).toEqual({ allowed: false, retryAfterSeconds: 2 });
    clock.advance(2_000);
    expect(await takeInTurn(limiter, key, tenant)).toEqual([ok, ok]);
    // The tenant's bucket is empty: refused there, and the key's token is spent.
    expect(await takeInTurn(limiter, key, tenant)).toEqual([ok, { allowed: false, retryAfterSeconds: 2 }]);
    expect(await takeInTurn(limiter, key, tenant)).toEqual([{ allowed: false, retryAfterSeconds: 1 }, null]);
  });

  it('takes in turn exactly under concurrency: the second bucket only for those the first allowed', async () => {
    const { limiter } = make();
    const key = { key: 'key:c', limit: { perSecond: 0.001, burst: 30 } };
    const tenant = { key: 'tenant:c', limit: { perSecond: 0.001, burst: 40 } };
    const results = await Promise.all(Array.from({ length: 60 }, () => takeInTurn(limiter, key, tenant)));
    expect(results.filter(([first]) => first.allowed)).toHaveLength(30);
    expect(results.filter(([, then]) => then?.allowed)).toHaveLength(30);
    expect(results.filter(([first, then]) => !first.allowed && then !== null)).toHaveLength(0);
    // The refused thirty left the tenant's bucket alone: ten tokens remain.
    const rest = await Promise.all(Array.from({ length: 15 }, () => limiter.take('tenant:c', tenant.limit)));
    expect(rest.filter((r) => r.allowed)).toHaveLength(10);
  });

  it('never lets more than the burst through under concurrency', async () => {
    const { limiter } = make();
    const results = await Promise.all(Array.from({ length: 60 }, () => limiter.take('burst', LIMIT)));
    expect(results.filter((r) => r.allowed)).toHaveLength(30);
  });
}

describe('memory rate limiter', () => {
  behavesLikeATokenBucket(() => {
    const clock = manualClock(0);
    return { limiter: createMemoryRateLimiter(clock), clock };
  });

  it('evicts the least recently used buckets past its cap', async () => {
    const limiter = createMemoryRateLimiter(manualClock(0), 2);
    await limiter.take('a', { perSecond: 1, burst: 1 });
    await limiter.take('b', { perSecond: 1, burst: 1 });
    await limiter.take('c', { perSecond: 1, burst: 1 });
    expect((await limiter.take('a', { perSecond: 1, burst: 1 })).allowed).toBe(true);
  });
});

describe.each(DIALECTS)('store rate limiter (%s)', (dialect) => {
  let stores: Store[] = [];
  let cleanup: () => Promise<void>;
  let url: string;
  const clock = manualClock(1_000_000);

  beforeEach(async () => {
    if (dialect === 'postgres') {
      const db = await createPostgresDatabase();
      url = db.url;
      cleanup = db.drop;
    } else {
      const dir = mkdtempSync(join(tmpdir(), 'phishgate-rl-'));
      url = join(dir, 'rl.db');
      cleanup = async () => rmSync(dir, { recursive: true, force: true });
    }
    stores = [openStore(url), openStore(url)];
    await migrateToLatest(stores[0]!);
  });
  afterEach(async () => {
    for (const store of stores) await store.close();
    await cleanup();
  });

  behavesLikeATokenBucket(() => ({ limiter: createStoreRateLimiter(stores[0]!, clock), clock }));

  it('shares one bucket between two connections, as between two processes', async () => {
    const a = createStoreRateLimiter(stores[0]!, clock);
    const b = createStoreRateLimiter(stores[1]!, clock);
    const key = `shared-${randomBytes(4).toString('hex')}`;
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => (i % 2 ? a : b).take(key, LIMIT)));
    expect(results.filter((r) => r.allowed)).toHaveLength(30);
  });
});

const REDIS_URL = process.env.PHISHGATE_TEST_REDIS_URL;
describe.skipIf(!REDIS_URL)('redis rate limiter (PHISHGATE_TEST_REDIS_URL)', () => {
  it('allows the burst, refuses the next, and shares buckets between instances', async () => {
    const prefix = `phishgate-test:${randomBytes(6).toString('hex')}:`;
    const a = createRedisRateLimiter(REDIS_URL!, prefix);
    const b = createRedisRateLimiter(REDIS_URL!, prefix);
    try {
      const slow = { perSecond: 0.5, burst: 10 };
      const results = await Promise.all(Array.from({ length: 30 }, (_, i) => (i % 2 ? a : b).take('k', slow)));
      expect(results.filter((r) => r.allowed)).toHaveLength(10);
      expect(await a.take('k', slow)).toEqual({ allowed: false, retryAfterSeconds: 2 });
      expect(await a.ping()).toBe(true);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
