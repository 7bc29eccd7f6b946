import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/loader.js';
import { createRuntime, startServer, type RunningServer } from '../../src/main.js';
import { MilterClient } from '../../src/milter/client.js';
import { startStubDnsServer, type StubDnsServer } from '../support/stub-dns.js';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink.js';
import { RawSmtp } from '../smtp/helpers/raw-smtp.js';
import { startReceiver, type Receiver } from '../webhooks/support/receiver.js';

/**
 * Reputation through the doors as `serve` runs them (docs/reputation.md): the real server in this process
 * (worker threads, SQLite file, HTTP, SMTP and milter doors on port 0), block lists on a loopback DNS
 * server, an OpenPhish feed from a local file, sender history on. What a user sees — the REST answer, the
 * console's analysis page, the webhook payload at a real receiver — carries the reputation reasons; and the
 * address a door knows (trusted XFORWARD, milter connect) is the one looked up, never one from Received:.
 */
const logger = pino({ level: 'silent' });
const SECRET = 'whsec_0123456789abcdefABCDEF';
const FEED_DATE = new Date('2026-12-05T04:00:00Z');

// 192.0.2.0/24 and 198.51.100.0/24 are documentation ranges: no traffic goes to them, they only appear in
// query names sent to the stub server on loopback.
const ZONE = {
  // The XFORWARD client, the milter client and the REST client_ip: exploited hosts on ZEN (XBL).
  'A 7.2.0.192.zen.spamhaus.org': ['127.0.0.4'],
  'A 8.2.0.192.zen.spamhaus.org': ['127.0.0.4'],
  'A 9.2.0.192.zen.spamhaus.org': ['127.0.0.4'],
  // What the senders wrote into Received: and an untrusted XFORWARD: listed too, so a query would fire.
  'A 99.100.51.198.zen.spamhaus.org': ['127.0.0.4'],
  'A 66.2.0.192.zen.spamhaus.org': ['127.0.0.4'],
  'A dbl-phish.test.dbl.spamhaus.org': ['127.0.1.4'],
  // garden-notes.test sends from 192.0.2.20 (SPF) and publishes DMARC: its mail is authenticated.
  'TXT garden-notes.test': [['v=spf1 ip4:192.0.2.20 -all']],
  'TXT _dmarc.garden-notes.test': [['v=DMARC1; p=reject']],
};

let dns: StubDnsServer;
let sink: SmtpSink;
let receiver: Receiver;
let server: RunningServer;
let dir: string;
let key: string;
let base: string;
const port = (door: string) => Number(server.addresses[door]!.split(':').pop());

beforeAll(async () => {
  dns = await startStubDnsServer(ZONE);
  sink = await startSmtpSink();
  receiver = await startReceiver({ secret: SECRET, now: () => Date.now() });
  dir = mkdtempSync(join(tmpdir(), 'phishgate-rep-doors-'));
  const feedPath = join(dir, 'openphish.txt');
  writeFileSync(feedPath, 'https://login.feed-listed.test/verify\nhttps://other.example/x\n');
  // A file feed's date is its modification time (docs/reputation.md "URL feeds").
  utimesSync(feedPath, FEED_DATE, FEED_DATE);
  const env = { PHISHGATE_DB: join(dir, 'p.db') };
  const setup = await createRuntime(loadConfig({ env }), logger);
  const tenant = await setup.services.tenants.create({ name: 'acme', planCode: 'enterprise', quotaLimit: null });
  key = (await setup.services.keys.create({ tenantId: tenant.id, name: 'test', scopes: ['read', 'write', 'admin'], mode: 'live' })).secret;
  await setup.store.close();
  const config = loadConfig({
    env,
    overrides: {
      http: { port: 0, host: '127.0.0.1' },
      // 127.0.0.2 is the trusted content-filter client (Postfix's scan transport); 127.0.0.1 is not.
      smtp: { port: 0, host: '127.0.0.1', relay: `127.0.0.1:${sink.port}`, xforward_networks: ['127.0.0.2/32'] },
      milter: { port: 0, host: '127.0.0.1' },
      gateway: { domains: { 'acme.test': tenant.id } },
      auth: { dns: { servers: [dns.address] } },
      webhooks: { allow_private_targets: true },
      engine: { workers: { size: 1 } },
      reputation: {
        dnsbl: {
          enabled: true,
          servers: [dns.address],
          zones: [
            { zone: 'zen.spamhaus.org', type: 'ip', codes: 'spamhaus_zen' },
            { zone: 'dbl.spamhaus.org', type: 'domain', codes: 'spamhaus_dbl' },
          ],
        },
        feeds: [{ name: 'OpenPhish', format: 'openphish', source: feedPath, schedule: '0 0 1 1 *', category: 'phishing' }],
        history: { enabled: true, min_messages: 3 },
      },
    },
  });
  server = await startServer(config, logger);
  base = `http://${server.addresses.http}`;
  // Feeds load in the background after start (main.ts): wait for the first copy.
  // A hang guard, not a speed check (a loaded 2-core machine).
  for (let i = 0; i < 1200 && !server.runtime.reputation.status().feeds[0]?.date; i++) await new Promise((r) => setTimeout(r, 25));
  expect(server.runtime.reputation.status().feeds[0]).toMatchObject({ entries: 2, lastError: null });
  const hook = await api('POST', '/v1/webhooks', { url: receiver.url, events: ['analysis.completed'], secret: SECRET });
  expect(hook.status).toBe(200);
}, 120_000);

