import { describe, expect, it } from 'vitest';
import { noAuthentication } from '../../src/core/authentication.js';
import { headerAuth } from '../../src/mail/auth-headers.js';
import { authservIdOf, countedAuth, parseAuthenticationResults } from '../../src/mail/auth-results.js';

const h = (name: string, value: string) => ({ name, value });
const trust = { trustedIds: ['mx.acme.test'], ownId: 'phishgate' };

describe('parseAuthenticationResults and authservIdOf', () => {
  it('reads RFC 8601 results with their properties and comments', () => {
    const value = 'mx.example.com 1; spf=pass smtp.mailfrom=paypal.com; dkim=pass (2048-bit key) header.d=paypal.com header.s=s1; dmarc=pass (p=REJECT) header.from=paypal.com';
    expect(authservIdOf(value)).toBe('mx.example.com');
    const results = parseAuthenticationResults(value);
    expect(results.map((r) => [r.method, r.outcome])).toEqual([['spf', 'pass'], ['dkim', 'pass'], ['dmarc', 'pass']]);
    expect(results[2]!.comment).toBe('p=REJECT');
  });

  it("reads Microsoft's format without authserv-id", () => {
    const value = 'spf=softfail (sender IP is 203.0.113.5) smtp.mailfrom=evil.example; dkim=none (message not signed) header.d=none;dmarc=fail action=none header.from=bank.example;compauth=fail reason=001';
    expect(authservIdOf(value)).toBe('');
    expect(parseAuthenticationResults(value).map((r) => r.method)).toEqual(['spf', 'dkim', 'dmarc', 'compauth']);
  });
});

describe('headerAuth: provenance of the results a message carries', () => {
  it('trusts a trusted authserv-id above the first foreign Received line', () => {
    const { trusted, claimed } = headerAuth(
      [
        h('Authentication-Results', 'mx.acme.test; spf=pass smtp.mailfrom=bank.test; dkim=pass header.d=bank.test header.s=k1; dmarc=pass (p=reject) header.from=bank.test'),
        h('Received', 'from out.bank.test (out.bank.test [192.0.2.1]) by mx.acme.test (Postfix) with ESMTPS id 1'),
      ],
      trust,
    );
    expect(trusted.spf).toMatchObject({ result: 'pass', domain: 'bank.test', provenance: 'trusted-header' });
    expect(trusted.dkim).toEqual([expect.objectContaining({ result: 'pass', domain: 'bank.test', selector: 'k1', provenance: 'trusted-header' })]);
    expect(trusted.dmarc).toMatchObject({ result: 'pass', policy: 'reject', provenance: 'trusted-header' });
    expect(claimed).toEqual({ dkim: [] });
  });

  it("counts our own hops (Received by a trusted host or a subdomain of one) as ours", () => {
    const { trusted } = headerAuth([h('Received', 'from relay by filter.mx.acme.test with ESMTP'), h('Authentication-Results', 'mx.acme.test; dmarc=pass header.from=a.test')], trust);
    expect(trusted.dmarc?.provenance).toBe('trusted-header');
  });

  it('claims (never trusts) a trusted id below a foreign Received line: the sender wrote it', () => {
    const { trusted, claimed } = headerAuth(
      [h('Received', 'from evil.example ([203.0.113.9]) by mx.acme.test'), h('Received', 'from laptop by smtp.evil.example'), h('Authentication-Results', 'mx.acme.test; spf=pass smtp.mailfrom=acme.test; dmarc=pass header.from=acme.test')],
      trust,
    );
    expect(trusted).toEqual({ dkim: [] });
    expect(claimed.dmarc).toMatchObject({ result: 'pass', provenance: 'claimed' });
  });

  it('claims other authserv-ids, headers without one, Received-SPF, and our own id (a forgery)', () => {
    const { trusted, claimed } = headerAuth(
      [h('Authentication-Results', 'phishgate; dmarc=pass header.from=acme.test'), h('Authentication-Results', 'mx.other.test; dkim=pass header.d=x.test'), h('Received-SPF', 'Pass (mailfrom) identity=mailfrom; envelope-from="a@x.test"')],
      trust,
    );
    expect(trusted).toEqual({ dkim: [] });
    expect(claimed.dmarc?.provenance).toBe('claimed');
    expect(claimed.dkim[0]?.provenance).toBe('claimed');
    expect(claimed.spf).toMatchObject({ result: 'pass', domain: 'x.test', provenance: 'claimed' });
  });

  it('claims the API caller’s values unless the tenant is trusted', () => {
    expect(headerAuth([], trust, { dmarc: 'pass', spf: 'pass' }).claimed.dmarc?.provenance).toBe('claimed');
    expect(headerAuth([], trust, { dmarc: 'pass' }, true).trusted.dmarc?.provenance).toBe('trusted-header');
  });
});

describe('countedAuth: what the rules see', () => {
  it('counts verified and trusted facts only', () => {
    const facts = noAuthentication();
    facts.dmarc = { result: 'pass', domain: 'acme.test', policy: 'reject', provenance: 'claimed' };
    facts.spf = { result: 'fail', domain: 'acme.test', provenance: 'claimed' };
    facts.dkim = [{ result: 'pass', domain: 'acme.test', selector: 's', algorithm: '', aligned: true, provenance: 'claimed' }];
    expect(countedAuth(facts)).toMatchObject({ spf: 'none', dkim: 'none', dmarc: 'none', dkimPassDomains: [], source: 'none' });
    facts.dmarc.provenance = 'trusted-header';
    facts.dkim[0]!.provenance = 'verified';
    expect(countedAuth(facts)).toMatchObject({ dmarc: 'pass', dmarcPolicy: 'reject', dkim: 'pass', dkimPassDomains: ['acme.test'], source: 'verified' });
  });

  it('reports none when nothing is known', () => {
    expect(countedAuth(undefined)).toMatchObject({ spf: 'none', dkim: 'none', dmarc: 'none', source: 'none' });
  });
});

describe('receivedChain', () => {
  it('extracts HELO, IP and receiver of each hop, newest first', async () => {
    const { receivedChain } = await import('../../src/mail/received.js');
    const hops = receivedChain([
      h('Received', 'from mail.example.org (mail.example.org [192.0.2.10]) by mx.example.com (Postfix) with ESMTPS id 4A1; Mon, 1 Jan 2024 00:00:00 +0000'),
      h('X-Other', 'x'),
      h('Received', 'from [198.51.100.7] (helo=laptop) by mail.example.org with esmtpa'),
    ]);
    expect(hops).toEqual([{ from: 'mail.example.org', ip: '192.0.2.10', by: 'mx.example.com' }, { from: '[198.51.100.7]', ip: '198.51.100.7', by: 'mail.example.org' }]);
  });
});
