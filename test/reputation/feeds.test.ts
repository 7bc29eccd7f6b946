import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/loader.js';
import { emptyMessage, type NormalizedMessage } from '../../src/core/message.js';
import { createEngineFromConfig } from '../../src/engine/create.js';
import { createReputation } from '../../src/engine/reputation/index.js';
import { FeedSet, type FeedConfig } from '../../src/engine/reputation/feed-set.js';

/**
 * URL feeds (docs/reputation.md "Feeds"): real layouts with synthetic entries, served by a real HTTP server
 * on loopback with ETag and Last-Modified; the production loader, index and rule.
 */
const OPENPHISH = 'https://login-verify.phish.test/secure/account/\nhttp://paypa1-support.test/signin\n\nhttps://bank-update.test/x?id=7\n';
const PHISHTANK_CSV = 'phish_id,url,phish_detail_url,submission_time,verified,verification_time,online,target\n' +
  '8812001,https://tank-csv.test/login.php,http://www.phishtank.com/phish_detail.php?phish_id=8812001,2026-12-04T21:10:02+00:00,yes,2026-12-04T21:20:11+00:00,yes,Other\n' +
  '8812002,"https://tank-csv-quoted.test/a,b",http://www.phishtank.com/phish_detail.php?phish_id=8812002,2026-12-04T21:11:02+00:00,yes,2026-12-04T21:22:11+00:00,yes,"Bank, Inc"\n';
const PHISHTANK_JSON = JSON.stringify([
  { phish_id: 8812003, url: 'https:\/\/tank-json.test\/verify\/', phish_detail_url: 'http://www.phishtank.com/phish_detail.php?phish_id=8812003', submission_time: '2026-12-04T21:10:02+00:00', verified: 'yes', online: 'yes', details: [{ ip_address: '192.0.2.10', cidr_block: '192.0.2.0/24' }], target: 'Other' },
]);
const URLHAUS = '################################################################\n# abuse.ch URLhaus Database Dump (CSV - recent URLs only)        #\n# Last updated: 2026-12-05 04:00:02 (UTC)                        #\n#                                                              #\n# id,dateadded,url,url_status,last_online,threat,tags,urlhaus_link,reporter\n################################################################\n' +
  '"3300001","2026-12-05 03:58:11","http://malware-drop.test/bins/x86","online","2026-12-05 03:58:11","malware_download","elf,mirai","https://urlhaus.abuse.ch/url/3300001/","anonymous"\n';

interface Served {
  body: string;
  etag: string;
  lastModified: string;
  status?: number;
}

let server: Server;
let base = '';
const served: Record<string, Served> = {};
const requests: Array<{ path: string; ifNoneMatch?: string; ifModifiedSince?: string }> = [];

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const path = req.url ?? '';
    requests.push({ path, ...(req.headers['if-none-match'] ? { ifNoneMatch: String(req.headers['if-none-match']) } : {}), ...(req.headers['if-modified-since'] ? { ifModifiedSince: String(req.headers['if-modified-since']) } : {}) });
    const feed = served[path];
    if (!feed) return void res.writeHead(404).end('not found');
    if (feed.status) return void res.writeHead(feed.status).end('<html>maintenance</html>');
    if (req.headers['if-none-match'] === feed.etag) return void res.writeHead(304).end();
    res.writeHead(200, { etag: feed.etag, 'last-modified': feed.lastModified, 'content-type': 'text/plain' }).end(feed.body);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(() => new Promise<void>((done) => server.close(() => done())));

const DATE = 'Sat, 05 Dec 2026 04:00:00 GMT';
const feed = (name: string, format: FeedConfig['format'], path: string, category: FeedConfig['category'] = 'phishing'): FeedConfig => ({ name, format, source: `${base}${path}`, schedule: '0 0 1 1 *', category });

const ctx = { allowList: [], blockList: [], tenantDomains: ['example.com'], now: Date.parse('2026-12-06T00:00:00Z') };
const message = (links: string[]): NormalizedMessage => ({
  ...emptyMessage(),
  subject: 'Notice',
  from: { name: 'Service', address: 'notice@sender.test' },
  to: [{ name: '', address: 'anna@example.com' }],
  text: `Hello Anna,\n\nplease see below.\n${links.join('\n')}\n`,
});

