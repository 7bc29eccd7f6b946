import { createServer, type Server } from 'node:http';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/loader.js';
import { createReadiness } from '../../src/core/readiness.js';
import { createReputation } from '../../src/engine/reputation/index.js';
import { createEnginePool } from '../../src/engine/worker-pool.js';
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
  dns = await startStubDnsServer({ 'A 7.100.51.198.zen.spamhaus.org': ['127.0.0.4'] });
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