afterAll(async () => {
  await server?.close();
  await receiver?.close();
  await sink?.close();
  await dns?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

interface Analysis {
  analysis_id: string;
  verdict: string;
  reasons: string[];
  urls: Array<{ url: string; flags: string[] }>;
  coverage: string[];
}

async function api(method: string, path: string, body?: unknown): Promise<{ status: number; json: { data: Analysis & Record<string, unknown> } }> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, json: (await res.json()) as { data: Analysis & Record<string, unknown> } };
}

async function analyse(fields: Record<string, unknown>): Promise<Analysis> {
  const res = await api('POST', '/v1/analyze', fields);
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json.data;
}

/** A browser's visit to the console over the real socket: sign in with the key, keep the cookies. */
async function consoleVisit(): Promise<(path: string) => Promise<string>> {
  const cookies = new Map<string, string>();
  const request = async (path: string, init: RequestInit = {}): Promise<Response> => {
    const res = await fetch(`${base}${path}`, { ...init, redirect: 'manual', headers: { ...(init.headers as Record<string, string>), cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') } });
    for (const line of res.headers.getSetCookie()) {
      const pair = line.split(';')[0]!;
      const name = pair.slice(0, pair.indexOf('='));
      const value = pair.slice(pair.indexOf('=') + 1);
      if (/max-age=0/i.test(line) || value === '') cookies.delete(name);
      else cookies.set(name, value);
    }
    return res;
  };
  const form = await (await request('/sign-in')).text();
  const token = /name="_csrf" value="([^"]+)"/.exec(form)?.[1];
  expect(token).toBeDefined();
  const signedIn = await request('/sign-in', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ _csrf: token!, api_key: key }).toString() });
  expect(signedIn.status).toBe(303);
  return async (path) => {
    const res = await request(path);
    expect(res.status).toBe(200);
    return res.text();
  };
}

/** The console's "Rules that fired" row of a rule: its id and its evidence text, as the page shows them. */
const ruleRow = (page: string, id: string): string | undefined =>
  new RegExp(`<tr><td class="mono nowrap">${id}</td>.*?</tr>`).exec(page)?.[0];
