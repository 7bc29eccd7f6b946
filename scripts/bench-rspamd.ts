/**
 * npm run bench:rspamd -- <corpus-dir> [--jobs N (default: cores)] [--rounds N (default 3)] [--warmup N (messages per worker)]
 *                         [--content-view] [--no-scan] [--profile]
 *
 * Rspamd and phishgate on the same messages and cores, whole process: a private Rspamd (stock Debian
 * configuration, its own temporary config and ports, N normal workers) gets every message over HTTP
 * /checkv2, then phishgate's worker pool (N threads, as in bench-engine.ts) analyses the same messages;
 * the two alternate, round after round, after a warm-up of `--warmup` messages per worker each (default
 * DEFAULT_WARMUP, cycling through the corpus; lib/engine-bench.ts says why). Prints messages/s (median of the
 * rounds), the ratio, CPU-milliseconds per message of each whole process, phishgate's per-message time in
 * its workers and the load average. Neither side uses the network: Rspamd's DNS goes to a stub that
 * answers NXDOMAIN at once (RBL, SURBL, SPF, DKIM, DMARC, fuzzy lookups cost a round trip, not a
 * timeout), phishgate does no authentication here (bench-engine.ts --auth measures that). Redis on
 * 127.0.0.1:6379, when it answers, is given to Rspamd (database 14) as the stock modules expect.
 * Exits 0 with a note when rspamd is not installed.
 *
 * Two phishgate figures, each beside the same Rspamd rounds: the steady-state engine (the worker pool
 * above, warmed up; compared by messages/s and by CPU time per message) and the whole process as a
 * user runs it, `phishgate scan DIR --jobs N` of the built CLI (dist/, `npm run build`) on the same
 * messages written to a folder, start-up, reading the files and printing included (skipped with a
 * note when dist/ is missing, or with --no-scan). Rspamd is a daemon already running and warmed up in
 * both comparisons: its start-up is never counted. `--content-view` first reduces every message to
 * the content-only view (scripts/lib/content-view.ts, docs/detection.md "Measured figures"), as issue
 * 33 measured. `--profile` then profiles parse + analyze of every message on one thread and prints
 * which stage the CPU time goes to (scripts/lib/stage-profile.ts).
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createEngineFromConfig } from '../src/engine/create.js';
import { createEnginePool } from '../src/engine/worker-pool.js';
import { parseRawMessage } from '../src/mail/parse-raw.js';
import { startStubDnsServer } from '../test/support/stub-dns.js';
import { processCpu } from './bench-support.js';
import { contentView } from './lib/content-view.js';
import { BENCH_CTX, cycled, DEFAULT_WARMUP, feed, loadBenchCorpus, median, poolRound, quantile } from './lib/engine-bench.js';
import { profileStages } from './lib/stage-profile.js';

const { values, positionals } = parseArgs({ options: { jobs: { type: 'string' }, rounds: { type: 'string' }, warmup: { type: 'string' }, 'content-view': { type: 'boolean' }, 'no-scan': { type: 'boolean' }, profile: { type: 'boolean' } }, allowPositionals: true });
const dir = positionals[0];
if (!dir) {
  console.error('usage: npm run bench:rspamd -- <corpus-dir> [--jobs N] [--rounds N] [--warmup N] [--content-view] [--no-scan] [--profile]');
  process.exit(2);
}
if (spawnSync('rspamd', ['--version']).error) {
  console.log('rspamd is not installed (Debian: apt-get install rspamd); nothing measured.');
  process.exit(0);
}
const jobs = Number(values.jobs ?? availableParallelism());
const rounds = Number(values.rounds ?? 3);
const warmup = Number(values.warmup ?? DEFAULT_WARMUP);
const corpus = await loadBenchCorpus(dir);
const { config, limits } = corpus;
const raws = values['content-view'] ? corpus.raws.map(contentView) : corpus.raws;
const megabytes = raws.reduce((sum, raw) => sum + raw.length, 0) / 1e6;
const CLI = fileURLToPath(new URL('../dist/cli/main.js', import.meta.url));
const scanWanted = !values['no-scan'];
const scanPossible = scanWanted && existsSync(CLI);

const freePort = (): Promise<number> => new Promise((resolve) => {
  const server = createServer().listen(0, '127.0.0.1', () => {
    const { port } = server.address() as { port: number };
    server.close(() => resolve(port));
  });
});
/**
 * True when Redis answers on 127.0.0.1:6379. Database 14 is this benchmark's own: it is emptied first, so
 * that every run starts from the same state (Rspamd's neural, greylist, reputation and history modules write there).
 */
const redisAnswers = (): Promise<boolean> => new Promise((resolve) => {
  const socket = createConnection(6379, '127.0.0.1', () => socket.end('SELECT 14\r\nFLUSHDB\r\n'));
  socket.on('data', () => undefined);
  socket.on('close', (hadError) => resolve(!hadError));
  socket.on('error', () => undefined);
});

