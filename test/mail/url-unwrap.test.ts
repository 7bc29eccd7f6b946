import { describe, expect, it } from 'vitest';
import { unwrapUrl } from '../../src/mail/url-unwrap.js';

describe('unwrapUrl (offline, no fetch)', () => {
  it.each([
    ['Microsoft Safe Links', 'https://eur01.safelinks.protection.outlook.com/?url=https%3A%2F%2Fwww.example.com%2Fa%3Fb%3D1&data=05%7C01&sdata=x&reserved=0', 'https://www.example.com/a?b=1'],
    ['Proofpoint URL Defense v2', 'https://urldefense.proofpoint.com/v2/url?u=https-3A__www.example.com_path-5Fwith-5Funderscores&d=DwMFaQ&c=x&r=y', 'https://www.example.com/path_with_underscores'],
    ['Proofpoint URL Defense v3', 'https://urldefense.com/v3/__https://www.example.com/a*b__;Pw!!ABC!xyz$', 'https://www.example.com/a?b'],
    ['Barracuda Link Protection', 'https://linkprotect.cudasvc.com/url?a=https%3a%2f%2fwww.example.org%2fx&c=E,1,abc&typo=1', 'https://www.example.org/x'],
    ['Google redirect', 'https://www.google.com/url?q=https://evil.example.net/login&sa=D&source=editors', 'https://evil.example.net/login'],
    ['Google AMP viewer', 'https://www.google.co.uk/amp/s/evil.example.net/login?id=7', 'https://evil.example.net/login?id=7'],
    ['Google AMP viewer', 'https://www.google.com/amp/tosuchapel.example/aHdWb0lL', 'http://tosuchapel.example/aHdWb0lL'],
    ['Bing redirect', `https://www.bing.com/ck/a?!&&p=abc&u=a1${Buffer.from('https://evil.example.net/x').toString('base64url')}&ntb=1`, 'https://evil.example.net/x'],
    ['Facebook link shim', 'https://l.facebook.com/l.php?u=https%3A%2F%2Fwww.example.com%2F&h=AT0', 'https://www.example.com/'],
  ])('%s', (wrapper, input, target) => {
    const result = unwrapUrl(input);
    expect(result.url).toBe(target);
    expect(result.wrappers[0]).toBe(wrapper);
    expect(result.openRedirect).toBe(false);
  });

  // Real layouts (docs/detection.md "Security-gateway rewrites"); targets are example hosts.
  it.each([
    ['Proofpoint URL Defense v1', 'https://urldefense.proofpoint.com/v1/url?u=https%3A%2F%2Fwww.example.com%2Freport%3Fq%3D1%26amp%3Bs%3D2&k=oIvRg1%2BdGAgOoM1BIlLLqw%3D%3D%0A&r=x&m=y&s=z', 'https://www.example.com/report?q=1&s=2'],
    ['Proofpoint URL Defense v3', 'https://urldefense.com/v3/__https://github.com/acme/widgets/pull/42__;!!ACWV5N9M2RV99hQ!Lm3kP0x9QWvZ$', 'https://github.com/acme/widgets/pull/42'],
    ['Proofpoint URL Defense v3', 'https://urldefense.com/v3/__https://www.example.com/search*q=a**BZb__;PytYeQ!!ACWV5N9M2RV99hQ!x$', 'https://www.example.com/search?q=a+XyZb'],
    ['Proofpoint URL Defense v3', 'https://urldefense.us/v3/__https:/portal.example.org/login__;!!BClRuOV5cvtbuNI!abc$', 'https://portal.example.org/login'],
    ['Cisco Secure Email', 'https://secure-web.cisco.com/1Xq8vK2mZ7cR4tY0uB9nW3eL5jH6gF1dS8aP2oI/https%3A%2F%2Fdocs.example.com%2Fnotes%3Fv%3D4.2', 'https://docs.example.com/notes?v=4.2'],
    ['Trend Micro Email Security', 'https://imsva91-ctp.trendmicro.com:443/wis/clicktime/v1/query?url=https%3a%2f%2fwiki.example.com%2fplan&umid=5b2f3c1a-8d4e&auth=8e1a2b3c-4d5e', 'https://wiki.example.com/plan'],
    ['Sophos Email', `https://eu-west-1.protection.sophos.com/?d=example.com&u=${Buffer.from('https://www.example.com/licensing/a+b?x=1').toString('base64')}&i=NWY0&t=cUx3&h=6a1b&s=AVNP`, 'https://www.example.com/licensing/a+b?x=1'],
  ])('%s (real layout)', (wrapper, input, target) => {
    const result = unwrapUrl(input);
    expect(result).toMatchObject({ url: target, wrappers: [wrapper], openRedirect: false, domainOnly: false });
  });

  // Email service providers' trackers that carry the target as base64 JSON (docs/detection.md "URLs and link wrappers").
  const b64 = (value: unknown): string => Buffer.from(JSON.stringify(value)).toString('base64url');
  it.each([
    ['Mandrill click tracking', `https://mandrillapp.com/track/click/31229592/www.example.com?p=${b64({ s: 'KXq', v: 2, p: JSON.stringify({ u: 31229592, v: 2, url: 'https://travel.example.com/terms/price-drop', id: 'e559' }) })}`, 'https://travel.example.com/terms/price-drop'],
    ['parcelLab click tracking', `https://parcel-api.versand-status.de/click/678e0137e44d2623511aaa74/forward?to=${b64({ emailId: '678e0137e44d2623511aaa74', url: 'https://www.shop.example/track?no=0944' })}`, 'https://www.shop.example/track?no=0944'],
  ])('%s (real layout)', (wrapper, input, target) => {
    expect(unwrapUrl(input)).toMatchObject({ url: target, wrappers: [wrapper], openRedirect: false, domainOnly: false });
  });

  it('an ESP payload that is not base64 JSON with a web URL is no target: the link stays on the tracker', () => {
    for (const input of [
      'https://mandrillapp.com/track/click/1/www.example.com?p=not-base64!!',
      `https://mandrillapp.com/track/click/1/www.example.com?p=${b64({ s: 'x', p: '{"url":"javascript:alert(1)"}' })}`,
      `https://mandrillapp.com/track/click/1/www.example.com?p=${b64({ s: 'x', p: '{broken' })}`,
      `https://parcel-api.versand-status.de/click/abc/forward?to=${b64({ url: 42 })}`,
      `https://parcel-api.versand-status.de/other/abc/forward?to=${b64({ url: 'https://evil.example/' })}`,
    ]) {
      const result = unwrapUrl(input);
      expect(result.wrappers.filter((w) => !w.startsWith('redirect via'))).toEqual([]);
      expect(result.url.startsWith('https://mandrillapp.com/') || result.url.startsWith('https://parcel-api.versand-status.de/')).toBe(true);
    }
  });

  it('a webmail dereferrer (WEB.DE, GMX) is the reader\'s provider, not a redirect the sender chose', () => {
    expect(unwrapUrl('https://deref-web.de/mail/client/0e2L9R-XDUU/dereferrer/?redirectUrl=https%3A%2F%2Fkb.example.com%2Fpage')).toMatchObject({ url: 'https://kb.example.com/page', wrappers: ['Webmail dereferrer'], openRedirect: false });
  });

  it('Sophos without a readable target keeps only its domain', () => {
    expect(unwrapUrl('https://us-west-2.protection.sophos.com/?d=partner.example.com&u=%%%&i=x')).toMatchObject({ url: 'https://partner.example.com/', domainOnly: true, wrappers: ['Sophos Email'] });
  });

  it('Mimecast without a domain is left as the gateway link', () => {
    expect(unwrapUrl('https://protect-eu.mimecast.com/s/Vq3bC9kLmWh7xR2tQpZ')).toMatchObject({ url: 'https://protect-eu.mimecast.com/s/Vq3bC9kLmWh7xR2tQpZ', wrappers: [] });
  });

  it('hostile rewrites (truncated, bad base64, bad percent escapes) never throw and never invent a target', () => {
    const hostile = [
      'https://urldefense.com/v3/__https://www.example.com/a*b*c**_',
      'https://urldefense.com/v3/__',
      'https://urldefense.com/v3/__%E0%A4%A__;@@@@!!',
      'https://urldefense.proofpoint.com/v2/url?u=https-3A__-E0-A4-A&d=x',
      'https://urldefense.proofpoint.com/v2/url?u=',
      'https://secure-web.cisco.com/1abc/%zz%',
      'https://secure-web.cisco.com/',
      'https://eu-west-1.protection.sophos.com/?u=////&d=not a host',
      'https://imsva91-ctp.trendmicro.com/wis/clicktime/v1/query?url=javascript:alert(1)',
      'https://linkprotect.cudasvc.com/url?a=%',
    ];
    for (const input of hostile) {
      const result = unwrapUrl(input);
      expect(() => new URL(result.url), input).not.toThrow();
      if (result.wrappers.length) expect(result.url, input).toMatch(/^https?:\/\/[^\s]/);
    }
    expect(unwrapUrl('https://eu-west-1.protection.sophos.com/?u=////&d=not a host').wrappers).toEqual([]);
    expect(unwrapUrl('https://imsva91-ctp.trendmicro.com/wis/clicktime/v1/query?url=javascript:alert(1)').wrappers).toEqual([]);
  });

  it('nested rewrites are peeled a bounded number of times', () => {
    let url = 'https://www.example.com/end';
    for (let i = 0; i < 10; i++) url = `https://secure-web.cisco.com/1tok${i}/${encodeURIComponent(url)}`;
    const result = unwrapUrl(url);
    expect(result.wrappers).toHaveLength(4);
    expect(result.url).not.toBe('https://www.example.com/end');
  });

  it('Mimecast carries only the domain', () => {
    const result = unwrapUrl('https://protect-eu.mimecast.com/s/AbCdEfGh?domain=partner.example.com');
    expect(result).toMatchObject({ url: 'https://partner.example.com/', domainOnly: true, wrappers: ['Mimecast'] });
  });

  it('peels nested wrappers (Safe Links around Proofpoint)', () => {
    const inner = 'https://urldefense.proofpoint.com/v2/url?u=https-3A__intranet.example.com_x&d=DwMFaQ';
    const outer = `https://nam02.safelinks.protection.outlook.com/?url=${encodeURIComponent(inner)}&data=x`;
    expect(unwrapUrl(outer)).toMatchObject({ url: 'https://intranet.example.com/x', wrappers: ['Microsoft Safe Links', 'Proofpoint URL Defense v2'] });
  });

  it('follows generic click-tracker parameters and marks them as redirects', () => {
    const result = unwrapUrl('https://click.example-esp.com/track?campaign=42&url=https%3A%2F%2Fshop.example.com%2Fsale');
    expect(result).toMatchObject({ url: 'https://shop.example.com/sale', openRedirect: true });
  });

  it('leaves ordinary URLs alone', () => {
    expect(unwrapUrl('https://www.example.com/search?q=cats')).toMatchObject({ url: 'https://www.example.com/search?q=cats', wrappers: [] });
    expect(unwrapUrl('not a url')).toMatchObject({ url: 'not a url', wrappers: [] });
  });
});
