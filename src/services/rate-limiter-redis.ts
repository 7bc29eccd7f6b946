import { Redis } from 'ioredis';
import type { RateLimiter } from './rate-limiter.js';

/**
 * The token bucket as one Lua script, so refill-and-take is atomic in Redis and every process shares it.
 * It reads Redis's own clock (TIME), so the processes' clocks need not agree.
 */
const TAKE = `
local rate = tonumber(ARGV[1])
local burst = tonumber(ARGV[2])
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local b = redis.call('HMGET', KEYS[1], 'tokens', 'ts')
local tokens = tonumber(b[1])
local ts = tonumber(b[2])
if tokens == nil then tokens = burst; ts = now end
tokens = math.min(burst, tokens + math.max(0, now - ts) / 1000 * rate)
local allowed = 0
if tokens >= 1 then tokens = tokens - 1; allowed = 1 end
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'ts', tostring(now))
redis.call('PEXPIRE', KEYS[1], math.ceil(burst / rate * 1000) + 1000)
return {allowed, tostring(tokens)}
`;

export interface RedisRateLimiter extends RateLimiter {
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

export function createRedisRateLimiter(url: string, prefix = 'phishgate:rl:'): RedisRateLimiter {
  const redis = new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: true, lazyConnect: false });
  // Connection errors surface through failed commands (→ 500 and readiness); don't crash on the event.
  redis.on('error', () => {});
  redis.defineCommand('phishgateTake', { numberOfKeys: 1, lua: TAKE });
  const take = (redis as unknown as { phishgateTake(key: string, rate: number, burst: number): Promise<[number, string]> }).phishgateTake.bind(redis);
  return {
    async take(bucketKey, { perSecond, burst }) {
      const [allowed, tokens] = await take(prefix + bucketKey, perSecond, burst);
      if (allowed === 1) return { allowed: true, retryAfterSeconds: 0 };
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - Number(tokens)) / perSecond)) };
    },
    ping: async () => (await redis.ping()) === 'PONG',
    close: async () => {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
