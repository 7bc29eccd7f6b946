/**
 * Domain → value lookups by parent domain ("a.b.paypal.com" finds "paypal.com") in time linear in the
 * host: only the suffixes with as many labels as the longest listed domain can match, so a host with
 * thousands of labels costs the same few hash lookups as a normal one (docs/performance.md, bounded work).
 */
export class SuffixMap<V> {
  private readonly map = new Map<string, V>();
  /** Labels of the longest listed domain. */
  private maxLabels = 0;

  constructor(entries: Iterable<readonly [string, V]> = []) {
    for (const [domain, value] of entries) this.setIfAbsent(domain, value);
  }

  /** Adds `domain` unless present (the first listed owner wins). */
  setIfAbsent(domain: string, value: V): void {
    const key = domain.toLowerCase();
    if (this.map.has(key)) return;
    this.map.set(key, value);
    this.maxLabels = Math.max(this.maxLabels, labelCount(key));
  }

  /** Labels of the longest listed domain: no longer suffix of a host can match. */
  get depth(): number {
    return this.maxLabels;
  }

  get size(): number {
    return this.map.size;
  }

  /** Exact lookup. */
  get(domain: string): V | undefined {
    return this.map.get(domain);
  }

  /** The value of the longest listed domain that is `host` or a parent of it (lower-case host). */
  longest(host: string): V | undefined {
    for (const start of suffixStarts(host, this.maxLabels)) {
      const value = this.map.get(start === 0 ? host : host.slice(start));
      if (value !== undefined) return value;
    }
    return undefined;
  }
}

function labelCount(domain: string): number {
  let n = 1;
  for (let i = domain.indexOf('.'); i >= 0; i = domain.indexOf('.', i + 1)) n++;
  return n;
}

/**
 * Start offsets of the suffixes of `host` with at most `maxLabels` labels, longest first: scanned from the
 * end, so the cost is the length of those suffixes, not of the host.
 */
export function suffixStarts(host: string, maxLabels: number): number[] {
  const starts: number[] = [];
  let end = host.length;
  for (let n = 0; n < maxLabels; n++) {
    const dot = host.lastIndexOf('.', end - 1);
    starts.push(dot + 1);
    if (dot <= 0) break;
    end = dot;
  }
  return starts.reverse();
}