describe('URL feeds from a local HTTP server', () => {
  it('reads each layout and matches on the normalised URL (scheme, case of host, trailing slash ignored)', async () => {
    served['/openphish.txt'] = { body: OPENPHISH, etag: '"op-1"', lastModified: DATE };
    served['/tank.csv'] = { body: PHISHTANK_CSV, etag: '"tc-1"', lastModified: DATE };
    served['/tank.json'] = { body: PHISHTANK_JSON, etag: '"tj-1"', lastModified: DATE };
    served['/urlhaus.csv'] = { body: URLHAUS, etag: '"uh-1"', lastModified: DATE };
    const set = new FeedSet([feed('OpenPhish', 'openphish', '/openphish.txt'), feed('PhishTank CSV', 'phishtank_csv', '/tank.csv'), feed('PhishTank', 'phishtank_json', '/tank.json'), feed('URLhaus', 'urlhaus_csv', '/urlhaus.csv', 'malware')]);
    await set.refresh();
    expect(set.status().map((s) => [s.name, s.entries, s.lastError])).toEqual([['OpenPhish', 3, null], ['PhishTank CSV', 2, null], ['PhishTank', 1, null], ['URLhaus', 1, null]]);
    expect(set.match('http://LOGIN-VERIFY.phish.test/secure/account')).toMatchObject([{ feed: 'OpenPhish', on: 'url', category: 'phishing' }]);
    expect(set.match('https://tank-csv-quoted.test/a,b')).toMatchObject([{ feed: 'PhishTank CSV', on: 'url' }]);
    expect(set.match('https://tank-json.test/verify')).toMatchObject([{ feed: 'PhishTank', on: 'url' }]);
    expect(set.match('http://malware-drop.test/bins/x86')).toMatchObject([{ feed: 'URLhaus', on: 'url', category: 'malware' }]);
    expect(set.match('https://paypa1-support.test/other-page')).toMatchObject([{ feed: 'OpenPhish', on: 'host' }]);
    expect(set.match('https://clean.test/secure/account')).toEqual([]);
    // The path is case-sensitive: a different page.
    expect(set.match('https://login-verify.phish.test/SECURE/account')).toMatchObject([{ on: 'host' }]);
  });

  it('refreshes with a conditional request: 304 keeps the copy; a new ETag brings the new list', async () => {
    served['/refresh.txt'] = { body: 'https://first.test/a\n', etag: '"r-1"', lastModified: DATE };
    const set = new FeedSet([feed('OpenPhish', 'openphish', '/refresh.txt')]);
    await set.refresh();
    await set.refresh();
    const asked = requests.filter((r) => r.path === '/refresh.txt');
    expect(asked[1]).toMatchObject({ ifNoneMatch: '"r-1"', ifModifiedSince: DATE });
    expect(set.status()[0]).toMatchObject({ loads: 1, entries: 1, failures: 0 });
    served['/refresh.txt'] = { body: 'https://second.test/b\nhttps://third.test/c\n', etag: '"r-2"', lastModified: 'Sun, 06 Dec 2026 04:00:00 GMT' };
    await set.refresh();
    expect(set.status()[0]).toMatchObject({ loads: 2, entries: 2, date: '2026-12-06T04:00:00.000Z' });
    expect(set.match('https://first.test/a')).toEqual([]);
    expect(set.match('https://second.test/b')).toHaveLength(1);
  });

  it('a broken download (HTTP 500, an error page, no URL) keeps the last good copy and says why', async () => {
    served['/broken.txt'] = { body: 'https://kept.test/page\n', etag: '"b-1"', lastModified: DATE };
    const errors: string[] = [];
    const set = new FeedSet([feed('OpenPhish', 'openphish', '/broken.txt')], { onError: (name, error) => errors.push(`${name}: ${error}`) });
    await set.refresh();
    served['/broken.txt'] = { body: '', etag: '"b-2"', lastModified: DATE, status: 500 };
    await set.refresh();
    expect(set.status()[0]).toMatchObject({ entries: 1, failures: 1, lastError: 'HTTP 500 from ' + base.slice(7) });
    expect(set.match('https://kept.test/page')).toHaveLength(1);
    served['/broken.txt'] = { body: '<html><body>Please log in</body></html>\n', etag: '"b-3"', lastModified: DATE };
    await set.refresh();
    expect(set.status()[0]).toMatchObject({ entries: 1, failures: 2, lastError: 'the feed lists no URL (wrong format, or an error page?)' });
    expect(set.match('https://kept.test/page')).toHaveLength(1);
    expect(errors).toHaveLength(2);
    // The status never shows a source's path or query (a PhishTank key sits there).
    expect(set.status()[0]!.source).toBe(`${base}/…`);
  });

  it('reads a local file, and not again while its modification time is unchanged', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'phishgate-feed-'));
    try {
      const path = join(dir, 'feed.txt');
      writeFileSync(path, 'https://file-feed.test/login\n');
      utimesSync(path, new Date('2026-12-05T04:00:00Z'), new Date('2026-12-05T04:00:00Z'));
      const set = new FeedSet([{ name: 'Local', format: 'openphish', source: path, schedule: '0 0 1 1 *', category: 'phishing' }]);
      await set.refresh();
      await set.refresh();
      expect(set.status()[0]).toMatchObject({ loads: 1, entries: 1, date: '2026-12-05T04:00:00.000Z' });
      expect(set.match('https://file-feed.test/login')).toHaveLength(1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('FEED_LISTED in the engine', () => {
  it('a listed page is a strong finding with the feed and its date; another page of the host counts less', async () => {
    served['/engine.txt'] = { body: OPENPHISH, etag: '"e-1"', lastModified: DATE };
    const config = loadConfig({ env: {}, overrides: { reputation: { feeds: [{ name: 'OpenPhish', format: 'openphish', source: `${base}/engine.txt`, schedule: '0 0 1 1 *', category: 'phishing' }] } } });
    const reputation = createReputation(config.reputation);
    const engine = createEngineFromConfig(config, { reputation });
    const before = await engine.analyze(message(['https://login-verify.phish.test/secure/account/']), ctx);
    expect(before.coverage).toContain('URL feed OpenPhish not loaded yet; links not checked against it');
    expect(before.rules.map((r) => r.id)).not.toContain('FEED_LISTED');
    await reputation.start();
    try {
      const listed = await engine.analyze(message(['https://login-verify.phish.test/secure/account/']), ctx);
      const rule = listed.rules.find((r) => r.id === 'FEED_LISTED');
      expect(rule?.reason).toBe('link to login-verify.phish.test is listed as phishing on OpenPhish (feed of 2026-12-05 04:00)');
      expect(rule?.weight).toBe(3);
      expect(listed.verdict).not.toBe('safe');
      expect(listed.urls.find((u) => u.url.includes('login-verify'))?.flags).toContain('feed_listed');
      const host = await engine.analyze(message(['https://paypa1-support.test/help']), ctx);
      expect(host.rules.find((r) => r.id === 'FEED_LISTED')).toMatchObject({ reason: 'link host paypa1-support.test is listed as phishing on OpenPhish (feed of 2026-12-05 04:00) (another page of the host)' });
      expect(host.rules.find((r) => r.id === 'FEED_LISTED')!.weight).toBeCloseTo(1.8);
      expect(reputation.status().feeds[0]).toMatchObject({ name: 'OpenPhish', entries: 3, hits: 2 });
    } finally {
      reputation.close();
    }
  });
});

describe('feed settings', () => {
  const withFeeds = (feeds: unknown[]) => () => loadConfig({ env: {}, overrides: { reputation: { feeds } } });
  const good = { name: 'OpenPhish', format: 'openphish', source: 'https://openphish.test/feed.txt', schedule: '*/30 * * * *', category: 'phishing' };
  it('refuses a schedule that is not cron, two feeds of one name, a source that is neither a file nor http(s)', () => {
    expect(withFeeds([good])).not.toThrow();
    expect(withFeeds([{ ...good, schedule: 'every hour' }])).toThrow(/reputation\.feeds\.0\.schedule: "every hour" is not a cron expression/);
    expect(withFeeds([good, { ...good, source: '/var/lib/feed.txt' }])).toThrow(/names two feeds/);
    expect(withFeeds([{ ...good, source: 'ftp://openphish.test/feed.txt' }])).toThrow(/only a file path or an http\(s\) URL/);
    expect(withFeeds([{ ...good, format: 'xml' }])).toThrow(/reputation\.feeds\.0\.format/);
  });
});
