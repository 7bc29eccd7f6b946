import { describe, expect, it } from 'vitest';
import { parseHtml } from '../../src/mail/html.js';

const parse = (html: string) => parseHtml(html, { maxLinks: 100, maxTextChars: 100_000 });

describe('parseHtml (one htmlparser2 pass)', () => {
  it('returns visible text without markup, scripts, styles or hidden blocks', () => {
    const facts = parse('<html><head><title>T</title><style>p{}</style></head><body><p>Hello&nbsp;<b>world</b></p><script>alert(1)</script><div style="display:none">hidden words here</div><span hidden>also hidden</span><p>bye</p></body></html>');
    expect(facts.text).toBe('Hello world\nbye');
    expect(facts.hiddenChars).toBe('hidden words here'.length + 'also hidden'.length);
  });

  it('font-size:0 hides text until a descendant sizes it again (MJML layout cells), and relative sizes of nothing stay nothing', () => {
    const html = '<td style="font-size:0px;padding:5px"><div style="font-size:20px">Wir bestätigen deine Bestellung.</div>'
      + '<span>salad one</span><div style="font-size:200%">salad two</div><div style="font-size: 2em">salad three</div>'
      + '<div style="font-size:14px;font-size:0 !important">salad four</div></td><p style="font-size:0">x<b style="font-size:1rem">Abholzeit 18:30</b></p>';
    const facts = parseHtml(html, { maxLinks: 10, maxTextChars: 10_000 });
    expect(facts.text).toContain('Wir bestätigen deine Bestellung.');
    expect(facts.text).toContain('Abholzeit 18:30');
    expect(facts.text).not.toMatch(/salad|x/);
    expect(facts.hiddenChars).toBe('salad one'.length + 'salad two'.length + 'salad three'.length + 'salad four'.length + 1);
  });

  it('keeps words whole across entities and inline elements, as a browser shows them', () => {
    // htmlparser2 hands "f&uuml;r" over as three pieces; joined with spaces they read "f ü r" and no
    // German, French or Spanish phrase written with entities matched (docs/detection.md "Normalisation").
    const f = parseHtml('<p>Bitte best&auml;tigen Sie f&uuml;r <b>Ihr</b> Konto</p><p>v&eacute;rifiez</p><span>Pay</span><span>Pal</span>', { maxLinks: 10, maxTextChars: 1000 });
    expect(f.text).toContain('Bitte bestätigen Sie für Ihr Konto');
    expect(f.text).toContain('vérifiez');
    expect(f.text).toContain('PayPal');
    expect(f.text).not.toContain('Kontovérifiez');
  });
  it('collects links with their visible text from a, area, form, img, iframe and meta refresh', () => {
    const facts = parse(`<meta http-equiv="refresh" content="0; url=https://r.example.com/">
      <a href="https://evil.example.net/x">www.bank.example.com</a>
      <map><area href="https://map.example.com/"></map>
      <form action="https://post.example.com/submit"><input type="password" name="p"></form>
      <img src="https://img.example.com/logo.png" alt="Bank logo"><iframe src="https://frame.example.com/"></iframe>
      <a href="#top">top</a>`);
    expect(facts.links.map((l) => [l.kind, l.url])).toEqual([
      ['meta', 'https://r.example.com/'],
      ['a', 'https://evil.example.net/x'],
      ['area', 'https://map.example.com/'],
      ['form', 'https://post.example.com/submit'],
      ['img', 'https://img.example.com/logo.png'],
      ['iframe', 'https://frame.example.com/'],
    ]);
    expect(facts.links[1]?.text).toBe('www.bank.example.com');
    expect(facts).toMatchObject({ forms: 1, passwordInputs: 1, images: 1, altText: 'Bank logo' });
  });

  it('is bounded by maxLinks and maxTextChars', () => {
    const facts = parseHtml('<a href="https://a.example.com/">x</a>'.repeat(1000) + 'y'.repeat(10_000), { maxLinks: 10, maxTextChars: 500 });
    expect(facts.links).toHaveLength(10);
    expect(facts.text.length).toBeLessThanOrEqual(500);
  });
});
