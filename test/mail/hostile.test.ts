import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/loader.js';
import { createEngine } from '../../src/engine/engine.js';
import { DEFAULT_PARSE_LIMITS, parseRawMessage } from '../../src/mail/parse-raw.js';

/**
 * Hostile input must cost bounded work: every case asserts on what was capped (coverage) and on the
 * result, never on timing; the suite's timeout is the watchdog.
 */
const ctx = { allowList: [], blockList: [], tenantDomains: [], now: 0 };
const engine = createEngine({ config: loadConfig({ env: {} }).engine, classifier: null });
const analyse = async (raw: string) => {
  const message = await parseRawMessage(Buffer.from(raw, 'latin1'));
  return { message, result: await engine.analyze(message, ctx) };
};

describe('hostile messages', () => {
  it('100,000 header fields: the first 1,000 are kept', async () => {
    let raw = 'From: a@example.com\nSubject: many headers\n';
    for (let i = 0; i < 100_000; i++) raw += `X-Filler-${i}: ${'v'.repeat(40)}\n`;
    const { message, result } = await analyse(`${raw}\nbody\n`);
    expect(message.headers.length).toBeLessThanOrEqual(DEFAULT_PARSE_LIMITS.maxHeaders);
    expect(message.coverage.join(' ')).toMatch(/header fields beyond the limit/);
    expect(result.coverage.join(' ')).toMatch(/header fields beyond the limit/);
    expect(message.text.trim()).toBe('body');
  });

  it('a 5 MB header field is cut', async () => {
    const { message } = await analyse(`From: a@example.com\nSubject: ${'A '.repeat(2_500_000)}\n\nbody\n`);
    expect(message.subject.length).toBeLessThan(70_000);
    expect(message.coverage.join(' ')).toMatch(/longer than 65536 bytes cut/);
  });

  it('1,000 nested multiparts: parsing stops at the depth limit', async () => {
    let raw = 'From: a@example.com\nSubject: deep\nContent-Type: multipart/mixed; boundary="b0"\n\n';
    let tail = '';
    for (let i = 0; i < 1000; i++) {
      raw += `--b${i}\nContent-Type: multipart/mixed; boundary="b${i + 1}"\n\n`;
      tail = `--b${i}--\n${tail}`;
    }
    raw += `--b1000\nContent-Type: text/plain\n\nhello http://deep.example.com/\n--b1000--\n${tail}`;
    const { message, result } = await analyse(raw);
    expect(message.coverage.join(' ')).toMatch(/nested deeper than 20 levels/);
    expect(result.verdict).toBeDefined();
  });

  it('10,000 sibling parts: only the first 200 are read', async () => {
    let raw = 'From: a@example.com\nContent-Type: multipart/mixed; boundary="p"\n\n';
    for (let i = 0; i < 10_000; i++) raw += `--p\nContent-Type: text/plain\n\npart ${i}\n`;
    const { message } = await analyse(`${raw}--p--\n`);
    expect(message.coverage.join(' ')).toMatch(/MIME parts beyond 200/);
    expect(message.text).toContain('part 0');
    expect(message.text).not.toContain('part 500');
  });

  it('1,000 nested message/rfc822 parts: stops at the depth limit', async () => {
    let raw = '';
    for (let i = 0; i < 1000; i++) raw += 'From: a@example.com\nContent-Type: message/rfc822\n\n';
    const { message } = await analyse(`${raw}From: z@example.com\n\ninner\n`);
    expect(message.coverage.join(' ')).toMatch(/nested deeper than 20 levels/);
  });

  it('100,000 URLs: only max_urls are judged, and the result says so', async () => {
    let body = '';
    for (let i = 0; i < 100_000; i++) body += `https://host${i}.example.com/p${i} `;
    const { result } = await analyse(`From: a@example.com\nContent-Type: text/plain\n\n${body}\n`);
    expect(result.urls.length).toBeLessThanOrEqual(500);
    expect(result.coverage.join(' ')).toMatch(/first 500 distinct URLs/);
  });

  it('100,000 HTML links and a huge unclosed tag soup stay bounded', async () => {
    const links = '<a href="https://x.example.com/a">x</a>'.repeat(20_000) + '<div style="display:none">'.repeat(20_000) + '<b>'.repeat(50_000);
    const { result } = await analyse(`From: a@example.com\nContent-Type: text/html\n\n<html><body>${links}</body></html>\n`);
    expect(result.coverage).toContain('HTML parsing stopped early (too many or too deeply nested tags)');
    expect(result.urls.length).toBe(1);
  });

  it('oversized messages are analysed on their first max_message_bytes', async () => {
    const big = `From: a@example.com\nContent-Type: text/plain\n\n${'lorem ipsum '.repeat(200_000)}\n`;
    const message = await parseRawMessage(Buffer.from(big), { ...DEFAULT_PARSE_LIMITS, maxMessageBytes: 100_000 });
    expect(message.coverage.join(' ')).toMatch(/message truncated at 100000 bytes/);
  });

  it('ReDoS-shaped input in addresses, URLs and text completes', async () => {
    const nasty = `${'a'.repeat(100_000)}@${'b.'.repeat(50_000)} ${'http://'.repeat(20_000)} ${'%40'.repeat(30_000)} ${'www.'.repeat(30_000)}`;
    const { result } = await analyse(`From: "${'x@'.repeat(5000)}" <a@example.com>\nSubject: ${'re: '.repeat(5000)}\nContent-Type: text/plain\n\n${nasty}\n`);
    expect(result.score).toBeGreaterThanOrEqual(0);
  });

  it('binary garbage after valid headers is tolerated', async () => {
    const garbage = Buffer.from(Array.from({ length: 200_000 }, (_, i) => (i * 7919) % 256));
    const message = await parseRawMessage(Buffer.concat([Buffer.from('From: a@example.com\nContent-Type: text/plain; charset=utf-8\n\n'), garbage]));
    expect(typeof (await engine.analyze(message, ctx)).verdict).toBe('string');
  });
});
