/**
 * npm run bench:engine -- <corpus-dir> [--rounds N] [--jobs N (default: cores)] [--warmup N (messages per thread)] [--auth]
 *
 * Messages/s per core for parse + analyze (messages already in memory, after a warm-up), p50/p99/max
 * per message and peak RSS. The warm-up is `--warmup` messages per thread (default DEFAULT_WARMUP, cycling
 * through the corpus; with --auth one pass from a cold DNS cache) and counts in no figure. With --jobs N, also the throughput of the worker-thread pool. The machine
 * is shared: besides wall-clock figures it prints CPU-time figures (process CPU seconds, which do not
 * count time spent waiting for a core other processes hold); run it a few times and quote medians.
 * With --auth, every message is also verified (SPF, DKIM, DMARC, ARC; docs/authentication.md) before the
 * engine, against a stub resolver that answers at once, and the DNS cache hit rate is printed.
 */
import { availableParallelism, cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { createEngineFromConfig } from '../src/engine/create.js';
import { createEnginePool } from '../src/engine/worker-pool.js';
import { parseRawMessage } from '../src/mail/parse-raw.js';
import type { DnsResolve } from '../src/services/authentication/resolver.js';
import { createAuthenticationService } from '../src/services/authentication/service.js';
import { BENCH_CTX as ctx, cycled, DEFAULT_WARMUP, feed, loadBenchCorpus, median, poolRound, quantile } from './lib/engine-bench.js';

const { values, positionals } = parseArgs({ options: { rounds: { type: 'string' }, jobs: { type: 'string' }, warmup: { type: 'string' }, auth: { type: 'boolean' } }, allowPositionals: true });
const dir = positionals[0];
if (!dir) {
  console.error('usage: npm run bench:engine -- <corpus-dir> [--rounds N] [--jobs N] [--warmup N] [--auth]');
  process.exit(2);
}
const { config, limits, raws, megabytes } = await loadBenchCorpus(dir);
const engine = createEngineFromConfig(config);

/**
 * A resolver answering at once, so the figure is phishgate's own cost: every domain publishes SPF (not
 * covering the bench's client) and DMARC p=none; DKIM keys do not exist (the corpus's signers' keys are
 * not ours to fetch), which still costs a lookup per signature.
 */
const instantResolve: DnsResolve = async (name, rrtype) => {
  const error = (code: string) => Object.assign(new Error(`${code} ${name}`), { code });
  if (rrtype !== 'TXT' || name.includes('._domainkey.')) throw error('ENOTFOUND');
  return name.startsWith('_dmarc.') ? [['v=DMARC1; p=none']] : [['v=spf1 ip4:192.0.2.0/24 ~all']];
};
const authentication = values.auth ? createAuthenticationService(config.auth, { resolve: instantResolve }) : null;

const cpuMs = (): number => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};
const cpuTimes: number[] = [];
const once = async (raw: Buffer): Promise<number> => {
  const c0 = cpuMs();
  const t0 = performance.now();
  const message = await parseRawMessage(raw, limits);
  if (authentication) {
    const envelope = { clientIp: '198.51.100.1', helo: 'mail.bench.example', mailFrom: message.returnPath ?? message.from?.address ?? '' };
    message.authentication = await authentication.authenticate({ raw, envelope, message, tenantId: '' });
  }
  await engine.analyze(message, message.authentication ? { ...ctx, authentication: message.authentication } : ctx);
  cpuTimes.push(cpuMs() - c0);
  return performance.now() - t0;
};

const warmup = Number(values.warmup ?? DEFAULT_WARMUP);
// With --auth the warm-up starts with one whole pass from a cold DNS cache: its hit rate is what a fresh process sees on this corpus.
let coldPass: ReturnType<NonNullable<typeof authentication>['cacheStats']> | undefined;
if (authentication) {
  for (const raw of raws) await once(raw);
  coldPass = authentication.cacheStats();
}
for (const raw of cycled(raws, Math.max(0, warmup - (authentication ? raws.length : 0)))) await once(raw);
cpuTimes.length = 0;
const cpuRates: number[] = [];
const rounds = Number(values.rounds ?? 3);
const times: number[] = [];
const rates: number[] = [];
for (let round = 0; round < rounds; round++) {
  const started = performance.now();
  const cpuStarted = cpuMs();
  for (const raw of raws) times.push(await once(raw));
  rates.push(raws.length / ((performance.now() - started) / 1000));
  cpuRates.push(raws.length / ((cpuMs() - cpuStarted) / 1000));
}
cpuTimes.sort((a, b) => a - b);
const cpuAt = (q: number): number => quantile(cpuTimes, q);
times.sort((a, b) => a - b);
const at = (q: number): number => quantile(times, q);
console.log(`${raws.length} messages (${megabytes.toFixed(1)} MB) from ${dir}, ${rounds} rounds after a warm-up of ${warmup} messages per thread, one thread${authentication ? ', with SPF/DKIM/DMARC/ARC verification (stub resolver)' : ''}`);
console.log(`parse + analyze: ${median(rates).toFixed(0)} messages/s per core (median of rounds: ${rates.map((r) => r.toFixed(0)).join(', ')})`);
console.log(`per message (wall clock): p50 ${at(0.5).toFixed(2)} ms, p95 ${at(0.95).toFixed(2)} ms, p99 ${at(0.99).toFixed(2)} ms, max ${times[times.length - 1]!.toFixed(1)} ms`);
console.log(`CPU time: ${median(cpuRates).toFixed(0)} messages per CPU-second (rounds: ${cpuRates.map((r) => r.toFixed(0)).join(', ')}); per message p50 ${cpuAt(0.5).toFixed(2)} ms, p95 ${cpuAt(0.95).toFixed(2)} ms, p99 ${cpuAt(0.99).toFixed(2)} ms, max ${cpuTimes[cpuTimes.length - 1]!.toFixed(1)} ms (process CPU, includes GC threads)`);
if (coldPass) {
  const total = coldPass.hits + coldPass.misses;
  console.log(`DNS cache, one pass over the corpus from cold: ${coldPass.hits} hits, ${coldPass.misses} misses (hit rate ${((100 * coldPass.hits) / Math.max(1, total)).toFixed(1)} %), ${coldPass.entries} entries`);
}
console.log(`load average at the end: ${loadavg().map((l) => l.toFixed(2)).join(' ')} on ${cpus().length} cores`);

// N workers: --jobs, default one per core (what `serve` uses with engine.workers.size 0).
const jobs = Number(values.jobs ?? availableParallelism());
if (jobs > 1) {
  const pool = createEnginePool({ size: jobs, config });
  const inWorker: number[] = [];
  // Each worker compiles its own code: the warm-up gives every worker about `warmup` messages, and counts in no figure.
  await feed(cycled(raws, warmup * jobs), jobs * 4, (raw) => pool.analyzeRaw(raw, ctx));
  const poolRates = [await poolRound(pool, raws, inWorker), await poolRound(pool, raws, inWorker)];
  console.log(`worker pool, ${jobs} threads: ${median(poolRates).toFixed(0)} messages/s (rounds: ${poolRates.map((r) => r.toFixed(0)).join(', ')})`);
  inWorker.sort((a, b) => a - b);
  const w = (q: number): string => quantile(inWorker, q).toFixed(2);
  console.log(`per message inside a worker (parse + analyze, wall clock): p50 ${w(0.5)} ms, p95 ${w(0.95)} ms, p99 ${w(0.99)} ms, max ${w(1)} ms`);
  await pool.close();
}
console.log(`peak RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB (the whole process, worker threads included)`);
