/**
 * npm run bench:api [-- --duration 10 --connections 50 --db URL]
 *
 * Starts a real `phishgate serve` child process (SQLite in a temp dir unless --db is given), creates an
 * enterprise tenant and key, raises the rate limit by config, then drives POST /v1/analyze and
 * GET /v1/analyses with autocannon and prints requests/s and latency percentiles.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { runPhishgate, startBenchServer } from './bench-support.js';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    db: { type: 'string' },
    processes: { type: 'string', default: '1' },
  },
});

const dir = mkdtempSync(join(tmpdir(), 'phishgate-bench-'));
const configFile = join(dir, 'bench.yaml');
writeFileSync(configFile, 'rate_limit:\n  per_second: 1000000\n  burst: 1000000\nlog:\n  level: warn\nsmtp:\n  enabled: false\nmilter:\n  enabled: false\n');
const env = { PHISHGATE_DB: values.db ?? join(dir, 'phishgate.db'), PHISHGATE_CONFIG: configFile };

const SAMPLE = JSON.stringify({
  subject: 'Your account will be suspended',
  from: 'PayPal Security <security@paypa1-alerts.example>',
  to: 'alice@acme.test',
  body_text: `Dear customer, we noticed unusual activity. Verify your account within 24 hours at http://198.51.100.23/login or it will be closed. ${'Lorem ipsum dolor sit amet. '.repeat(40)}`,
  body_html: '<p>Dear customer, <a href="http://198.51.100.23/login">www.paypal.com</a></p>',
  headers: { spf: 'fail', dmarc: 'fail', 'Reply-To': 'help@freemail.example' },
});

function run(opts: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => autocannon(opts, (err, result) => (err ? reject(err) : resolve(result))));
}

const summary = (name: string, r: autocannon.Result) => ({
  scenario: name,
  'requests/s (mean)': Math.round(r.requests.average),
  'p50 ms': r.latency.p50,
  'p99 ms': r.latency.p99,
  'non-2xx': r.non2xx,
  errors: r.errors,
  total: r.requests.total,
});

async function main(): Promise<void> {
  const tenant = JSON.parse((await runPhishgate(['tenant', 'create', '--name', 'bench', '--plan', 'enterprise'], env)).stdout);
  const { key } = JSON.parse((await runPhishgate(['key', 'create', '--tenant', tenant.id], env)).stdout);
  const servers = await Promise.all(Array.from({ length: Number(values.processes) }, () => startBenchServer(env)));
  const urls = servers.map((s) => `http://${s.address}`);
  const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
  const duration = Number(values.duration);
  const connections = Number(values.connections);
  try {
    // Warm-up (JIT, SQLite page cache) is not measured.
    await run({ url: urls[0]!, duration: 2, connections, requests: [{ method: 'POST', path: '/v1/analyze', headers, body: SAMPLE }] });
    const analyze = await Promise.all(
      urls.map((url) => run({ url, duration, connections: Math.ceil(connections / urls.length), requests: [{ method: 'POST', path: '/v1/analyze', headers, body: SAMPLE }] })),
    );
    const list = await run({ url: urls[0]!, duration, connections, requests: [{ method: 'GET', path: '/v1/analyses?limit=50', headers }] });
    const rows = analyze.map((r, i) => summary(`POST /v1/analyze${urls.length > 1 ? ` (process ${i + 1})` : ''}`, r));
    if (analyze.length > 1) rows.push({ ...rows[0]!, scenario: 'POST /v1/analyze (all processes, sum)', 'requests/s (mean)': rows.reduce((s, r) => s + r['requests/s (mean)'], 0) });
    rows.push(summary('GET /v1/analyses?limit=50', list));
    console.log(`database: ${values.db ? values.db.replace(/:[^:@/]*@/, ':***@') : 'SQLite (temp file)'}, processes: ${urls.length}, connections: ${connections}, duration: ${duration}s`);
    console.table(rows);
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