const dns = await startStubDnsServer({});
const port = await freePort();
const home = mkdtempSync(join(tmpdir(), 'bench-rspamd-'));
// Hyperscan databases take Rspamd a minute to compile; they are kept between runs.
const cache = join(tmpdir(), 'bench-rspamd-cache');
mkdirSync(join(home, 'local.d'), { recursive: true });
mkdirSync(cache, { recursive: true });
writeFileSync(join(home, 'rspamd.conf'), `.include "$CONFDIR/common.conf"
options {
  pidfile = "${home}/rspamd.pid";
  .include "$CONFDIR/options.inc"
  .include(priority=1,duplicate=merge) "$LOCAL_CONFDIR/local.d/options.inc"
}
logging { type = "file"; filename = "${home}/rspamd.log"; level = "info"; }
worker "normal" {
  bind_socket = "127.0.0.1:${port}";
  .include "$CONFDIR/worker-normal.inc"
  count = ${jobs};
}
`);
writeFileSync(join(home, 'local.d', 'options.inc'), `control_socket = "${home}/rspamd.sock mode=0600";\ndns { nameserver = ["${dns.address}"]; }\n`);
const redis = await redisAnswers();
if (redis) writeFileSync(join(home, 'local.d', 'redis.conf'), 'servers = "127.0.0.1:6379";\ndb = "14";\n');
const vars = { CONFDIR: '/etc/rspamd', LOCAL_CONFDIR: home, DBDIR: cache, RUNDIR: home, LOGDIR: home };
const rspamd = spawn('rspamd', ['-f', '-i', '-c', join(home, 'rspamd.conf'), ...Object.entries(vars).flatMap(([k, v]) => ['--var', `${k}=${v}`])], { stdio: 'ignore' });
// Rspamd outlives its parent: stop it however this process ends.
process.on('exit', () => rspamd.kill('SIGTERM'));
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => process.exit(1));
const stop = async (): Promise<void> => {
  rspamd.kill('SIGTERM');
  await dns.close();
  rmSync(home, { recursive: true, force: true });
};

const log = (): string => {
  try {
    return readFileSync(join(home, 'rspamd.log'), 'utf8');
  } catch {
    return '';
  }
};
/**
 * Ready once the Hyperscan databases are in use (before that Rspamd matches with PCRE, slower): loaded from
 * the cache before the workers start ("compiled 0 regular expressions"), or compiled and then loaded by each worker.
 */
const ready = (text: string): boolean => /compiled 0 regular expressions/.test(text) || (text.match(/rspamd_worker_hyperscan_ready/g)?.length ?? 0) >= jobs;
const deadline = Date.now() + 180_000;
while (!ready(log())) {
  if (rspamd.exitCode !== null || Date.now() > deadline) {
    console.error(`rspamd did not get ready (exit ${rspamd.exitCode}); its log:\n${log().slice(-3000)}`);
    await stop();
    process.exit(1);
  }
  await new Promise((r) => setTimeout(r, 500));
}

/** Rspamd waits on DNS and Redis between its CPU work: more messages in flight per worker keep its cores busy. */
const RSPAMD_IN_FLIGHT = 16;
const check = async (raw: Buffer): Promise<void> => {
  const response = await fetch(`http://127.0.0.1:${port}/checkv2`, { method: 'POST', body: raw });
  if (!response.ok) throw new Error(`rspamd answered ${response.status}`);
  await response.json();
};
/** CPU seconds of Rspamd's worker processes (its children). */
const rspamdCpu = (): number => readFileSync(`/proc/${rspamd.pid}/task/${rspamd.pid}/children`, 'utf8').trim().split(/\s+/).reduce((s, pid) => s + (processCpu(Number(pid))?.total ?? 0), 0);
const ownCpu = (): number => processCpu(process.pid)?.total ?? 0;
const measure = async (cpu: () => number, round: () => Promise<number>): Promise<{ rate: number; cpuMs: number }> => {
  const c0 = cpu();
  const rate = await round();
  return { rate, cpuMs: ((cpu() - c0) * 1000) / raws.length };
};