const htmlText = (s: string) => s.replace(/&#39;|&#x27;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, '&');

const NOTE = 'Hi Anna,\n\nthanks for the notes from Tuesday. I put the updated schedule here: LINK\n\nBest regards,\nTom';
const note = (link: string, extra: Record<string, unknown> = {}) => ({ subject: 'Notes from Tuesday', from: 'tom@vendor.test', body_text: NOTE.replace('LINK', link), ...extra });

const received: Record<string, Analysis> = {};
const results: Record<string, Analysis> = {};

describe('reputation reasons in the REST answer (POST /v1/analyze over the socket)', () => {
  it('a feed-listed link: FEED_LISTED\'s reason, the URL flagged, and a note that is safe otherwise is not safe', async () => {
    const clean = await analyse(note('https://docs.vendor.test/schedule'));
    const listed = await analyse(note('https://login.feed-listed.test/verify'));
    expect(clean.verdict).toBe('safe');
    expect(listed.verdict).not.toBe('safe');
    // The evidence gate says why one finding was enough (docs/detection.md).
    expect(listed.reasons).toContain('link to login.feed-listed.test is listed as phishing on OpenPhish (feed of 2026-12-05 04:00) (strong on its own)');
    expect(listed.urls.find((u) => u.url.includes('feed-listed.test'))?.flags).toContain('feed_listed');
    expect(clean.reasons.join('\n')).not.toContain('OpenPhish');
    results.feed = listed;
  });

  it('a link domain listed as phishing on DBL, and the API\'s client_ip listed on ZEN', async () => {
    const result = await analyse(note('https://secure.dbl-phish.test/account', { client_ip: '192.0.2.9' }));
    expect(result.reasons).toContain('link domain dbl-phish.test is listed on dbl.spamhaus.org (Spamhaus DBL: phishing domain)');
    expect(result.reasons).toContain('connecting client 192.0.2.9 is listed on zen.spamhaus.org (Spamhaus XBL: exploited or botnet host)');
    expect(result.verdict).not.toBe('safe');
    expect(dns.queries).toContain('A 9.2.0.192.zen.spamhaus.org');
    results.dbl = result;
  });

  it('a brand claim from a domain never seen: "first mail from this domain"; not the second time', async () => {
    const lure = { subject: 'PayPal: your account', from: 'PayPal Service <service@pp-notices.test>', body_text: 'Dear customer,\n\nyour PayPal account statement is available.\n' };
    const first = await analyse(lure);
    expect(first.reasons).toContain('first mail from pp-notices.test to your organisation (it presents itself as PayPal)');
    const second = await analyse(lure);
    expect(second.reasons.join('\n')).not.toContain('first mail from');
    results.first = first;
  });

  it('an authenticated sender with min_messages clean earlier mails: "N earlier mails …, none reported"', async () => {
    const newsletter = (i: number) => ({
      subject: `Weekly garden notes ${i}`,
      from: 'Garden Notes <news@garden-notes.test>',
      mail_from: 'news@garden-notes.test',
      client_ip: '192.0.2.20',
      body_text: 'Hello Anna,\n\nthis week: pruning roses, planting garlic and a recipe for green tomato chutney.\n\nHappy gardening!\n',
    });
    for (let i = 0; i < 3; i++) {
      const earlier = await analyse(newsletter(i));
      expect(earlier.reasons.join('\n')).not.toContain('earlier mails');
      expect((earlier as unknown as { authentication: { dmarc: { result: string } } }).authentication.dmarc.result).toBe('pass');
    }
    const fourth = await analyse(newsletter(3));
    expect(fourth.reasons).toContain('3 earlier mails from garden-notes.test, none reported');
    expect(fourth.verdict).toBe('safe');
    results.history = fourth;
  });
});

describe('the same reasons on the console\'s analysis page', () => {
  it('shows each rule id with its reason, and the verdict', async () => {
    const visit = await consoleVisit();
    const expected: Array<[keyof typeof results, string, string]> = [
      ['feed', 'FEED_LISTED', 'link to login.feed-listed.test is listed as phishing on OpenPhish (feed of 2026-12-05 04:00)'],
      ['dbl', 'DNSBL_DOMAIN_PHISH', 'link domain dbl-phish.test is listed on dbl.spamhaus.org (Spamhaus DBL: phishing domain)'],
      ['dbl', 'DNSBL_CLIENT_LISTED', 'connecting client 192.0.2.9 is listed on zen.spamhaus.org (Spamhaus XBL: exploited or botnet host)'],
      ['first', 'SENDER_FIRST_CONTACT', 'first mail from pp-notices.test to your organisation (it presents itself as PayPal)'],
      ['history', 'SENDER_HISTORY_CLEAN', '3 earlier mails from garden-notes.test, none reported'],
    ];
    for (const [which, id, reason] of expected) {
      const page = htmlText(await visit(`/analyses/${results[which]!.analysis_id}`));
      const row = ruleRow(page, id);
      expect(row, `${id} on the page of ${which}`).toBeDefined();
      expect(row).toContain(`<td>${reason}</td>`);
      // The reasons list shows the REST answer's reason (with the gate's words, if any).
      const shown = results[which]!.reasons.find((r) => r.startsWith(reason));
      expect(shown, `${reason} among the reasons of ${which}`).toBeDefined();
      expect(page).toContain(`<li>${shown}</li>`);
      expect(page).toMatch(new RegExp(`<dt>Verdict</dt><dd>[^\\n]*${results[which]!.verdict}`));
    }
    // The history rule is a genuineness fact: its weight on the page is negative.
    expect(ruleRow(htmlText(await visit(`/analyses/${results.history!.analysis_id}`)), 'SENDER_HISTORY_CLEAN')).toMatch(/<td class="num">-\d/);
  });
});

describe('the same reasons in the webhook payload at a real receiver', () => {
  it('analysis.completed of each analysis carries its reputation reasons and verdict, signed', async () => {
    const ids = new Set(Object.values(results).map((r) => r.analysis_id));
    // A hang guard, not a speed check: the worker polls the outbox.
    for (let i = 0; i < 2400 && [...ids].some((id) => !received[id]); i++) {
      for (const r of receiver.received) received[r.json.data.analysis.analysis_id as string] = r.json.data.analysis as unknown as Analysis;
      await new Promise((done) => setTimeout(done, 25));
    }
    for (const [which, result] of Object.entries(results)) {
      const payload = received[result.analysis_id];
      expect(payload, `webhook for ${which}`).toBeDefined();
      expect(payload!.verdict).toBe(result.verdict);
      expect(payload!.reasons).toEqual(result.reasons);
    }
    expect(received[results.feed!.analysis_id]!.reasons).toContain('link to login.feed-listed.test is listed as phishing on OpenPhish (feed of 2026-12-05 04:00) (strong on its own)');
    expect(received[results.dbl!.analysis_id]!.reasons).toContain('link domain dbl-phish.test is listed on dbl.spamhaus.org (Spamhaus DBL: phishing domain)');
    expect(received[results.first!.analysis_id]!.reasons).toContain('first mail from pp-notices.test to your organisation (it presents itself as PayPal)');
    expect(received[results.history!.analysis_id]!.reasons).toContain('3 earlier mails from garden-notes.test, none reported');
    expect(receiver.received.every((r) => r.verified.ok)).toBe(true);
  }, 90_000);
});

/** The analysis a mail door made, read back through the REST API (the id is in the door's reply). */
async function stored(id: string): Promise<Analysis> {
  const res = await api('GET', `/v1/analyses/${id}`);
  expect(res.status).toBe(200);
  return res.json.data;
}

// A Received: header the sender wrote, naming a listed address: it is his to forge, so it is never looked up.
const FORGED_RECEIVED = 'Received: from mx.forged.test (mx.forged.test [198.51.100.99]) by mx.acme.test with ESMTP id 1; Sat, 05 Dec 2026 10:00:00 +0000';
const rawMail = (subject: string) =>
  Buffer.from(`${FORGED_RECEIVED}\r\nFrom: Alice <alice@sender.test>\r\nTo: bob@acme.test\r\nSubject: ${subject}\r\nMessage-ID: <${subject.replace(/\W/g, '')}@sender.test>\r\nDate: Sat, 05 Dec 2026 10:00:00 +0000\r\n\r\nSee you at noon.\r\n`);

async function smtpSend(from: string, xforward: string | null, subject: string): Promise<string> {
  const { client } = await RawSmtp.connect(port('smtp'), { localAddress: from });
  try {
    await client.command('EHLO mx.lab.test');
    if (xforward) expect(await client.command(`XFORWARD ${xforward}`)).toMatch(/^250/);
    expect(await client.command('MAIL FROM:<alice@sender.test>')).toMatch(/^250/);
    expect(await client.command('RCPT TO:<bob@acme.test>')).toMatch(/^250/);
    const reply = await client.data(rawMail(subject));
    const id = /\((an_[A-Za-z0-9_]+)\)/.exec(reply)?.[1];
    expect(id, reply).toBeDefined();
    return id!;
  } finally {
    client.close();
  }
}

const zenQueries = () => dns.queries.filter((q) => q.endsWith('.zen.spamhaus.org'));

describe('the client address the doors know reaches the block-list query; Received: never does', () => {
  it('SMTP content filter with XFORWARD ADDR= from a trusted client: that address is queried and listed', async () => {
    const id = await smtpSend('127.0.0.2', 'ADDR=192.0.2.7 NAME=mail.client.test HELO=mail.client.test', 'xforward trusted');
    expect(zenQueries()).toContain('A 7.2.0.192.zen.spamhaus.org');
    expect((await stored(id)).reasons).toContain('connecting client 192.0.2.7 is listed on zen.spamhaus.org (Spamhaus XBL: exploited or botnet host)');
    expect(zenQueries()).not.toContain('A 99.100.51.198.zen.spamhaus.org');
  });

  it('XFORWARD from a client outside xforward_networks is ignored: its ADDR is never queried', async () => {
    const before = zenQueries().length;
    const id = await smtpSend('127.0.0.1', 'ADDR=192.0.2.66 NAME=mail.client.test', 'xforward untrusted');
    // The peer (127.0.0.1) is loopback, never sent to a list: no ZEN query at all for this message.
    expect(zenQueries().slice(before)).toEqual([]);
    const result = await stored(id);
    expect(result.reasons.join('\n')).not.toContain('connecting client');
    expect(zenQueries()).not.toContain('A 66.2.0.192.zen.spamhaus.org');
    expect(zenQueries()).not.toContain('A 99.100.51.198.zen.spamhaus.org');
  });

  it('REST: a raw message with a Received: header and no client_ip queries no IP zone', async () => {
    const before = zenQueries().length;
    const result = await analyse({ raw_email: rawMail('rest received').toString('base64') });
    expect(zenQueries().slice(before)).toEqual([]);
    expect(result.reasons.join('\n')).not.toContain('connecting client');
  });

  it('milter: the connect address is queried and listed; the Received: address is not', async () => {
    const client = await MilterClient.connect({ host: '127.0.0.1', port: port('milter') });
    try {
      await client.open({ hostname: 'mail.client.test', address: '192.0.2.8', port: 40000, family: 'inet', helo: 'mail.client.test' });
      const result = await client.send({
        mailFrom: 'alice@sender.test',
        rcptTo: ['bob@acme.test'],
        headers: [
          ['Received', FORGED_RECEIVED.slice('Received: '.length)],
          ['From', 'Alice <alice@sender.test>'],
          ['To', 'bob@acme.test'],
          ['Subject', 'milter connect'],
        ],
        body: 'See you at noon.\r\n',
      });
      expect(['accept', 'continue', 'reject', 'replycode', 'discard']).toContain(result.final.kind);
      await client.quit();
    } finally {
      client.destroy();
    }
    expect(zenQueries()).toContain('A 8.2.0.192.zen.spamhaus.org');
    expect(zenQueries()).not.toContain('A 99.100.51.198.zen.spamhaus.org');
    const list = await api('GET', '/v1/analyses?limit=1');
    const latest = (list.json.data as unknown as { items: Array<{ analysis_id: string; source: string }> }).items[0]!;
    expect(latest.source).toBe('milter');
    expect((await stored(latest.analysis_id)).reasons).toContain('connecting client 192.0.2.8 is listed on zen.spamhaus.org (Spamhaus XBL: exploited or botnet host)');
  });
});
