import { describe, expect, it } from 'vitest';
import { senderAuth } from '../../src/mail/auth-results.js';

const h = (name: string, value: string) => ({ name, value });

describe('senderAuth', () => {
  it('reads RFC 8601 Authentication-Results with an authserv-id', () => {
    const auth = senderAuth([h('Authentication-Results', 'mx.example.com; spf=pass smtp.mailfrom=paypal.com; dkim=pass (2048-bit key) header.d=paypal.com header.s=s1; dmarc=pass (p=REJECT) header.from=paypal.com')], {});
    expect(auth).toMatchObject({ spf: 'pass', dkim: 'pass', dmarc: 'pass', dkimPassDomains: ['paypal.com'], spfDomain: 'paypal.com', dmarcDomain: 'paypal.com', source: 'authentication-results' });
  });

  it("reads Microsoft's format without authserv-id", () => {
    const auth = senderAuth([h('Authentication-Results', 'spf=softfail (sender IP is 203.0.113.5) smtp.mailfrom=evil.example; dkim=none (message not signed) header.d=none;dmarc=fail action=none header.from=bank.example;compauth=fail reason=001')], {});
    expect(auth).toMatchObject({ spf: 'softfail', dkim: 'none', dmarc: 'fail', dmarcDomain: 'bank.example' });
  });

  it('uses the first (topmost) Authentication-Results header, then Received-SPF', () => {
    const auth = senderAuth([h('Authentication-Results', 'ours.example; dkim=fail header.d=x.example'), h('Authentication-Results', 'theirs.example; dkim=pass header.d=x.example'), h('Received-SPF', 'Fail (mailfrom) identity=mailfrom; envelope-from="a@x.example"')], {});
    expect(auth).toMatchObject({ dkim: 'fail', spf: 'fail', spfDomain: 'x.example' });
  });

  it("lets the API's explicit hints win", () => {
    expect(senderAuth([h('Authentication-Results', 'mx; dmarc=pass')], { dmarc: 'fail', spf: 'pass' })).toMatchObject({ dmarc: 'fail', spf: 'pass', source: 'hints' });
  });

  it('reports none when nothing is known', () => {
    expect(senderAuth([], {})).toMatchObject({ spf: 'none', dkim: 'none', dmarc: 'none', source: 'none' });
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
