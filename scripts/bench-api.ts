/**
 * npm run bench:api [-- --duration 10 --connections 50 --warmup 10 --db URL --profile DIR --only analyze|list --history N --rate R --checkpoint-interval MS --node-args="…" --dnsbl off|base|answer|silent]
 *
 * Starts a real `phishgate serve` child process (SQLite in a temp dir unless --db is given), creates an
 * enterprise tenant and key, raises the rate limit by config, then drives POST /v1/analyze and
 * GET /v1/analyses with autocannon and prints requests/s and latency percentiles. The listing runs twice:
 * the newest page over and over (what a dashboard polls), and pages at random offsets across everything
 * the analyze run stored (most of them not among the serialized items the listing keeps). `--profile DIR` starts
 * serve with `--cpu-prof` (one .cpuprofile per thread, workers included, written to DIR at exit); `--only` measures one
 * scenario (the warm-up's analyses still fill the list). `--history N` (SQLite only) adds N older analyses,
 * copies of the warm-up's, spread over the retention period before the runs, so the listing and the inserts
 * meet a history of that size. `--warmup S` sets the unmeasured warm-up (default 10 s: after 2 s, the default
 * until 2026-11-24 afternoon, the JIT was still compiling through the measured run and took about a fifth of
 * the server's CPU; docs/performance.md). `--rate R` measures POST /v1/analyze in an open loop instead: R
 * requests per second on a fixed schedule, latency counted from each request's due time (scripts/lib/open-loop.ts),
 * which is how "p99 at 1,000 requests/s" is measured. `--node-args="…"`
 * passes flags to serve's node (e.g. `--node-args="--max-semi-space-size=32"`). `--connections N` (default 50) sets
 * how many requests are in flight: at 50 and about 1,000 requests/s a request waits 50 ms on average in the
 * queue alone (Little's law), so latency that describes the server rather than the queue is measured at
 * fewer connections (README "Speed" reports p99 at 10 as a second, labelled figure; the default stays 50).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import SQLite from 'better-sqlite3';
import { processCpu, runPhishgate, startBenchServer } from './bench-support.js';
import { openLoop } from './lib/open-loop.js';
import { startStubDnsServer } from '../test/support/stub-dns.js';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    db: { type: 'string' },
    processes: { type: 'string', default: '1' },
    profile: { type: 'string' },
    only: { type: 'string' },
    'node-args': { type: 'string' },
    history: { type: 'string', default: '0' },
    warmup: { type: 'string', default: '10' },
    rate: { type: 'string' },
    'checkpoint-interval': { type: 'string' },
    // Block lists on (docs/reputation.md) against a loopback DNS server that answers (listed client, listed
    // reply-to domain, NXDOMAIN for the rest) or never answers: the cost per message, and the deadline's.
    dnsbl: { type: 'string', default: 'off' },
  },
});
// `base`: the same requests (with client_ip, so SPF is checked against the loopback server too) without block lists.
if (!['off', 'base', 'answer', 'silent'].includes(values.dnsbl!)) throw new Error('--dnsbl must be off, base, answer or silent');
const history = Number(values.history);
if (history > 0 && values.db) throw new Error('--history fills the temporary SQLite file; it cannot be combined with --db');

const dir = mkdtempSync(join(tmpdir(), 'phishgate-bench-'));
const configFile = join(dir, 'bench.yaml');
// --checkpoint-interval MS sets database.checkpoint_interval_ms (0 = checkpoints in the commit, on the event loop).
const checkpointInterval = values['checkpoint-interval'] !== undefined ? `database:\n  checkpoint_interval_ms: ${Number(values['checkpoint-interval'])}\n` : '';
const ZONES = ['zen.spamhaus.org', 'dbl.spamhaus.org', 'multi.surbl.org'];
const dns =
  values.dnsbl === 'off'
    ? null
    : await startStubDnsServer(
        { 'A 7.113.0.203.zen.spamhaus.org': ['127.0.0.4'], 'A freemail.example.dbl.spamhaus.org': ['127.0.1.2'] },
        // Silent: every name of the zones goes unanswered (the server still sees the queries).
        values.dnsbl === 'silent' ? { silent: ['7.113.0.203.zen.spamhaus.org', ...ZONES.flatMap((z) => [`paypa1-alerts.example.${z}`, `freemail.example.${z}`, `7.113.0.203.${z}`])] } : {},
      );
const authDns = dns ? `auth:\n  dns:\n    servers: ["${dns.address}"]\n` : '';
const dnsbl = dns && values.dnsbl !== 'base'
  ? `reputation:\n  dnsbl:\n    enabled: true\n    servers: ["${dns.address}"]\n    zones:\n      - { zone: zen.spamhaus.org, type: ip, codes: spamhaus_zen }\n      - { zone: dbl.spamhaus.org, type: domain, codes: spamhaus_dbl }\n      - { zone: multi.surbl.org, type: domain, codes: surbl }\n`
  : '';
writeFileSync(configFile, `rate_limit:\n  per_second: 1000000\n  burst: 1000000\nlog:\n  level: warn\nsmtp:\n  enabled: false\nmilter:\n  enabled: false\n${checkpointInterval}${authDns}${dnsbl}`);
const env = { PHISHGATE_DB: values.db ?? join(dir, 'phishgate.db'), PHISHGATE_CONFIG: configFile };

const SAMPLE = JSON.stringify({
  subject: 'Your account will be suspended',
  from: 'PayPal Security <security@paypa1-alerts.example>',
  to: 'alice@acme.test',
  body_text: `Dear customer, we noticed unusual activity. Verify your account within 24 hours at http://198.51.100.23/login or it will be closed. ${'Lorem ipsum dolor sit amet. '.repeat(40)}`,
  body_html: '<p>Dear customer, <a href="http://198.51.100.23/login">www.paypal.com</a></p>',
  headers: { spf: 'fail', dmarc: 'fail', 'Reply-To': 'help@freemail.example' },
  // The connecting client the caller's MTA saw: looked up on the IP zones with --dnsbl.
  ...(values.dnsbl !== 'off' && { client_ip: '203.0.113.7' }),
});

function run(opts: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => autocannon(opts, (err, result) => (err ? reject(err) : resolve(result))));
}

type Cpu = { main: number; total: number; mainWaited: number | null; seconds: number } | null;

/**
 * Seconds the main thread has spent waiting for a CPU while it could run (Linux schedstat; null elsewhere).
 * On a shared machine this, not phishgate's own work, is what moves requests/s from run to run.
 */
