import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/loader.js';
import { emptyMessage, type NormalizedMessage } from '../../src/core/message.js';
import { createEngineFromConfig } from '../../src/engine/create.js';
import { createReputation } from '../../src/engine/reputation/index.js';
import { decodeAnswer } from '../../src/engine/reputation/dnsbl-codes.js';
import { ipQueryName } from '../../src/engine/reputation/dnsbl-names.js';
import { createDnsblResolve } from '../../src/engine/reputation/dnsbl-resolver.js';
import { ZoneHealth } from '../../src/engine/reputation/dnsbl-health.js';
import { startStubDnsServer, type StubDnsServer } from '../support/stub-dns.js';

/**
 * DNS block lists through the production path (docs/reputation.md "DNS block lists"): the engine built from
 * config, node:dns's Resolver pointed at a real DNS server on loopback answering the lists' real codes.
 */
const ctx = { allowList: [], blockList: [], tenantDomains: ['example.com'], now: Date.parse('2026-12-06T00:00:00Z') };

function message(options: { client?: string; links?: string[]; from?: string } = {}): NormalizedMessage {
  const links = options.links ?? [];
  return {
    ...emptyMessage(),
    subject: 'Your account',
    from: { name: 'Service', address: options.from ?? 'notice@sender.test' },
    to: [{ name: '', address: 'anna@example.com' }],
    text: `Hello Anna,\n\nthe report is ready.\n${links.join('\n')}\n`,
    envelope: { mailFrom: options.from ?? 'notice@sender.test', rcptTo: ['anna@example.com'], ...(options.client ? { clientAddress: options.client } : {}) },
  };
}

let dns: StubDnsServer;
beforeAll(async () => {
  dns = await startStubDnsServer(
    {
      // 198.51.100.7: an exploited host on ZEN (XBL) and in a PBL range.
      'A 7.100.51.198.zen.spamhaus.org': ['127.0.0.4', '127.0.0.10'],
      'A phish-domain.test.dbl.spamhaus.org': ['127.0.1.4'],
      'A spammy.test.dbl.spamhaus.org': ['127.0.1.2'],
      // What Spamhaus answers a query that came through a public resolver.
      'A refused-domain.test.dbl.spamhaus.org': ['127.255.255.254'],
      'A 9.100.51.198.zen.spamhaus.org': ['127.255.255.254'],
      'A surbl-hit.test.multi.surbl.org': ['127.0.0.24'],
      'A surbl-refused.test.multi.surbl.org': ['127.0.0.1'],
    },
    { silent: ['slow-domain.test.dbl.spamhaus.org'] },
  );
});
afterAll(() => dns.close());

const ZONES = [
  { zone: 'zen.spamhaus.org', type: 'ip', codes: 'spamhaus_zen' },
  { zone: 'dbl.spamhaus.org', type: 'domain', codes: 'spamhaus_dbl' },
  { zone: 'multi.surbl.org', type: 'domain', codes: 'surbl' },
] as const;

function engineWith(dnsbl: Record<string, unknown> = {}) {
  const config = loadConfig({ env: {}, overrides: { reputation: { dnsbl: { enabled: true, servers: [dns.address], timeout_ms: 300, zones: ZONES, ...dnsbl } } } });
  const reputation = createReputation(config.reputation);
  return { engine: createEngineFromConfig(config, { reputation }), reputation };
}

const ids = (rules: Array<{ id: string }>) => rules.map((r) => r.id);

