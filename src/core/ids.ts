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
 * Prefixed, time-ordered identifiers (`an_0kq3…`): 9 base36 characters of milliseconds then random
 * base62, so ids sort roughly by creation and never collide across processes.
 */
export function newId(prefix: string, nowMs: number = Date.now()): string {
  return `${prefix}_${nowMs.toString(36).padStart(9, '0')}${randomBase62(14)}`;
}

export type IdGenerator = (prefix: string) => string;
