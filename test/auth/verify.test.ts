import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/loader.js';
import { emptyMessage, type NormalizedMessage } from '../../src/core/message.js';
import { parseRawMessage } from '../../src/mail/parse-raw.js';
import { createAuthenticationService } from '../../src/services/authentication/service.js';
import { dkimRecord, ed25519Key, mail, rsaKey, sealArc, signDkim } from '../support/auth-fixtures.js';
import { stubResolve, type Failures, type Zone } from '../support/stub-dns.js';

const rsa = rsaKey();
const ed = ed25519Key();
const listKey = rsaKey();

/** brand.test signs with RSA (s1) and Ed25519 (s2), sends from 192.0.2.1 and asks for reject. */
const baseZone: Zone = {
  ...dkimRecord('brand.test', 's1', rsa),
  ...dkimRecord('brand.test', 's2', ed),
  ...dkimRecord('lists.test', 'arc', listKey),
  'TXT brand.test': [['v=spf1 ip4:192.0.2.1 -all']],
  'TXT _dmarc.brand.test': [['v=DMARC1; p=reject']],
  'TXT lists.test': [['v=spf1 ip4:198.51.100.7 -all']],
};

const config = (over: Record<string, unknown> = {}) => loadConfig({ env: {}, overrides: { auth: over } }).auth;

function service(zone: Zone = baseZone, failures: Failures = {}, over: Record<string, unknown> = {}) {
  const resolve = stubResolve(zone, failures);
  return { resolve, auth: createAuthenticationService(config(over), { resolve }) };
}

const newsletter = () => mail({ From: 'Brand <news@brand.test>', To: 'bob@acme.test', Subject: 'Your statement', 'Message-ID': '<1@brand.test>', Date: 'Sat, 21 Nov 2026 10:00:00 +0000' });

async function check(raw: string, envelope: { clientIp?: string; helo?: string; mailFrom?: string }, s = service(), tenantId = 'tn_1') {
  const message: NormalizedMessage = await parseRawMessage(Buffer.from(raw));
  return s.auth.authenticate({ raw: Buffer.from(raw), envelope, message, tenantId });
}