/** The same messages as files, for `phishgate scan DIR`: one .eml each, in the corpus's order. */
const scanDir = join(home, 'scan-input');
if (scanPossible) {
  mkdirSync(scanDir);
  raws.forEach((raw, i) => writeFileSync(join(scanDir, `${String(i).padStart(5, '0')}.eml`), raw));
}
/** CPU seconds of this process's waited-for children (Linux /proc: cutime + cstime). */
const childrenCpu = (): number => {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[13]) + Number(fields[14])) / 100;
};
/** One `phishgate scan DIR --jobs N` of the built CLI, a fresh process: messages/s from spawn to exit. */
const scanRound = (): Promise<{ rate: number; cpuMs: number }> => new Promise((resolve, reject) => {
  const cpu0 = childrenCpu();
  const started = performance.now();
  // The shipped defaults whatever the caller's environment says; verdict lines go nowhere, the summary is checked.
  const child = spawn(process.execPath, [CLI, 'scan', scanDir, '--jobs', String(jobs), '--jsonl'], { env: { ...process.env, PHISHGATE_CONFIG: '' }, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  child.on('close', (code) => {
    const seconds = (performance.now() - started) / 1000;
    const scanned = Number(/scanned (\d+) message/.exec(stderr)?.[1] ?? 0);
    if (code !== 0 || scanned !== raws.length) return reject(new Error(`phishgate scan exited with ${code} after ${scanned} of ${raws.length} messages: ${stderr.slice(-500)}`));
    resolve({ rate: raws.length / seconds, cpuMs: ((childrenCpu() - cpu0) * 1000) / raws.length });
  });
});

const pool = createEnginePool({ size: jobs, config });
const inWorker: number[] = [];
const warmupMessages = cycled(raws, warmup * jobs);
await feed(warmupMessages, jobs * RSPAMD_IN_FLIGHT, check);
await feed(warmupMessages, jobs * 4, (raw) => pool.analyzeRaw(raw, BENCH_CTX));
const rs: Array<{ rate: number; cpuMs: number }> = [];
const pg: Array<{ rate: number; cpuMs: number }> = [];
const scans: Array<{ rate: number; cpuMs: number }> = [];
for (let round = 0; round < rounds; round++) {
  rs.push(await measure(rspamdCpu, () => feed(raws, jobs * RSPAMD_IN_FLIGHT, check)));
  pg.push(await measure(ownCpu, () => poolRound(pool, raws, inWorker)));
  if (scanPossible) scans.push(await scanRound());
}
await pool.close();
await stop();

const rates = (xs: typeof rs): string => xs.map((x) => x.rate.toFixed(0)).join(', ');
const rsRate = median(rs.map((x) => x.rate));
const pgRate = median(pg.map((x) => x.rate));
inWorker.sort((a, b) => a - b);
const w = (q: number): string => quantile(inWorker, q).toFixed(2);
console.log(`${raws.length} messages (${megabytes.toFixed(1)} MB) from ${dir}, ${jobs} Rspamd workers / ${jobs} phishgate threads, ${rounds} alternating rounds after a warm-up of ${warmup} messages per worker${redis ? ', Rspamd with Redis' : ', no Redis (Rspamd modules that need it are off)'}`);
console.log(`rspamd ${spawnSync('rspamd', ['--version']).stdout.toString().trim().split('\n').pop()}: ${rsRate.toFixed(0)} messages/s (rounds: ${rates(rs)}), ${median(rs.map((x) => x.cpuMs)).toFixed(2)} CPU-ms per message (worker processes)`);
console.log(`phishgate: ${pgRate.toFixed(0)} messages/s (rounds: ${rates(pg)}), ${median(pg.map((x) => x.cpuMs)).toFixed(2)} CPU-ms per message (whole process: workers, main thread, GC)`);
console.log(`ratio phishgate / rspamd: ${(pgRate / rsRate).toFixed(2)} by messages/s, ${(median(rs.map((x) => x.cpuMs)) / median(pg.map((x) => x.cpuMs))).toFixed(2)} by CPU per message`);
if (scanPossible) {
  const scanRate = median(scans.map((x) => x.rate));
  console.log(`phishgate scan DIR --jobs ${jobs} (built CLI, fresh process, start-up included): ${scanRate.toFixed(0)} messages/s (rounds: ${rates(scans)}), ${median(scans.map((x) => x.cpuMs)).toFixed(2)} CPU-ms per message (whole process); ratio to rspamd ${(scanRate / rsRate).toFixed(2)} by messages/s`);
} else if (scanWanted) console.log('phishgate scan DIR: not measured, dist/ is missing (npm run build)');
console.log(`phishgate per message inside a worker (parse + analyze, wall clock): p50 ${w(0.5)} ms, p99 ${w(0.99)} ms, max ${w(1)} ms`);
console.log(`load average at the end: ${loadavg().map((l) => l.toFixed(2)).join(' ')} on ${cpus().length} cores`);
if (values.profile) {
  // One thread, in-process: the engine's own stages without the pool's messaging. One pass to warm up, one profiled.
  const engine = createEngineFromConfig(config, {});
  const pass = async (): Promise<void> => {
    for (const raw of raws) {
      try {
        await engine.analyze(await parseRawMessage(raw, limits), BENCH_CTX);
      } catch {
        // A message the parser refuses costs what it cost; the profile still counts it.
      }
    }
  };
  await pass();
  const { totalMs, stages } = await profileStages(pass);
  console.log(`CPU profile of parse + analyze on one thread after one warm-up pass: ${(totalMs / raws.length).toFixed(2)} CPU-ms per message sampled`);
  for (const { stage, ms, share } of stages) console.log(`  ${(share * 100).toFixed(1).padStart(5)} %  ${(ms / raws.length).toFixed(3)} ms/message  ${stage}`);
}
