import { createServer, type Server } from 'node:http';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/loader.js';
import { createReadiness } from '../../src/core/readiness.js';
import { createReputation } from '../../src/engine/reputation/index.js';
import { createEnginePool } from '../../src/engine/worker-pool.js';
import { createEngineFromConfig } from '../../src/engine/create.js';
import { emptyZoneCounters } from '../../src/engine/reputation/dnsbl-counters.js';
import { createMetrics } from '../../src/ops/metrics.js';
import { createReputationMonitor, registerReputationMetrics, registerReputationReadiness } from '../../src/ops/reputation-monitor.js';
import { cli } from '../support/cli.js';
import { parseRawMessage } from '../../src/mail/parse-raw.js';
import { parseLimitsOf } from '../../src/engine/limits.js';
import { startStubDnsServer, type StubDnsServer } from '../support/stub-dns.js';

/**
 * Reputation as `serve` runs it (docs/reputation.md "Memory", "Operations"): the main thread loads the feeds
 * and the workers match against the same shared copy; the workers' block-list counters reach the main
 * thread's status, metrics and readyz.
 */
const ctx = { allowList: [], blockList: [], tenantDomains: ['example.com'], now: Date.parse('2026-12-06T00:00:00Z') };
const raw = (link: string) =>
  Buffer.from(`From: Service <notice@sender.test>\r\nTo: anna@example.com\r\nSubject: Notice\r\nMessage-ID: <r1@sender.test>\r\nDate: Sat, 05 Dec 2026 10:00:00 +0000\r\nContent-Type: text/plain; charset=utf-8\r\n\r\nHello Anna,\r\n\r\nplease see ${link}\r\n`);

/** How late the slow answer comes; the fast ones (loopback) come well under the 0.25 s bound. */
const SLOW_MS = 300;

let feedBody = 'https://first-listed.test/login\n';
let etag = '"1"';
let http: Server;
let base = '';
let dns: StubDnsServer;
beforeAll(async () => {
  http = createServer((req, res) => {
    if (req.headers['if-none-match'] === etag) return void res.writeHead(304).end();
    res.writeHead(200, { etag, 'last-modified': 'Sat, 05 Dec 2026 04:00:00 GMT' }).end(feedBody);
  });
  await new Promise<void>((done) => http.listen(0, '127.0.0.1', done));
  const address = http.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  // 198.51.100.8's answer comes late: the latency histogram's slow case.
  dns = await startStubDnsServer({ 'A 7.100.51.198.zen.spamhaus.org': ['127.0.0.4'] }, { delayMs: { '8.100.51.198.zen.spamhaus.org': SLOW_MS } });
});
afterAll(async () => {
  await new Promise<void>((done) => http.close(() => done()));
  await dns.close();
});