function mainThreadWaited(pid: number): number | null {
  try {
    return Number(readFileSync(`/proc/${pid}/task/${pid}/schedstat`, 'utf8').split(' ')[1]) / 1e9;
  } catch {
    return null;
  }
}

const summary = (name: string, r: autocannon.Result, cpu: Cpu = null) => ({
  scenario: name,
  'requests/s (mean)': Math.round(r.requests.average),
  'p50 ms': r.latency.p50,
  'p99 ms': r.latency.p99,
  'non-2xx': r.non2xx,
  errors: r.errors,
  total: r.requests.total,
  // Server CPU per request (all threads / main thread): comparable across runs even on a busy machine.
  'CPU ms/req': cpu ? Number(((cpu.total * 1000) / r.requests.total).toFixed(2)) : '',
  'main ms/req': cpu ? Number(((cpu.main * 1000) / r.requests.total).toFixed(2)) : '',
  // Share of the run the main thread (the event loop every request passes) was ready but had no CPU.
  'main waited %': cpu?.mainWaited != null ? Math.round((100 * cpu.mainWaited) / cpu.seconds) : '',
});

/**
 * Adds `count` analyses, copies of the newest one stored, created over the 25 days before it (inside the
 * 30-day retention), with ids that sort before the real ones.
 */
function addHistory(file: string, count: number): void {
  const db = new SQLite(file);
  db.pragma('busy_timeout = 10000');
  const spacingMs = Math.max(1, Math.floor((25 * 86_400_000) / count));
  db.prepare(
    `WITH RECURSIVE seq(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM seq WHERE n < ?),
     sample AS (SELECT * FROM analyses ORDER BY created_at DESC LIMIT 1)
     INSERT INTO analyses (id, tenant_id, livemode, source, subject, from_addr, to_addr, api_key_id, created_at, status, verdict, score, result_json, rules_json, cost_micros, completed_at)
     SELECT printf('an_history%09d', n), tenant_id, livemode, source, subject, from_addr, to_addr, api_key_id,
            strftime('%Y-%m-%dT%H:%M:%fZ', created_at, printf('-%d seconds', 3600 + n * ? / 1000)), status, verdict, score, result_json, rules_json, cost_micros,
            strftime('%Y-%m-%dT%H:%M:%fZ', created_at, printf('-%d seconds', 3600 + n * ? / 1000))
     FROM seq, sample`,
  ).run(count, spacingMs, spacingMs);
  db.close();
}

/**
 * Everything the listing can page through. Its total is counted up to 1,000 past the page (docs/api.md), so
 * this asks at growing offsets until the answer is exact.
 */
async function countAnalyses(url: string, headers: Record<string, string>): Promise<number> {
  for (let offset = 0; ; offset = offset * 2 + 1_000) {
    const { data } = (await (await fetch(`${url}/v1/analyses?limit=1&offset=${offset}`, { headers })).json()) as { data: { total: number; total_exact: boolean } };
    if (data.total_exact) return data.total;
  }
}

