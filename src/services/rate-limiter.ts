import type { Clock } from '../core/clock.js';

export interface RateDecision {
  allowed: boolean;
  /** Whole seconds until a token is available (≥ 1 when refused). */
  retryAfterSeconds: number;
}

export interface RateLimit {
  perSecond: number;
  burst: number;
}

/** Per-key token bucket (docs/api.md). Implementations: in-process here; shared ones for scale-out. */
export interface RateLimiter {
  take(bucketKey: string, limit: RateLimit): Promise<RateDecision>;
  /**
   * What `takeInTurn` below does, in one step: an implementation whose `take` is a round trip to a shared
   * store does both there at once (the database limiter on PostgreSQL).
   */
  takeInTurn?(first: BucketTake, then: BucketTake): Promise<[RateDecision, RateDecision | null]>;
}

export interface BucketTake {
  key: string;
  limit: RateLimit;
}

/**
 * A token from `first`, and only when it was allowed a token from `then` (a key's bucket, then its
 * tenant's: docs/security.md "Rate limits"); `null` for `then` when it was not asked.
 */
export async function takeInTurn(limiter: RateLimiter, first: BucketTake, then: BucketTake): Promise<[RateDecision, RateDecision | null]> {
  if (limiter.takeInTurn) return limiter.takeInTurn(first, then);
  const decision = await limiter.take(first.key, first.limit);
  return [decision, decision.allowed ? await limiter.take(then.key, then.limit) : null];
}

interface Bucket {
  tokens: number;
  updatedAt: number;
}

/** Pure refill-and-take step, shared by every implementation so they agree to the token. */
export function takeToken(bucket: Bucket | undefined, limit: RateLimit, now: number): { bucket: Bucket; decision: RateDecision } {
  const elapsed = bucket ? Math.max(0, now - bucket.updatedAt) / 1000 : 0;
  const tokens = bucket ? Math.min(limit.burst, bucket.tokens + elapsed * limit.perSecond) : limit.burst;
  if (tokens >= 1) return { bucket: { tokens: tokens - 1, updatedAt: now }, decision: { allowed: true, retryAfterSeconds: 0 } };
  const wait = (1 - tokens) / limit.perSecond;
  return { bucket: { tokens, updatedAt: now }, decision: { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(wait)) } };
}

export function createMemoryRateLimiter(clock: Clock, maxBuckets = 100_000): RateLimiter {
  const buckets = new Map<string, Bucket>();
  return {
    async take(bucketKey, limit) {
      const now = clock.now();
      const { bucket, decision } = takeToken(buckets.get(bucketKey), limit, now);
      // Re-insert so the Map's order is least-recently-used first; evict the oldest past the cap.
      buckets.delete(bucketKey);
      buckets.set(bucketKey, bucket);
      if (buckets.size > maxBuckets) buckets.delete(buckets.keys().next().value!);
      return decision;
    },
  };
}