describe('serve: feeds loaded once in the main thread, matched in the workers', () => {
  it('a worker matches the copy it started with and every later copy; counters reach status, metrics and readyz', async () => {
    const config = loadConfig({
      env: {},
      overrides: {
        reputation: {
          dnsbl: { enabled: true, servers: [dns.address], timeout_ms: 500, zones: [{ zone: 'zen.spamhaus.org', type: 'ip', codes: 'spamhaus_zen' }] },
          feeds: [{ name: 'OpenPhish', format: 'openphish', source: `${base}/feed.txt`, schedule: '0 0 1 1 *', category: 'phishing' }],
        },
      },
    });
    const reputation = createReputation(config.reputation);
    await reputation.feeds.refresh();
    const monitor = createReputationMonitor(reputation, { workers: true });
    // The client address as a door sets it on the message (SMTP peer / XFORWARD, milter connect).
    const analyse = async (link: string, client: string) => {
      const message = await parseRawMessage(raw(link), parseLimitsOf(config.engine));
      message.envelope = { mailFrom: 'notice@sender.test', rcptTo: ['anna@example.com'], clientAddress: client };
      return { result: await pool.analyze(message, ctx) };
    };
    const pool = createEnginePool({ size: 1, config, feeds: reputation.feeds, onReputationCounters: (w, zones, hits) => monitor.workerCounters(w, zones, hits) });
    try {
      const first = await analyse('https://first-listed.test/login', '198.51.100.7');
      expect(first.result.rules.find((r) => r.id === 'FEED_LISTED')?.reason).toBe('link to first-listed.test is listed as phishing on OpenPhish (feed of 2026-12-05 04:00)');
      expect(first.result.rules.find((r) => r.id === 'DNSBL_CLIENT_LISTED')?.reason).toContain('zen.spamhaus.org');

      feedBody = 'https://second-listed.test/pay\n';
      etag = '"2"';
      await reputation.feeds.refresh();
      const second = await analyse('https://second-listed.test/pay', '203.0.113.9');
      expect(second.result.rules.map((r) => r.id)).toContain('FEED_LISTED');
      const gone = await analyse('https://first-listed.test/login', '203.0.113.9');
      expect(gone.result.rules.map((r) => r.id)).not.toContain('FEED_LISTED');

      // The worker reports its totals at most once a second: wait for the report after the first analysis.
      for (let i = 0; i < 50 && !(monitor.status().zones[0]!.queries > 0); i++) await new Promise((r) => setTimeout(r, 50));
      expect(monitor.status().zones[0]).toMatchObject({ zone: 'zen.spamhaus.org', listed: 1 });
      const metrics = createMetrics();
      registerReputationMetrics(metrics, monitor);
      const text = await metrics.registry.metrics();
      expect(text).toMatch(/phishgate_reputation_dnsbl_lookups_total\{zone="zen.spamhaus.org"\} [1-9]/);
      expect(text).toContain('phishgate_reputation_feed_entries{feed="OpenPhish"} 1');
      expect(text).toContain('phishgate_reputation_feed_last_load_failed{feed="OpenPhish"} 0');

      const readiness = createReadiness();
      registerReputationReadiness(readiness, monitor);
      expect((await readiness.evaluate()).checks.reputation_feeds).toBe('ok');
      etag = '"3"';
      http.removeAllListeners('request');
      http.on('request', (_req, res) => res.writeHead(503).end());
      await reputation.feeds.refresh();
      const evaluated = await readiness.evaluate();
      // Told, but the instance stays ready: the last good copy still serves.
      expect(evaluated.ready).toBe(true);
      const detail = evaluated.checks.reputation_feeds;
      expect(detail).toBe(`OpenPhish: last load failed (HTTP 503 from ${base.slice(7)}); copy of 2026-12-05T04:00:00.000Z in use`);
      expect(await metrics.registry.metrics()).toContain('phishgate_reputation_feed_last_load_failed{feed="OpenPhish"} 1');
      // The copy in use still answers.
      expect((await analyse('https://second-listed.test/pay', '203.0.113.9')).result.rules.map((r) => r.id)).toContain('FEED_LISTED');
    } finally {
      await pool.close();
    }
  }, 60_000);
});