/** Runs `work` and returns its result with the CPU the server process(es) used meanwhile. */
async function measured<T>(pids: number[], work: () => Promise<T>): Promise<[T, Cpu[]]> {
  const started = performance.now();
  const before = pids.map(processCpu);
  const waitedBefore = pids.map(mainThreadWaited);
  const result = await work();
  const after = pids.map(processCpu);
  const waitedAfter = pids.map(mainThreadWaited);
  const seconds = (performance.now() - started) / 1000;
  return [
    result,
    pids.map((_, i) =>
      before[i] && after[i]
        ? {
            main: after[i]!.main - before[i]!.main,
            total: after[i]!.total - before[i]!.total,
            mainWaited: waitedBefore[i] != null && waitedAfter[i] != null ? waitedAfter[i]! - waitedBefore[i]! : null,
            seconds,
          }
        : null,
    ),
  ];
}

async function main(): Promise<void> {
  const tenant = JSON.parse((await runPhishgate(['tenant', 'create', '--name', 'bench', '--plan', 'enterprise'], env)).stdout);
  const { key } = JSON.parse((await runPhishgate(['key', 'create', '--tenant', tenant.id], env)).stdout);
  const servers = await Promise.all(Array.from({ length: Number(values.processes) }, () => startBenchServer(env, [...(values.profile ? ['--cpu-prof', '--cpu-prof-dir', values.profile] : []), ...(values['node-args']?.split(' ').filter(Boolean) ?? [])])));
  const urls = servers.map((s) => `http://${s.address}`);
  const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
  const duration = Number(values.duration);
  const connections = Number(values.connections);
  try {
    // Warm-up (JIT, SQLite page cache) is not measured.
    await run({ url: urls[0]!, duration: Number(values.warmup), connections, requests: [{ method: 'POST', path: '/v1/analyze', headers, body: SAMPLE }] });
    if (history > 0) addHistory(env.PHISHGATE_DB, history);
    const pids = servers.map((s) => s.pid);
    if (values.rate) {
      const rate = Number(values.rate);
      const [r, [cpu]] = await measured(pids.slice(0, 1), () =>
        openLoop({ url: urls[0]!, path: '/v1/analyze', method: 'POST', headers, body: SAMPLE, rate, durationSeconds: duration, connections }),
      );
      console.log(`open loop: POST /v1/analyze offered at ${rate} requests/s for ${duration}s over at most ${connections} connections (latency from each request's due time)`);
      console.table([{
        'offered/s': rate,
        'completed/s': r.throughput,
        'p50 ms': r.p50,
        'p99 ms': r.p99,
        'max ms': r.max,
        'non-2xx': r.non2xx,
        errors: r.errors,
        'CPU ms/req': cpu ? Number(((cpu.total * 1000) / r.completed).toFixed(2)) : '',
      }]);
      console.log(`load average at the end: ${loadavg().map((l) => l.toFixed(2)).join(' ')} (${availableParallelism()} cores)`);
      return;
    }
    const [analyze, analyzeCpu] = values.only === 'list' ? [[], []] : await measured(pids, () => Promise.all(
      urls.map((url) => run({ url, duration, connections: Math.ceil(connections / urls.length), requests: [{ method: 'POST', path: '/v1/analyze', headers, body: SAMPLE }] })),
    ));
    const [list, listCpu] = values.only === 'analyze' ? [null, []] : await measured(pids.slice(0, 1), () => run({ url: urls[0]!, duration, connections, requests: [{ method: 'GET', path: '/v1/analyses?limit=50', headers }] }));
    const total = await countAnalyses(urls[0]!, headers);
    const randomPage = (): string => `/v1/analyses?limit=50&offset=${Math.floor(Math.random() * Math.max(1, total - 50))}`;
    const [pages, pagesCpu] = values.only === 'analyze' ? [null, []] : await measured(pids.slice(0, 1), () =>
      run({ url: urls[0]!, duration, connections, requests: [{ method: 'GET', path: randomPage(), headers, setupRequest: (req) => ({ ...req, path: randomPage() }) }] }),
    );
    const rows = analyze.map((r, i) => summary(`POST /v1/analyze${urls.length > 1 ? ` (process ${i + 1})` : ''}`, r, analyzeCpu[i]));
    if (analyze.length > 1) rows.push({ ...rows[0]!, scenario: 'POST /v1/analyze (all processes, sum)', 'requests/s (mean)': rows.reduce((s, r) => s + r['requests/s (mean)'], 0) });
    if (list) rows.push(summary('GET /v1/analyses?limit=50', list, listCpu[0]));
    if (pages) rows.push(summary('GET /v1/analyses?limit=50&offset=(random)', pages, pagesCpu[0]));
    console.log(`database: ${values.db ? values.db.replace(/:[^:@/]*@/, ':***@') : 'SQLite (temp file)'}, processes: ${urls.length}, connections: ${connections}, warm-up: ${values.warmup}s, duration: ${duration}s, history: ${total} analyses listed`);
    console.table(rows);
    console.log(`load average at the end: ${loadavg().map((l) => l.toFixed(2)).join(' ')} (${availableParallelism()} cores)`);
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
    rmSync(dir, { recursive: true, force: true });
    await dns?.close();
  }
}

await main();
