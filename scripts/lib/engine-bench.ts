/**
 * What the engine benchmarks share (bench-engine.ts, bench-rspamd.ts): the corpus read into memory with
 * the configured limits, the analysis context, feeding messages with bounded concurrency, quantiles.
 */
import { loadConfig } from '../../src/config/loader.js';
import { parseLimitsOf } from '../../src/engine/limits.js';
import type { EnginePool } from '../../src/engine/worker-pool.js';
import { readMailSources } from '../../src/mail/mail-source.js';

/** No lists, no tenant domains: the engine's own work on the message. */
export const BENCH_CTX = { allowList: [], blockList: [], tenantDomains: [], now: Date.now() };

export async function loadBenchCorpus(dir: string) {
  const config = loadConfig({ env: {} });
  const limits = parseLimitsOf(config.engine);
  const raws: Buffer[] = [];
  for await (const mail of readMailSources([dir], limits.maxMessageBytes)) raws.push(mail.raw);
  return { config, limits, raws, megabytes: raws.reduce((s, r) => s + r.length, 0) / 1e6 };
}

/** Sends every message through `handle`, `concurrency` at a time; resolves with messages per second (wall clock). */
export async function feed(raws: readonly Buffer[], concurrency: number, handle: (raw: Buffer) => Promise<unknown>): Promise<number> {
  const started = performance.now();
  let next = 0;
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (next < raws.length) await handle(raws[next++]!);
  }));
  return raws.length / ((performance.now() - started) / 1000);
}

/** One pass of the corpus through the worker pool, four messages in flight per thread; pushes each message's in-worker time. */
export function poolRound(pool: EnginePool, raws: readonly Buffer[], inWorker: number[]): Promise<number> {
  return feed(raws, pool.size * 4, async (raw) => inWorker.push((await pool.analyzeRaw(raw, BENCH_CTX)).ms));
}

/**
 * Messages each thread analyses before anything is measured. V8 keeps optimising the engine's code for its
 * first few thousand messages, on background compiler threads: on train-extra (413 messages), after one pass
 * the next four still cost 2.7 CPU-ms per message (0.8 of it on V8's background threads), after ten passes
 * 2.1 (0.2, garbage collection helpers) (docs/performance.md, "The engine's own costs"). A server analyses
 * far more messages per worker; what it spends per message then is the figure to compare. `--warmup 0`
 * shows a fresh process.
 */
export const DEFAULT_WARMUP = 4000;

/** `count` messages taken from `raws` in order, starting again at the first when it runs out. */
export const cycled = (raws: readonly Buffer[], count: number): Buffer[] => Array.from({ length: raws.length ? count : 0 }, (_, i) => raws[i % raws.length]!);

/** The q-quantile of an ascending array. */
export const quantile = (sorted: readonly number[], q: number): number => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
export const median = (xs: readonly number[]): number => quantile([...xs].sort((a, b) => a - b), 0.5);
