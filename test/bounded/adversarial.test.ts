import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/loader.js';
import { MAX_LINK_CHARS } from '../../src/core/uri.js';
import { BrandIndex } from '../../src/engine/brand-index.js';
import { userContentStrength } from '../../src/engine/data/domains.js';
import { createEngine } from '../../src/engine/engine.js';
import { parseAddress, parseAddressList } from '../../src/mail/addresses.js';
import { describeUrl } from '../../src/mail/url-info.js';
import { parseRawMessage } from '../../src/mail/parse-raw.js';
import { MAX_GROWTH, growthRatio, maxSizeWithin } from './growth.js';

/**
 * Generated hostile input (fast-check, fixed seeds so a failure replays): each property draws the
 * building block of an attack — a label, an address fragment, a header line, a MIME part, an HTML
 * fragment — repeats it to sizes n and 4n, and asserts the growth ratio of the cost (growth.ts).
 */
const engine = createEngine({ config: loadConfig({ env: {} }).engine, classifier: null });
const brands = new BrandIndex();
const ctx = { allowList: [], blockList: [], tenantDomains: ['acme.test'], now: 0 };
const latin1 = (text: string) => Buffer.from(text, 'latin1');
const settings = (seed: number) => ({ seed, numRuns: 6, endOnFailure: true });

const pieces = (alphabet: string[], maxLength = 6) => fc.array(fc.constantFrom(...alphabet), { minLength: 1, maxLength }).map((p) => p.join(''));
const analyseRaw = async (raw: Buffer) => engine.analyze(await parseRawMessage(raw), ctx);

describe('hostile hosts', () => {
  it('label runs of any shape cost linear time in every host lookup', async () => {
    const label = pieces(['a', 'paypal', 's3', 's3-', 'xn--', '-', 'com', 'google', 'x'.repeat(40), 'blob', '0']);
    await fc.assert(
      fc.asyncProperty(label, async (unit) => {
        const host = (k: number) => `${`${unit}.`.repeat(k)}com`;
        // Hosts up to the longest link the engine reads (MAX_LINK_CHARS, docs/detection.md): html.ts drops
        // longer hrefs and describeUrl refuses them, so larger hosts never reach a lookup.
        const maxSize = maxSizeWithin((k) => `http://${host(k)}/login`, MAX_LINK_CHARS);
        const ratio = await growthRatio(host, (h) => {
          for (let pass = 0; pass < 4; pass++) {
            describeUrl(`http://${h}/login`);
            brands.ownerOf(h);
            brands.ownerInSubdomain(h);
            userContentStrength(h);
          }
        }, Math.max(1, Math.floor(maxSize / 8)), { maxSize });
        expect(ratio).toBeLessThan(MAX_GROWTH);
      }),
      settings(1301),
    );
  }, 120_000);

  it('a message whose links carry such hosts costs linear time end to end', async () => {
    await fc.assert(
      fc.asyncProperty(pieces(['a', 'paypal.com', 's3', 'sites.google.com', 'b-']), async (unit) => {
        const raw = (k: number) => latin1(`From: a@example.com\r\nContent-Type: text/html\r\n\r\n<a href="http://${`${unit}.`.repeat(k)}com/">x</a>`);
        expect(await growthRatio(raw, analyseRaw, 3_000)).toBeLessThan(MAX_GROWTH);
      }),
      settings(1302),
    );
  }, 120_000);
});

describe('hostile addresses', () => {
  it('address fragments repeated: parseAddress and parseAddressList stay linear', async () => {
    const fragment = pieces([' ', '\t', 'a', '@', '.', '<', '>', '"', ',', 'b.c', '(', '\\']);
    await fc.assert(
      fc.asyncProperty(fragment, async (unit) => {
        const ratio = await growthRatio((k) => `x${unit.repeat(k)}y`, (text) => {
          parseAddress(text);
          parseAddressList(text);
        }, 20_000);
        expect(ratio).toBeLessThan(MAX_GROWTH);
      }),
      settings(1303),
    );
  }, 120_000);
});

describe('hostile headers', () => {
  it('header lines of any shape repeated (folded values, address lists, encoded words) cost linear time', async () => {
    const line = fc.constantFrom('To: a@b.c, ', 'Received: from x by y; ', 'X-A: =?utf-8?b?YWFh?= ', 'Return-Path: <', 'From: "a" <', ' \t', 'Subject: ');
    await fc.assert(
      fc.asyncProperty(fc.array(line, { minLength: 1, maxLength: 4 }), fc.boolean(), async (units, folded) => {
        const block = units.join(folded ? '\r\n ' : '\r\n');
        const raw = (k: number) => latin1(`From: a@example.com\r\n${`${block}\r\n`.repeat(k)}\r\nbody\r\n`);
        expect(await growthRatio(raw, analyseRaw, 400)).toBeLessThan(MAX_GROWTH);
      }),
      settings(1304),
    );
  }, 180_000);
});

describe('hostile MIME trees', () => {
  it('nesting and sibling parts of any mix cost linear time', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('nest', 'siblings', 'rfc822'), fc.constantFrom('text/plain', 'text/html', 'application/octet-stream'), async (shape, type) => {
        const raw = (k: number) => latin1(mime(k));
        const mime = (k: number) => {
          let out = 'From: a@example.com\r\n';
          if (shape === 'rfc822') return `${out}${'Content-Type: message/rfc822\r\n\r\nFrom: b@example.com\r\n'.repeat(k)}\r\ninner\r\n`;
          if (shape === 'siblings') return `${out}Content-Type: multipart/mixed; boundary="p"\r\n\r\n${`--p\r\nContent-Type: ${type}\r\n\r\npart http://x.example/\r\n`.repeat(k)}--p--\r\n`;
          out += 'Content-Type: multipart/mixed; boundary="b0"\r\n\r\n';
          for (let i = 0; i < k; i++) out += `--b${i}\r\nContent-Type: multipart/mixed; boundary="b${i + 1}"\r\n\r\n`;
          return `${out}--b${k}\r\nContent-Type: ${type}\r\n\r\nleaf\r\n--b${k}--\r\n`;
        };
        expect(await growthRatio(raw, analyseRaw, 1_000)).toBeLessThan(MAX_GROWTH);
      }),
      settings(1305),
    );
  }, 180_000);
});

describe('hostile HTML', () => {
  it('fragments of any mix (unclosed tags, deep nesting, attributes, hidden text, links) cost linear time', async () => {
    const fragment = fc.constantFrom('<div>', '<a href="http://a.example/x">', '</a>', '<span style="display:none">', 'text ', '<table><tr><td>', '<!--', '-->', '<img src=x alt="', '&amp;&#x41;', '<form><input type=password>', '<style>a{}</style>');
    await fc.assert(
      fc.asyncProperty(fc.array(fragment, { minLength: 1, maxLength: 5 }), async (units) => {
        const block = units.join('');
        const raw = (k: number) => latin1(`From: a@example.com\r\nContent-Type: text/html\r\n\r\n<html><body>${block.repeat(k)}</body></html>\r\n`);
        expect(await growthRatio(raw, analyseRaw, 1_500)).toBeLessThan(MAX_GROWTH);
      }),
      settings(1306),
    );
  }, 180_000);
});