describe('verification with mailauth (stub DNS)', () => {
  it('passes SPF, RSA and Ed25519 DKIM, and DMARC for a properly sent message, all verified', async () => {
    const signed = await signDkim(await signDkim(newsletter(), 'brand.test', 's1', rsa), 'brand.test', 's2', ed);
    const facts = await check(signed, { clientIp: '192.0.2.1', helo: 'mail.brand.test', mailFrom: 'bounce@brand.test' });
    expect(facts.spf).toMatchObject({ result: 'pass', domain: 'brand.test', provenance: 'verified', client_ip: '192.0.2.1' });
    expect(facts.dkim.map((d) => [d.result, d.algorithm, d.aligned, d.provenance]).sort()).toEqual([
      ['pass', 'ed25519-sha256', true, 'verified'],
      ['pass', 'rsa-sha256', true, 'verified'],
    ]);
    expect(facts.dmarc).toMatchObject({ result: 'pass', domain: 'brand.test', policy: 'reject', provenance: 'verified', aligned: { spf: true, dkim: true } });
  });

  it('fails DKIM when a signed header was changed (neutral for a changed body), and SPF/DMARC for a spoofing client', async () => {
    const signed = await signDkim(newsletter(), 'brand.test', 's1', rsa);
    const facts = await check(signed.replace('Subject: Your statement', 'Subject: Urgent: new bank details'), { clientIp: '203.0.113.9', helo: 'evil.example', mailFrom: 'news@brand.test' });
    expect(facts.dkim[0]).toMatchObject({ result: 'fail', domain: 'brand.test', provenance: 'verified' });
    // mailauth reports a body that no longer matches its hash as neutral ("body hash did not verify").
    const body = await check(signed.replace('see you at noon', 'wire the money'), { clientIp: '203.0.113.9', mailFrom: 'news@brand.test' });
    expect(body.dkim[0]).toMatchObject({ result: 'neutral', comment: expect.stringMatching(/body hash/) });
    expect(facts.spf).toMatchObject({ result: 'fail', provenance: 'verified' });
    expect(facts.dmarc).toMatchObject({ result: 'fail', policy: 'reject', provenance: 'verified' });
  });

  it('reports missing records: no key (neutral), no SPF and no DMARC record (none)', async () => {
    const raw = await signDkim(mail({ From: 'a@plain.test', To: 'bob@acme.test', Subject: 'x' }), 'plain.test', 'gone', rsa);
    const facts = await check(raw, { clientIp: '192.0.2.1', mailFrom: 'a@plain.test' });
    expect(facts.dkim[0]).toMatchObject({ result: 'neutral', provenance: 'verified' });
    expect(facts.dkim[0]!.comment).toMatch(/no key/);
    expect(facts.spf).toMatchObject({ result: 'none', provenance: 'verified' });
    expect(facts.dmarc).toMatchObject({ result: 'none', policy: null, provenance: 'verified' });
  });

  it('turns DNS failures into temperror for every method, never a pass and never a throw', async () => {
    const signed = await signDkim(newsletter(), 'brand.test', 's1', rsa);
    const down: Failures = { 'TXT brand.test': 'ETIMEOUT', 'TXT s1._domainkey.brand.test': 'ESERVFAIL', 'TXT _dmarc.brand.test': 'ETIMEOUT' };
    const facts = await check(signed, { clientIp: '192.0.2.1', mailFrom: 'bounce@brand.test' }, service(baseZone, down));
    expect(facts.spf.result).toBe('temperror');
    expect(facts.dkim[0]!.result).toBe('temperror');
    expect(facts.dmarc.result).toBe('temperror');
  });

  it('gives permerror for broken SPF records (two records, bad syntax)', async () => {
    const zone = { ...baseZone, 'TXT two.test': [['v=spf1 -all'], ['v=spf1 +all']], 'TXT bad.test': [['v=spf1 ip4:999.1.1.1 -all']] };
    for (const domain of ['two.test', 'bad.test']) {
      const facts = await check(mail({ From: `a@${domain}`, Subject: 'x' }), { clientIp: '192.0.2.1', mailFrom: `a@${domain}` }, service(zone));
      expect(facts.spf.result, domain).toBe('permerror');
    }
  });

  it('stops oversized SPF chains at the RFC 7208 limits: 10 DNS-querying mechanisms, 2 void lookups', async () => {
    const zone: Zone = { ...baseZone };
    // chain0 → chain1 → … → chain11: eleven includes, one more than allowed.
    for (let i = 0; i < 12; i++) zone[`TXT chain${i}.test`] = [[i < 11 ? `v=spf1 include:chain${i + 1}.test -all` : 'v=spf1 ip4:192.0.2.1 -all']];
    zone['TXT voids.test'] = [['v=spf1 a:n1.voids.test a:n2.voids.test a:n3.voids.test ip4:192.0.2.1 -all']];
    const s = service(zone);
    const long = await check(mail({ From: 'a@chain0.test', Subject: 'x' }), { clientIp: '192.0.2.1', mailFrom: 'a@chain0.test' }, s);
    expect(long.spf).toMatchObject({ result: 'permerror' });
    expect(long.spf.comment).toMatch(/Too many DNS requests/);
    expect(s.resolve.queries.filter((q) => q.startsWith('TXT chain')).length).toBeLessThanOrEqual(11);
    const voids = await check(mail({ From: 'a@voids.test', Subject: 'x' }), { clientIp: '192.0.2.1', mailFrom: 'a@voids.test' }, s);
    expect(voids.spf).toMatchObject({ result: 'permerror' });
    expect(voids.spf.comment).toMatch(/void/);
  });

  it('bounds the DNS queries of one message (auth.dns.max_queries_per_message)', async () => {
    let raw = newsletter();
    for (let i = 0; i < 30; i++) raw = await signDkim(raw, `d${i}.test`, 's', rsa);
    const s = service(baseZone, {}, { dns: { max_queries_per_message: 10 } });
    const facts = await check(raw, { clientIp: '192.0.2.1', mailFrom: 'bounce@brand.test' }, s);
    expect(s.resolve.queries.length).toBeLessThanOrEqual(10);
    expect(facts.dkim.length).toBe(20);
    expect(facts.dkim.some((d) => d.result === 'temperror')).toBe(true);
    expect(facts.dkim.some((d) => d.result === 'pass')).toBe(false);
  });

  it('checks no SPF without a client address, or for an internal relay, and says why', async () => {
    const none = await check(newsletter(), {});
    expect(none.spf).toMatchObject({ result: 'none', provenance: 'none', comment: 'no client address' });
    const internal = await check(newsletter(), { clientIp: '10.1.2.3', mailFrom: 'x@brand.test' }, service(baseZone, {}, { internal_networks: ['10.0.0.0/8'] }));
    expect(internal.spf.comment).toMatch(/internal relay/);
    expect(internal.spf.result).toBe('none');
  });

  it('does no DNS at all when auth.verify is false', async () => {
    const s = service(baseZone, {}, { verify: false });
    const facts = await check(await signDkim(newsletter(), 'brand.test', 's1', rsa), { clientIp: '192.0.2.1', mailFrom: 'bounce@brand.test' }, s);
    expect(s.resolve.queries).toEqual([]);
    expect(facts.dkim).toEqual([]);
    expect(facts.dmarc).toMatchObject({ result: 'none', provenance: 'none', comment: 'verification is off (auth.verify)' });
  });

  it('caches answers across messages and reports the hit rate', async () => {
    const s = service();
    const signed = await signDkim(newsletter(), 'brand.test', 's1', rsa);
    for (let i = 0; i < 5; i++) await check(signed, { clientIp: '192.0.2.1', mailFrom: 'bounce@brand.test' }, s);
    const stats = s.auth.cacheStats()!;
    expect(stats.misses).toBe(3); // key, SPF record, DMARC record: once each
    expect(stats.hits).toBe(12);
    expect(s.resolve.queries.length).toBe(3);
  });
});

