import { createServer, type Server } from 'node:http';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FeedSet } from '../../src/engine/reputation/feed-set.js';
import { ageOf } from '../../src/http/console/pages/feed-freshness.js';
import { DIALECTS } from '../support/dialects.js';
import { startConsoleLab, type ConsoleLab } from './lab.js';
import { signIn, type ConsoleClient } from './support.js';

/**
 * The overview shows each URL feed's freshness (docs/console.md "Overview", docs/reputation.md
 * "Operations"): the production feed loader reads a local file and a real HTTP server on loopback whose
 * feed first loads, then fails; the page keeps the last good copy's entries and age and says why it failed.
 */
const OPENPHISH = 'https://login-verify.phish.test/secure/\nhttp://paypa1-support.test/signin\nhttps://bank-update.test/x?id=7\n';
const URLHAUS =
  '# id,dateadded,url,url_status,last_online,threat,tags,urlhaus_link,reporter\n' +
  '"3300001","2026-12-05 03:58:11","http://malware-drop.test/bins/x86","online","2026-12-05 03:58:11","malware_download","elf","https://urlhaus.abuse.ch/url/3300001/","anonymous"\n' +
  '"3300002","2026-12-05 03:59:11","http://malware-drop2.test/a.exe","online","2026-12-05 03:59:11","malware_download","exe","https://urlhaus.abuse.ch/url/3300002/","anonymous"\n';

describe.each(DIALECTS)('URL-feed freshness on the console overview (%s)', (dialect) => {
  let server: Server;
  let failing = false;
  let dir: string;
  let feeds: FeedSet;
  let lab: ConsoleLab;
  let admin: ConsoleClient;

  beforeAll(async () => {
    server = createServer((_req, res) => {
      if (failing) return void res.writeHead(503).end('<html>maintenance</html>');
      res.writeHead(200, { 'content-type': 'text/csv' }).end(URLHAUS);
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    dir = mkdtempSync(join(tmpdir(), 'phishgate-feeds-'));
    writeFileSync(join(dir, 'openphish.txt'), OPENPHISH);
    feeds = new FeedSet([
      { name: 'openphish', format: 'openphish', source: join(dir, 'openphish.txt'), schedule: '0 0 1 1 *', category: 'phishing' },
      { name: 'urlhaus', format: 'urlhaus_csv', source: `http://127.0.0.1:${port}/urlhaus.csv`, schedule: '0 0 1 1 *', category: 'malware' },
      { name: 'missing', format: 'openphish', source: join(dir, 'absent.txt'), schedule: '0 0 1 1 *', category: 'phishing' },
    ]);
    await feeds.refresh();
    failing = true;
    await feeds.refresh();
    lab = await startConsoleLab(dialect, { feedStatus: () => feeds.status() });
    const { t } = lab;
    admin = await signIn(lab, (await t.h.tenantWithKey({ tenantId: t.acme, scopes: ['read'] })).key);
  });
  afterAll(async () => {
    await lab?.close();
    await new Promise<void>((done) => server?.close(() => done()));
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const rowOf = (body: string, name: string): string => {
    const section = body.slice(body.indexOf('id="feeds-h"'));
    const start = section.indexOf(`<td class="mono">${name}</td>`);
    expect(start, `row of ${name}`).toBeGreaterThan(-1);
    return section.slice(start, section.indexOf('</tr>', start));
  };

  it('lists each feed with its entries, the age of its last good load and its last error', async () => {
    const page = await admin.get('/');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<h2 id="feeds-h">URL feeds</h2>');
    const openphish = rowOf(page.body, 'openphish');
    expect(openphish).toContain('<td class="num">3</td>');
    expect(openphish).toMatch(/<time datetime="[^"]+" title="[^"]+">\d+ (s|min) ago<\/time>/);
    expect(openphish).toContain('<td>none</td>');
    // Loaded once, then the server failed: the last good copy's entries and age stay, with the error.
    const urlhaus = rowOf(page.body, 'urlhaus');
    expect(urlhaus).toContain('<td>malware</td>');
    expect(urlhaus).toContain('<td class="num">2</td>');
    expect(urlhaus).toMatch(/<time datetime="[^"]+"[^>]*>\d+ (s|min) ago<\/time>/);
    expect(urlhaus).toContain('<strong>HTTP 503 from 127.0.0.1:');
    expect(urlhaus).toContain('(1 failed load so far)');
    const missing = rowOf(page.body, 'missing');
    expect(missing).toContain('<td class="num">0</td>');
    expect(missing).toContain('<strong>never loaded</strong>');
    expect(missing).toContain('ENOENT');
    // Where the feeds come from is not shown.
    expect(page.body).not.toContain('/urlhaus.csv');
  });

  it('shows no feed section when the process has no feeds', async () => {
    const plain = await startConsoleLab(dialect);
    try {
      const client = await signIn(plain, (await plain.t.h.tenantWithKey({ tenantId: plain.t.acme, scopes: ['read'] })).key);
      const page = await client.get('/');
      expect(page.statusCode).toBe(200);
      expect(page.body).not.toContain('id="feeds-h"');
    } finally {
      await plain.close();
    }
  });
});

describe('feed age', () => {
  it('reads coarsely', () => {
    expect(ageOf(-5)).toBe('0 s');
    expect(ageOf(59_999)).toBe('59 s');
    expect(ageOf(4 * 60_000 + 1)).toBe('4 min');
    expect(ageOf((3 * 60 + 5) * 60_000)).toBe('3 h 5 min');
    expect(ageOf((49 * 60) * 60_000)).toBe('2 d 1 h');
  });
});