describe('DNS block lists against a loopback DNS server', () => {
  it('a listed client address fires DNSBL_CLIENT_LISTED with the zone and the code\'s meaning', async () => {
    const { engine } = engineWith();
    const result = await engine.analyze(message({ client: '198.51.100.7' }), ctx);
    const rule = result.rules.find((r) => r.id === 'DNSBL_CLIENT_LISTED');
    expect(rule?.reason).toBe('connecting client 198.51.100.7 is listed on zen.spamhaus.org (Spamhaus XBL: exploited or botnet host)');
    expect(dns.queries).toContain('A 7.100.51.198.zen.spamhaus.org');
  });

  it('a link domain listed as phishing on DBL is a mechanism rule; a spam listing only context', async () => {
    const { engine } = engineWith();
    const result = await engine.analyze(message({ links: ['https://login.phish-domain.test/account', 'https://www.spammy.test/offer'] }), ctx);
    expect(result.rules.find((r) => r.id === 'DNSBL_DOMAIN_PHISH')?.reason).toBe('link domain phish-domain.test is listed on dbl.spamhaus.org (Spamhaus DBL: phishing domain)');
    expect(result.rules.find((r) => r.id === 'DNSBL_DOMAIN_SPAM')?.reason).toBe('link domain spammy.test is listed on dbl.spamhaus.org (Spamhaus DBL: spam domain)');
    expect(result.reasons.some((r) => r.includes('phish-domain.test is listed on dbl.spamhaus.org'))).toBe(true);
  });

  it('SURBL\'s bitmask: 127.0.0.24 is phishing and malware; its 127.0.0.1 is a refusal, not a listing', async () => {
    const { engine } = engineWith();
    const result = await engine.analyze(message({ links: ['https://surbl-hit.test/x', 'https://surbl-refused.test/y'] }), ctx);
    const phish = result.rules.find((r) => r.id === 'DNSBL_DOMAIN_PHISH');
    expect(phish?.reason).toMatch(/^link domain surbl-hit\.test is listed on multi\.surbl\.org \(SURBL (PH: phishing|MW: malware)\)$/);
    expect(result.rules.map((r) => r.reason).join('\n')).not.toContain('surbl-refused.test');
    expect(result.coverage).toContain('DNS block list multi.surbl.org refused the query (127.0.0.1: public resolver or volume limit); not counted (docs/reputation.md "Resolver")');
  });

  it('127.255.255.254 ("query through a public resolver") means no answer: nothing fires, coverage says so', async () => {
    const { engine, reputation } = engineWith();
    const result = await engine.analyze(message({ client: '198.51.100.9', links: ['https://refused-domain.test/'] }), ctx);
    expect(ids(result.rules).filter((id) => id.startsWith('DNSBL_'))).toEqual([]);
    expect(result.coverage).toContain('DNS block list zen.spamhaus.org refused the query (127.255.255.254: public resolver or volume limit); not counted (docs/reputation.md "Resolver")');
    expect(result.coverage).toContain('DNS block list dbl.spamhaus.org refused the query (127.255.255.254: public resolver or volume limit); not counted (docs/reputation.md "Resolver")');
    expect(reputation.status().zones.find((z) => z.zone === 'zen.spamhaus.org')).toMatchObject({ queries: 1, refused: 1, listed: 0 });
  });

  it('an unlisted name (NXDOMAIN) fires nothing and adds no coverage note', async () => {
    const { engine } = engineWith();
    const result = await engine.analyze(message({ client: '203.0.113.5', links: ['https://clean.test/'] }), ctx);
    expect(ids(result.rules).filter((id) => id.startsWith('DNSBL_'))).toEqual([]);
    expect(result.coverage.filter((c) => c.includes('block list'))).toEqual([]);
    expect(dns.queries).toContain('A clean.test.dbl.spamhaus.org');
  });

  it('a name the server never answers ends at the one deadline: the answered listings still count, the rest is coverage', async () => {
    const { engine, reputation } = engineWith();
    const result = await engine.analyze(message({ links: ['https://slow-domain.test/', 'https://phish-domain.test/'] }), ctx);
    expect(ids(result.rules)).toContain('DNSBL_DOMAIN_PHISH');
    expect(result.coverage).toContain('DNS block lists: 1 lookups unanswered within 300 ms; not counted');
    expect(result.coverage.some((c) => c.startsWith('rule DNSBL_'))).toBe(false);
    expect(reputation.status().zones.find((z) => z.zone === 'dbl.spamhaus.org')?.late).toBe(1);
  });

  it('a zone that stopped answering is skipped for skip_for_s: the next messages do not wait for it', async () => {
    const { engine, reputation } = engineWith({ skip_after_failures: 1, skip_for_s: 600 });
    const first = await engine.analyze(message({ links: ['https://slow-domain.test/'] }), ctx);
    expect(first.coverage).toContain('DNS block lists: 1 lookups unanswered within 300 ms; not counted');
    const before = dns.queries.filter((q) => q.endsWith('dbl.spamhaus.org')).length;
    const second = await engine.analyze(message({ links: ['https://phish-domain.test/'] }), ctx);
    expect(second.coverage).toContain('DNS block list dbl.spamhaus.org skipped: it did not answer recently; not counted (docs/reputation.md)');
    expect(second.rules.map((r) => r.id)).not.toContain('DNSBL_DOMAIN_PHISH');
    expect(dns.queries.filter((q) => q.endsWith('dbl.spamhaus.org')).length).toBe(before);
    // The other zones are still asked.
    expect(dns.queries).toContain('A phish-domain.test.multi.surbl.org');
    expect(reputation.status().zones.find((z) => z.zone === 'dbl.spamhaus.org')?.late).toBe(1);
  });

  it('an answer from the cache does not make a silent zone look healthy: it is still skipped after N failures in a row', async () => {
    const { engine } = engineWith({ skip_after_failures: 2, skip_for_s: 600, zones: [ZONES[1]] });
    // Cached while the server still answered it.
    await engine.analyze(message({ links: ['https://cached-before.test/'] }), ctx);
    const asked = () => dns.queries.filter((q) => q.endsWith('dbl.spamhaus.org')).length;
    // Past the deadline, or the resolver's own timeout first: either is a failure of the zone.
    const waited = (r: { coverage: string[] }) => r.coverage.some((c) => /unanswered within|lookup failed/.test(c));
    // Now each message asks one name the server never answers and the cached one: the cached answer comes
    // from this process, not from the server, so it says nothing about the zone's health.
    const first = await engine.analyze(message({ links: ['https://slow-domain.test/', 'https://cached-before.test/'] }), ctx);
    expect(waited(first)).toBe(true);
    const second = await engine.analyze(message({ links: ['https://slow-domain.test/', 'https://cached-before.test/'] }), ctx);
    expect(waited(second)).toBe(true);
    const before = asked();
    const third = await engine.analyze(message({ links: ['https://slow-domain.test/', 'https://cached-before.test/'] }), ctx);
    expect(third.coverage).toContain('DNS block list dbl.spamhaus.org skipped: it did not answer recently; not counted (docs/reputation.md)');
    expect(waited(third)).toBe(false);
    expect(asked()).toBe(before);
  });

  it('an answer the server gives makes the zone healthy again', async () => {
    const { engine } = engineWith({ skip_after_failures: 2, skip_for_s: 600, zones: [ZONES[1]] });
    await engine.analyze(message({ links: ['https://slow-domain.test/'] }), ctx);
    // A name asked for the first time: answered by the server (NXDOMAIN), which resets the count.
    await engine.analyze(message({ links: ['https://slow-domain.test/', 'https://fresh-answer.test/'] }), ctx);
    const third = await engine.analyze(message({ links: ['https://slow-domain.test/'] }), ctx);
    expect(third.coverage.some((c) => /unanswered within|lookup failed/.test(c))).toBe(true);
    expect(third.coverage.some((c) => c.includes('skipped'))).toBe(false);
  });

  it('answers are cached: a second message with the same link asks the server nothing more', async () => {
    const { engine } = engineWith();
    await engine.analyze(message({ links: ['https://cached-once.test/'] }), ctx);
    const before = dns.queries.filter((q) => q.includes('cached-once.test')).length;
    await engine.analyze(message({ links: ['https://cached-once.test/again'] }), ctx);
    expect(before).toBe(2); // DBL and SURBL, once each.
    expect(dns.queries.filter((q) => q.includes('cached-once.test')).length).toBe(before);
  });

  it('lookups per message are bounded: past the limit none is sent and coverage says how many', async () => {
    const { engine } = engineWith({ max_queries_per_message: 4 });
    const links = Array.from({ length: 10 }, (_, i) => `https://bounded-${i}.test/`);
    const result = await engine.analyze(message({ links }), ctx);
    // The sender domain first (2 zones), then the first link (2 zones).
    expect(dns.queries.filter((q) => /bounded-\d/.test(q))).toEqual(['A bounded-0.test.dbl.spamhaus.org', 'A bounded-0.test.multi.surbl.org']);
    expect(result.coverage).toContain('DNS block lists: 18 lookups past the limit of 4 per message were not sent');
  });

  it('the tenant\'s own domains and private client addresses are never sent to a list', async () => {
    const { engine } = engineWith();
    const before = dns.queries.length;
    await engine.analyze(message({ client: '10.1.2.3', from: 'colleague@example.com', links: ['https://intranet.example.com/'] }), ctx);
    expect(dns.queries.slice(before)).toEqual([]);
  });
});