describe('ARC: a list forwards a DMARC-failing message', () => {
  /** The list changes the subject and body (breaking DKIM), resends from its own server, and seals what it saw. */
  async function listForward() {
    const original = await signDkim(newsletter(), 'brand.test', 's1', rsa);
    const modified = original.replace('Subject: Your statement', 'Subject: [list] Your statement').replace('see you at noon.', 'see you at noon.\r\n-- \r\nlist footer');
    const seen = 'lists.test; dkim=pass header.d=brand.test header.s=s1 header.a=rsa-sha256; spf=pass smtp.mailfrom=bounce@brand.test; dmarc=pass header.from=brand.test';
    return sealArc(modified, 'lists.test', 'arc', listKey, seen);
  }

  it('overrides DMARC only when the sealer is trusted, and the counted result is then a pass', async () => {
    const raw = await listForward();
    const envelope = { clientIp: '198.51.100.7', helo: 'mail.lists.test', mailFrom: 'bounces@lists.test' };
    const untrusted = await check(raw, envelope);
    expect(untrusted.arc).toMatchObject({ result: 'pass', sealer: 'lists.test', trusted: false, instance: 1, original: { dmarc: 'pass', dkim: 'pass', spf: 'pass' } });
    expect(untrusted.dmarc).toMatchObject({ result: 'fail', policy: 'reject' });
    expect(untrusted.dmarc.arc_override).toBeUndefined();

    const trusted = await check(raw, envelope, service(baseZone, {}, { trusted_arc_sealers: ['lists.test'] }));
    expect(trusted.arc).toMatchObject({ result: 'pass', trusted: true });
    expect(trusted.dmarc).toMatchObject({ result: 'fail', arc_override: true, provenance: 'verified' });
    const { countedAuth } = await import('../../src/mail/auth-results.js');
    expect(countedAuth(trusted).dmarc).toBe('pass');
    expect(countedAuth(untrusted).dmarc).toBe('fail');
  });

  it('fails the chain when a sealed message is changed afterwards', async () => {
    const raw = (await listForward()).replace('list footer', 'changed footer');
    const facts = await check(raw, { clientIp: '198.51.100.7', mailFrom: 'bounces@lists.test' }, service(baseZone, {}, { trusted_arc_sealers: ['lists.test'] }));
    expect(facts.arc.result).toBe('fail');
    expect(facts.dmarc.arc_override).toBeUndefined();
  });
});

describe('DMARC needs SPF or DKIM to be conclusive', () => {
  it('reports an unsigned message without a client address as not conclusive, not as a DMARC failure', async () => {
    const facts = await check(newsletter(), {});
    expect(facts.dmarc).toMatchObject({ result: 'none', provenance: 'none', policy: null });
    expect(facts.dmarc.comment).toMatch(/not conclusive: SPF was not checked \(no client address\)/);
  });

  it('still passes on an aligned DKIM signature alone', async () => {
    const facts = await check(await signDkim(newsletter(), 'brand.test', 's1', rsa), {});
    expect(facts.dmarc).toMatchObject({ result: 'pass', provenance: 'verified' });
  });
});

describe('the API caller\'s own results (the `headers` field)', () => {
  it('count as trusted only for tenants in auth.trusted_api_tenants, for the From domain', async () => {
    const s = service(baseZone, {}, { trusted_api_tenants: ['tn_trusted'] });
    const message = { ...emptyMessage(), from: { name: '', address: 'news@brand.test' }, authHints: { dmarc: 'pass' as const } };
    const trusted = await s.auth.authenticate({ raw: null, envelope: {}, message, tenantId: 'tn_trusted' });
    expect(trusted.dmarc).toMatchObject({ result: 'pass', domain: 'brand.test', provenance: 'trusted-header' });
    const other = await s.auth.authenticate({ raw: null, envelope: {}, message, tenantId: 'tn_other' });
    expect(other.dmarc).toMatchObject({ result: 'pass', provenance: 'claimed' });
  });
});

describe('REST-style input without a raw message', () => {
  it('checks SPF and DMARC from the envelope and From address alone', async () => {
    const s = service();
    const message = { ...emptyMessage(), from: { name: '', address: 'news@brand.test' } };
    const facts = await s.auth.authenticate({ raw: null, envelope: { clientIp: '203.0.113.9', mailFrom: 'news@brand.test' }, message, tenantId: 'tn_1' });
    expect(facts.spf.result).toBe('fail');
    expect(facts.dmarc).toMatchObject({ result: 'fail', policy: 'reject', provenance: 'verified' });
    expect(facts.dkim).toEqual([]);
  });
});
