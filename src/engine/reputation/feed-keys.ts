/**
 * How a feed entry and a link are compared (docs/reputation.md "Feeds"): both are normalised the same way
 * and reduced to a 53-bit hash, so millions of entries fit in a sorted Float64Array (8 bytes each) instead
 * of millions of strings. Two different URLs share a hash with odds of about 2⁻⁵³ per pair: with two million
 * entries, one in four billion links would match wrongly.
 */

/**
 * Scheme, fragment, default port, a trailing slash and the case of the host do not change where a link
 * leads for a phishing feed's purpose (feeds list the same page as http and https): dropped. Path and query
 * are kept as written, case included (paths are case-sensitive). Null for what is not an http(s) URL.
 */
export function normaliseFeedUrl(raw: string): { url: string; host: string } | null {
  const text = raw.trim();
  if (text.length > 4096) return null;
  let parsed: URL;
  try {
    parsed = new URL(text);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
  const host = parsed.hostname.toLowerCase().replace(/\.$/, '');
  if (!host) return null;
  let rest = parsed.pathname + parsed.search;
  while (rest.length > 1 && rest.endsWith('/')) rest = rest.slice(0, -1);
  if (rest === '/') rest = '';
  return { url: host + rest, host };
}

/** Two 32-bit FNV-1a style hashes with different primes, joined into 53 bits (a float's exact integers). */
export function feedKey(text: string): number {
  let a = 0x811c9dc5;
  let b = 0x9747b28c;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995);
    b ^= b >>> 15;
  }
  return (b & 0x1fffff) * 4294967296 + (a >>> 0);
}

/** A growable list of keys, then sorted and de-duplicated once: the compact index of one feed. */
export class KeyCollector {
  private keys = new Float64Array(1024);
  private length = 0;

  add(key: number): void {
    if (this.length === this.keys.length) {
      const next = new Float64Array(this.keys.length * 2);
      next.set(this.keys);
      this.keys = next;
    }
    this.keys[this.length++] = key;
  }

  /**
   * Sorted, unique, trimmed to size (a copy, so the growth slack is freed), in shared memory: serve's worker
   * threads read the same copy instead of each holding its own (docs/reputation.md "Memory").
   */
  finish(): Float64Array {
    const used = this.keys.subarray(0, this.length).sort();
    let unique = 0;
    for (let i = 0; i < used.length; i++) if (i === 0 || used[i] !== used[unique - 1]) used[unique++] = used[i]!;
    const out = new Float64Array(new SharedArrayBuffer(unique * Float64Array.BYTES_PER_ELEMENT));
    out.set(used.subarray(0, unique));
    this.keys = new Float64Array(0);
    return out;
  }
}

export function hasKey(sorted: Float64Array, key: number): boolean {
  let low = 0;
  let high = sorted.length - 1;
  while (low <= high) {
    const mid = (low + high) >>> 1;
    const value = sorted[mid]!;
    if (value === key) return true;
    if (value < key) low = mid + 1;
    else high = mid - 1;
  }
  return false;
}