describe('reputation is off by default', () => {
  it('the default configuration registers no reputation rule and sends no lookup', async () => {
    const config = loadConfig({ env: {}, overrides: { reputation: { dnsbl: { servers: [dns.address], zones: ZONES } } } });
    expect(config.reputation.dnsbl.enabled).toBe(false);
    expect(createReputation(loadConfig({ env: {} }).reputation).rules).toEqual([]);
    expect(createReputation(config.reputation).rules).toEqual([]);
    const before = dns.queries.length;
    const result = await createEngineFromConfig(config).analyze(message({ client: '198.51.100.7', links: ['https://phish-domain.test/'] }), ctx);
    expect(dns.queries.length).toBe(before);
    expect(ids(result.rules).filter((id) => id.startsWith('DNSBL_'))).toEqual([]);
  });
});

describe('zone health', () => {
  it('skips after N failures in a row, asks again after the pause, and one more failure skips at once', () => {
    let now = 0;
    const health = new ZoneHealth({ failures: 3, skipMs: 30_000, now: () => now });
    health.failed('z');
    health.failed('z');
    expect(health.skipped('z')).toBe(false);
    health.answered('z');
    health.failed('z');
    health.failed('z');
    expect(health.skipped('z')).toBe(false);
    health.failed('z');
    expect(health.skipped('z')).toBe(true);
    now = 30_001;
    expect(health.skipped('z')).toBe(false);
    health.failed('z');
    expect(health.skipped('z')).toBe(true);
    health.answered('z');
    expect(health.skipped('z')).toBe(false);
  });
});

