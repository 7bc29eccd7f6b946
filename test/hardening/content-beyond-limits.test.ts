/**
 * Content past the analysis limits raises suspicion instead of lowering it (docs/security.md): phishing
 * placed after each limit a sender can choose fires CONTENT_BEYOND_LIMITS, and the doors' policy
 * `gateway.beyond_limits: quarantine` keeps such mail out of the inbox.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/loader.js';
import { createEngineFromConfig } from '../../src/engine/create.js';
import { parseLimitsOf } from '../../src/engine/limits.js';
import { parseRawMessage } from '../../src/mail/parse-raw.js';
import { DIALECTS } from '../support/dialects.js';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink.js';
import { sendRaw, startTestDoor, type TestDoor } from '../smtp/helpers/door.js';

const PHISH = 'Your account has been suspended. Verify your password immediately at <a href="http://198.51.100.23/login">https://www.paypal.com/signin</a> or your account will be closed within 24 hours.';
const FROM = 'From: Accounts <notice@mailer.example>\r\nTo: bob@acme.test\r\nSubject: Account notice\r\nMIME-Version: 1.0\r\n';
const html = (body: string) => `${FROM}Content-Type: text/html\r\n\r\n<html><body>${body}</body></html>\r\n`;

function nested(depth: number): string {
  let part = `Content-Type: text/html\r\n\r\n<p>${PHISH}</p>\r\n`;
  for (let i = 0; i < depth; i++) part = `Content-Type: multipart/mixed; boundary="b${i}"\r\n\r\n--b${i}\r\n${part}--b${i}--\r\n`;
  return FROM + part;
}
const inlineImages = (count: number) =>
  `${FROM}Content-Type: multipart/related; boundary="R"\r\n\r\n` +
  Array.from({ length: count }, (_, i) => `--R\r\nContent-Type: image/png\r\nContent-ID: <i${i}>\r\nContent-Transfer-Encoding: base64\r\n\r\niVBORw0KGgo=\r\n`).join('') +
  `--R\r\nContent-Type: text/html\r\n\r\n<p>${PHISH}</p>\r\n--R--\r\n`;
function behindPhoto(bytes: number): string {
  const photo = Buffer.alloc(bytes, 7).toString('base64').replace(/.{76}/g, '$&\r\n');
  return `${FROM}Content-Type: multipart/mixed; boundary="B"\r\n\r\n--B\r\nContent-Type: image/jpeg\r\nContent-Transfer-Encoding: base64\r\n\r\n${photo}\r\n--B\r\nContent-Type: text/html\r\n\r\n<p>${PHISH}</p>\r\n--B--\r\n`;
}

const ATTACKS: Array<[string, () => string, string]> = [
  ['after 200 inline images', () => inlineImages(201), 'number of MIME parts'],
  ['at nesting depth 21', () => nested(21), 'MIME nesting depth'],
  ['after 40,001 empty spans', () => html(`${'<span></span>'.repeat(40_001)}<p>${PHISH}</p>`), 'HTML size or nesting'],
  ['after 500,000 characters of text', () => `${FROM}Content-Type: text/plain\r\n\r\n${'lorem ipsum '.repeat(41_700)}\r\n${PHISH.replace(/<[^>]+>/g, ' ')}\r\n`, 'text length'],
  ['behind an 8 MB photo', () => behindPhoto(8 * 1024 * 1024), 'message size'],
];

describe('CONTENT_BEYOND_LIMITS (engine with the shipped configuration)', () => {
  const config = loadConfig({ env: {} });
  const engine = createEngineFromConfig(config);
  const analyse = async (raw: string) => engine.analyze(await parseRawMessage(Buffer.from(raw), parseLimitsOf(config.engine)), { allowList: [], blockList: [], tenantDomains: ['acme.test'], now: 0 });

  it('the same phishing within the limits is phishing (the control)', async () => {
    const result = await analyse(html(`<p>${PHISH}</p>`));
    expect(result.verdict).toBe('phishing');
    expect(result.rules.map((r) => r.id)).not.toContain('CONTENT_BEYOND_LIMITS');
  });

  it.each(ATTACKS)('phishing placed %s is not safe: the rule fires and names the limit', async (_name, build, limit) => {
    const result = await analyse(build());
    expect(result.rules.map((r) => r.id)).toContain('CONTENT_BEYOND_LIMITS');
    expect(result.reasons.join('\n')).toContain(limit);
    expect(result.verdict).not.toBe('safe');
  });
});

describe.each(DIALECTS)('gateway.beyond_limits through the SMTP door (%s)', (dialect) => {
  let sink: SmtpSink;
  let t: TestDoor;
  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await startTestDoor({ dialect, relayPort: sink.port, gateway: { beyond_limits: 'quarantine' } });
  });
  afterAll(async () => {
    await t?.close();
    await sink?.close();
  });

  it('quarantines mail that hit a limit the sender chose', async () => {
    const result = await sendRaw(t.port, { from: 'notice@mailer.example', to: ['bob@acme.test'] }, nested(21));
    expect(result.code).toBe(250);
    expect(result.response).toMatch(/quarantined by phishgate/);
    expect(sink.messages).toHaveLength(0);
  });
});