describe('phishgate reputation status', () => {
  it('shows the zones and each feed loaded once, with entries, date and error', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'phishgate-repstatus-'));
    try {
      const feedPath = join(dir, 'urlhaus.csv');
      writeFileSync(feedPath, '# id,dateadded,url,url_status\n"1","2026-12-05 03:58:11","http://drop.test/x","online"\n"2","2026-12-05 03:59:11","http://drop.test/y","online"\n');
      const configPath = join(dir, 'config.yaml');
      writeFileSync(configPath, `database:\n  url: ${join(dir, 'db.sqlite')}\nreputation:\n  dnsbl:\n    enabled: true\n    servers: ["127.0.0.1:5353"]\n    zones: [{ zone: dbl.spamhaus.org, type: domain, codes: spamhaus_dbl }]\n  feeds:\n    - { name: URLhaus, format: urlhaus_csv, source: ${feedPath}, schedule: "*/15 * * * *", category: malware }\n    - { name: Missing, format: openphish, source: ${join(dir, 'none.txt')}, schedule: "*/15 * * * *", category: phishing }\n`);
      const { code, stdout } = await cli(['reputation', 'status'], { PHISHGATE_CONFIG: configPath });
      const report = JSON.parse(stdout);
      expect(code).toBe(1);
      expect(report.dnsbl).toMatchObject({ enabled: true, zones: [{ zone: 'dbl.spamhaus.org', type: 'domain', codes: 'spamhaus_dbl' }] });
      expect(report.feeds[0]).toMatchObject({ name: 'URLhaus', loaded: true, entries: 2, error: null });
      expect(report.feeds[1]).toMatchObject({ name: 'Missing', loaded: false, entries: 0 });
      expect(report.feeds[1].error).toMatch(/ENOENT/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** The zone's histogram lines in a /metrics text: cumulative bucket counts by le, `_sum` and `_count`. */
function histogramOf(text: string, zone: string) {
  const name = 'phishgate_reputation_dnsbl_lookup_seconds';
  const buckets: Array<{ le: string; count: number }> = [];
  let sum = NaN;
  let count = NaN;
  for (const line of text.split('\n')) {
    if (!line.includes(`zone="${zone}"`)) continue;
    const value = Number(line.slice(line.lastIndexOf(' ') + 1));
    if (line.startsWith(`${name}_bucket{`)) buckets.push({ le: /le="([^"]+)"/.exec(line)![1]!, count: value });
    if (line.startsWith(`${name}_sum{`)) sum = value;
    if (line.startsWith(`${name}_count{`)) count = value;
  }
  return { buckets, sum, count, at: (le: string) => buckets.find((b) => b.le === le)?.count };
}

const BOUNDS_S = ['0.001', '0.0025', '0.005', '0.01', '0.025', '0.05', '0.1', '0.25', '0.5', '1', '2.5', '5', '+Inf'];

describe('the block-list latency histogram (docs/reputation.md "Operations")', () => {
  const zenConfig = (timeout: number) =>
    loadConfig({ env: {}, overrides: { reputation: { dnsbl: { enabled: true, servers: [dns.address], timeout_ms: timeout, zones: [{ zone: 'zen.spamhaus.org', type: 'ip', codes: 'spamhaus_zen' }] } } } });
  const analyseFrom = async (analyze: (m: Awaited<ReturnType<typeof parseRawMessage>>) => Promise<unknown>, client: string) => {
    const config = zenConfig(2000);
    const message = await parseRawMessage(raw('https://unlisted.test/'), parseLimitsOf(config.engine));
    message.envelope = { mailFrom: 'notice@sender.test', rcptTo: ['anna@example.com'], clientAddress: client };
    return analyze(message);
  };

  it('counts every answered lookup once, in the bucket of its latency; buckets cumulative over le; p50 / p95 in reputation status', async () => {
    const config = zenConfig(2000);
    const reputation = createReputation(config.reputation);
    const engine = createEngineFromConfig(config, { reputation });
    const monitor = createReputationMonitor(reputation, { workers: false });
    const metrics = createMetrics();
    registerReputationMetrics(metrics, monitor);
    // Two fast answers (a listing and an NXDOMAIN), one that comes SLOW_MS late.
    for (const client of ['198.51.100.7', '203.0.113.21', '198.51.100.8']) await analyseFrom((m) => engine.analyze(m, ctx), client);
    const text = await metrics.registry.metrics();
    expect(text).toContain('# TYPE phishgate_reputation_dnsbl_lookup_seconds histogram');
    expect(text).toContain('phishgate_reputation_dnsbl_lookups_total{zone="zen.spamhaus.org"} 3');
    const h = histogramOf(text, 'zen.spamhaus.org');
    expect(h.buckets.map((b) => b.le)).toEqual(BOUNDS_S);
    expect(h.count).toBe(3);
    expect(h.at('+Inf')).toBe(3);
    for (let i = 1; i < h.buckets.length; i++) expect(h.buckets[i]!.count).toBeGreaterThanOrEqual(h.buckets[i - 1]!.count);
    // The slow answer is above 0.25 s, the fast ones below it.
    expect(h.at('0.25')).toBe(2);
    expect(h.sum).toBeGreaterThanOrEqual(SLOW_MS / 1000);
    expect(h.sum).toBeLessThan(2);

    // The status command reads the same lines from a running server's /metrics.
    const server = createServer((_req, res) => void metrics.registry.metrics().then((body) => res.writeHead(200).end(body)));
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const dir = mkdtempSync(join(tmpdir(), 'phishgate-replatency-'));
    try {
      const configPath = join(dir, 'config.yaml');
      writeFileSync(configPath, `database:\n  url: ${join(dir, 'db.sqlite')}\n`);
      const address = server.address();
      const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/metrics`;
      const { code, stdout } = await cli(['reputation', 'status', '--skip-feeds', '--metrics', url], { PHISHGATE_CONFIG: configPath });
      expect(code).toBe(0);
      const latency = JSON.parse(stdout).latency['zen.spamhaus.org'];
      expect(latency.answered).toBe(3);
      // The median is one of the fast answers (under 250 ms); the 95th percentile is the slow one's bucket.
      expect(latency.p50_ms).toBeLessThanOrEqual(250);
      expect(latency.p95_ms).toBeGreaterThan(250);
      expect(latency.p95_ms).toBeLessThanOrEqual(2000);
    } finally {
      rmSync(dir, { recursive: true, force: true });
      await new Promise<void>((done) => server.close(() => done()));
    }
  }, 30_000);

  it('serve: two workers\' histograms add up, and a series never goes back when a worker is forgotten', async () => {
    const config = zenConfig(1000);
    const reputation = createReputation(config.reputation);
    const monitor = createReputationMonitor(reputation, { workers: true });
    const reporters = new Set<number>();
    const pool = createEnginePool({
      size: 2,
      config,
      onReputationCounters: (w, zones, hits) => {
        reporters.add(w);
        monitor.workerCounters(w, zones, hits);
      },
    });
    try {
      for (let i = 0; i < 200 && pool.readyWorkers < 2; i++) await new Promise((r) => setTimeout(r, 50));
      expect(pool.readyWorkers).toBe(2);
      // Four at a time, so both workers take some; distinct clients, so no answer comes from a cache. Which
      // worker takes a message is the pool's choice (a free worker takes back what another has not started),
      // so batches go on until both have reported, within a bound.
      const clients: string[] = [];
      for (let batch = 0; batch < 10 && (reporters.size < 2 || batch === 0); batch++) {
        const round = [1, 2, 3, 4].map((n) => `203.0.113.${batch * 4 + n}`);
        clients.push(...round);
        await Promise.all(round.map((client) => analyseFrom((m) => pool.analyze(m, ctx), client)));
        // A worker reports at most once a second, and once more after its last message. A lookup is counted
        // when it is sent and its latency when it is answered, maybe in a later report: wait for the answers.
        const answered = (): number => monitor.status().zones[0]!.latencyBuckets.reduce((a, b) => a + b, 0);
        for (let i = 0; i < 200 && answered() < clients.length; i++) await new Promise((r) => setTimeout(r, 50));
      }
      expect(reporters.size).toBe(2);
      expect(monitor.status().zones[0]!.queries).toBe(clients.length);
      const metrics = createMetrics();
      registerReputationMetrics(metrics, monitor);
      const before = histogramOf(await metrics.registry.metrics(), 'zen.spamhaus.org');
      expect(before.count).toBe(clients.length);
      expect(before.at('+Inf')).toBe(clients.length);
      expect(monitor.status().zones[0]!.latencyBuckets.reduce((a, b) => a + b, 0)).toBe(clients.length);

      // 1000 later workers with nothing counted push the two real ones out of the monitor's memory.
      for (let w = 10_000; w < 11_000; w++) monitor.workerCounters(w, { 'zen.spamhaus.org': emptyZoneCounters() }, {});
      expect(monitor.status().zones[0]!.queries).toBe(0);
      const after = histogramOf(await metrics.registry.metrics(), 'zen.spamhaus.org');
      expect(after).toMatchObject({ buckets: before.buckets, count: before.count, sum: before.sum });
    } finally {
      await pool.close();
    }
  }, 60_000);
});
