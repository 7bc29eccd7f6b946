import { randomBytes } from 'node:crypto';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** Uniform random base62 string (rejection sampling, so no modulo bias). */
export function randomBase62(length: number, random: (n: number) => Buffer = randomBytes): string {
  let out = '';
  while (out.length < length) {
    for (const byte of random(length * 2)) {
      if (byte < 248) out += BASE62[byte % 62];
      if (out.length === length) break;
    }
  }
  return out;
}

/**
 * Random bytes for identifiers, drawn from a pool filled 4 KiB at a time: one `randomBytes` call per id
 * was 1.7 % of the main thread's time under `bench:api` (docs/performance.md). Each byte is handed out
 * once. Secrets (API keys) still draw fresh bytes of their own (`randomBase62`'s default), so no copy of
 * them stays behind in the pool.
 */
let pool = Buffer.alloc(0);
let taken = 0;
function pooledRandomBytes(n: number): Buffer {
  if (taken + n > pool.length) {
    pool = randomBytes(Math.max(4096, n));
    taken = 0;
  }
  taken += n;
  return pool.subarray(taken - n, taken);
}

/**
 * Prefixed, time-ordered identifiers (`an_0kq3…`): 9 base36 characters of milliseconds then random
 * base62, so ids sort roughly by creation and never collide across processes.
 */
export function newId(prefix: string, nowMs: number = Date.now()): string {
  return `${prefix}_${nowMs.toString(36).padStart(9, '0')}${randomBase62(14, pooledRandomBytes)}`;
}

export type IdGenerator = (prefix: string) => string;
