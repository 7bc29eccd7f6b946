import { describe, expect, it } from 'vitest';
import { MAX_LINK_CHARS } from '../../src/core/uri.js';
import { describeUrl } from '../../src/mail/url-info.js';

describe('describeUrl', () => {
  it('reads a host and port written in percent escapes, as browsers do', () => {
    // 195.146.99.180:87, a 2005 SunTrust lure's address; the WHATWG parser rejects an escaped port.
    const info = describeUrl('http://%31%39%35%2E%31%34%36%2E%39%39%2E%31%38%30:%38%37/%73%74/index.htm');
    expect(info).toMatchObject({ host: '195.146.99.180', isIp: true });
  });

  it('still rejects what no escape makes a host', () => {
    expect(describeUrl('http://%7Bsburke%7D%20%7Bat%7D%20%7Bcpan.org%7D')).toBeNull();
    expect(describeUrl('http://%zz%31/')).toBeNull();
  });

  it('leaves escapes in the path alone', () => {
    expect(describeUrl('https://ok.example/a%20b')).toMatchObject({ host: 'ok.example', path: '/a%20b' });
  });

  it('describes a link up to MAX_LINK_CHARS and refuses a longer one', () => {
    const link = (length: number) => { const head = 'https://ok.example/'; return head + 'a'.repeat(length - head.length); };
    expect(describeUrl(link(MAX_LINK_CHARS))).toMatchObject({ host: 'ok.example' });
    expect(describeUrl(link(MAX_LINK_CHARS + 1))).toBeNull();
  });
});
