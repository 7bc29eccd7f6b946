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