describe('return codes and query names', () => {
  it('reads each list\'s codes', () => {
    expect(decodeAnswer('spamhaus_zen', ['127.0.0.2']).listings.map((l) => l.category)).toEqual(['spam']);
    expect(decodeAnswer('spamhaus_zen', ['127.0.0.11']).listings.map((l) => l.category)).toEqual(['policy']);
    expect(decodeAnswer('spamhaus_dbl', ['127.0.1.5']).listings.map((l) => l.category)).toEqual(['malware']);
    expect(decodeAnswer('spamhaus_dbl', ['127.0.1.255'])).toMatchObject({ listings: [], refused: '127.0.1.255' });
    expect(decodeAnswer('uribl', ['127.0.0.2']).listings.map((l) => l.meaning)).toEqual(['URIBL black: spam domain']);
    expect(decodeAnswer('uribl', ['127.0.0.4'])).toMatchObject({ listings: [], refused: null, unknown: [] }); // grey: not a listing
    expect(decodeAnswer('uribl', ['127.0.0.1'])).toMatchObject({ listings: [], refused: '127.0.0.1' });
    expect(decodeAnswer('any', ['127.0.0.2']).listings).toHaveLength(1);
    expect(decodeAnswer('any', ['127.255.255.255'])).toMatchObject({ listings: [], refused: '127.255.255.255' });
    // A resolver that rewrites NXDOMAIN to an ad server's address is not a listing.
    expect(decodeAnswer('spamhaus_zen', ['192.0.2.80'])).toMatchObject({ listings: [], unknown: ['192.0.2.80'] });
  });

  it('reverses IPv4 octets and IPv6 nibbles (RFC 5782)', () => {
    expect(ipQueryName('192.0.2.7', 'zen.spamhaus.org')).toBe('7.2.0.192.zen.spamhaus.org');
    expect(ipQueryName('::ffff:192.0.2.7', 'z.test')).toBe('7.2.0.192.z.test');
    expect(ipQueryName('2001:db8::1', 'z.test')).toBe('1.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.8.b.d.0.1.0.0.2.z.test');
    expect(ipQueryName('not-an-ip', 'z.test')).toBeNull();
  });

  it('the resolver with no servers configured uses the system resolvers, which tests refuse (no real DNS)', async () => {
    const resolve = createDnsblResolve({ servers: [], timeoutMs: 200, cacheEntries: 10, maxTtlMs: 1000, negativeTtlMs: 1000 });
    await expect(resolve('2.0.0.127.zen.spamhaus.org')).rejects.toThrow(/real DNS lookup/);
  });
});
