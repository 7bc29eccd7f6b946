import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../support/dialects.js';
import { headerNames, headerValues, startSmtpSink, type SmtpSink } from '../support/smtp-sink.js';
import { byId, mail, sendRaw, startTestDoor, type TestDoor } from './helpers/door.js';
import { RawSmtp } from './helpers/raw-smtp.js';

// Tagging adds these on top, then phishgate's own Authentication-Results (docs/authentication.md).
const PHISHGATE_HEADERS = ['X-Phishgate-Verdict', 'X-Phishgate-Score', 'X-Phishgate-Analysis-Id', 'X-Phishgate-Reasons', 'Authentication-Results'];
/** The received message minus what tagging adds on top: what must be byte-identical to what was sent. */
const withoutAddedTop = (raw: Buffer, count: number): Buffer => {
  let offset = 0;
  for (let i = 0; i < count; i++) offset = raw.indexOf('\r\n', offset) + 2;
  return raw.subarray(offset);
};

describe.each(DIALECTS)('SMTP door relaying to a real sink (%s)', (dialect) => {
  let sink: SmtpSink;
  let t: TestDoor;

  beforeAll(async () => {
    sink = await startSmtpSink();
    // A low spill threshold sends larger test messages through the on-disk spool.
    t = await startTestDoor({ dialect, relayPort: sink.port, gateway: { spill_threshold_bytes: 4096 } });
  });
  afterAll(async () => {
    await t?.close();
    await sink?.close();
  });

  it('tags safe mail: X-Phishgate headers on top, every other byte unchanged, the envelope kept exactly', async () => {
    const { id, raw } = mail({ headers: ['Received: from client.example\r\n\tby mx.lab.test; Sat, 21 Nov 2026'] });
    const result = await sendRaw(t.port, { from: 'alice@sender.test', to: ['bob@acme.test', 'Carol@acme.test', 'dave@other.test'] }, raw);
    expect(result.code).toBe(250);
    expect(result.response).toMatch(/^250 2\.0\.0 Ok: scanned \(an_\w+\), relayed: 250 /);
    const got = await sink.waitFor(byId(id));
    expect(got.mailFrom).toBe('alice@sender.test');
    expect(got.rcptTo).toEqual(['bob@acme.test', 'Carol@acme.test', 'dave@other.test']);
    expect(headerNames(got.raw).slice(0, PHISHGATE_HEADERS.length)).toEqual(PHISHGATE_HEADERS);
    expect(headerValues(got.raw, 'Authentication-Results')).toEqual(['phishgate; spf=pass smtp.mailfrom=sender.test; dmarc=pass (p=none) header.from=sender.test']);
    expect(headerValues(got.raw, 'X-Phishgate-Verdict')).toEqual(['safe']);
    expect(headerValues(got.raw, 'X-Phishgate-Analysis-Id')[0]).toMatch(/^an_/);
    expect(withoutAddedTop(got.raw, PHISHGATE_HEADERS.length)).toEqual(raw);
    // Stored like any analysis, with source smtp (docs/architecture.md).
    const tenant = (await t.h.services.tenants.get(t.acme))!;
    const stored = await t.h.services.analysis.get({ tenant, livemode: true }, headerValues(got.raw, 'X-Phishgate-Analysis-Id')[0]!);
    expect(stored.source).toBe('smtp');
  });

  it('strips X-Phishgate-* headers that came from outside, folded lines included', async () => {
    const { id, raw } = mail({ headers: ['X-Phishgate-Verdict: safe', 'X-PHISHGATE-Reasons: trust me,\r\n  really', 'X-Other: kept'] });
    expect((await sendRaw(t.port, { from: 'alice@sender.test', to: ['bob@acme.test'] }, raw)).code).toBe(250);
    const got = await sink.waitFor(byId(id));
    expect(headerValues(got.raw, 'X-Phishgate-Verdict')).toEqual(['safe']);
    expect(got.raw.toString('latin1')).not.toContain('trust me');
    const expected = raw.toString('latin1').replace('X-Phishgate-Verdict: safe\r\nX-PHISHGATE-Reasons: trust me,\r\n  really\r\n', '');
    expect(withoutAddedTop(got.raw, PHISHGATE_HEADERS.length).toString('latin1')).toBe(expected);
  });

  it('prefixes the Subject when tagging phishing, leaving the rest byte for byte', async () => {
    await t.block(t.beta, 'mallory@evil.test');
    t.config.gateway.tenant_actions[t.beta] = { phishing: 'tag' };
    const { id, raw } = mail({ from: 'mallory@evil.test', subject: 'Account notice' });
    expect((await sendRaw(t.port, { from: 'mallory@evil.test', to: ['bob@beta.test'] }, raw)).code).toBe(250);
    const got = await sink.waitFor(byId(id));
    expect(headerValues(got.raw, 'X-Phishgate-Verdict')).toEqual(['phishing']);
    expect(headerValues(got.raw, 'Subject')).toEqual(['[PHISHING] Account notice']);
    expect(withoutAddedTop(got.raw, PHISHGATE_HEADERS.length).toString('latin1')).toBe(raw.toString('latin1').replace('Subject: Account notice', 'Subject: [PHISHING] Account notice'));
  });

  it('keeps an 8-bit body larger than the spill threshold byte for byte, and passes BODY=8BITMIME on', async () => {
    const body = Buffer.concat([Buffer.from('Grüße, '), Buffer.alloc(300_000, 0xe9), Buffer.from('\r\n.a line starting with a dot\r\n\r\nlast line without CRLF at the end? no:\r\n')]);
    const { id, raw } = mail({ body, headers: ['Content-Type: text/plain; charset=utf-8', 'Content-Transfer-Encoding: 8bit'] });
    const { client } = await RawSmtp.connect(t.port);
    await client.command('EHLO mx.lab.test');
    expect(await client.command('MAIL FROM:<alice@sender.test> BODY=8BITMIME')).toMatch(/^250/);
    expect(await client.command('RCPT TO:<bob@acme.test>')).toMatch(/^250/);
    expect(await client.data(raw)).toMatch(/^250 2\.0\.0 /);
    client.close();
    const got = await sink.waitFor(byId(id));
    expect(got.bodyType).toBe('8bitmime');
    expect(withoutAddedTop(got.raw, PHISHGATE_HEADERS.length)).toEqual(raw);
  });

  it('passes SMTPUTF8 on when the client asked for it, even with ASCII addresses', async () => {
    const { id, raw } = mail({ subject: 'Grüße aus Köln' });
    const { client } = await RawSmtp.connect(t.port);
    expect(await client.command('EHLO mx.lab.test')).toMatch(/SMTPUTF8/);
    expect(await client.command('MAIL FROM:<alice@sender.test> SMTPUTF8')).toMatch(/^250/);
    expect(await client.command('RCPT TO:<bob@acme.test>')).toMatch(/^250/);
    expect(await client.data(raw)).toMatch(/^250/);
    client.close();
    const got = await sink.waitFor(byId(id));
    expect(got.smtpUtf8).toBe(true);
    expect(withoutAddedTop(got.raw, PHISHGATE_HEADERS.length)).toEqual(raw);
  });

  it('relays the null sender and a UTF-8 recipient', async () => {
    const { id, raw } = mail({ subject: 'Undelivered Mail Returned to Sender' });
    expect((await sendRaw(t.port, { from: '', to: ['jörg@acme.test'] }, raw)).code).toBe(250);
    const got = await sink.waitFor(byId(id));
    expect(got.mailFrom).toBe('');
    expect(got.rcptTo).toEqual(['jörg@acme.test']);
    expect(got.smtpUtf8).toBe(true);
  });

  it('believes XFORWARD from a trusted host: the original client reaches the analysis and the quarantine', async () => {
    await t.block(t.acme, 'phisher@evil.test');
    const { raw } = mail({ from: 'phisher@evil.test', subject: 'Reset your password' });
    const { client } = await RawSmtp.connect(t.port);
    expect(await client.command('EHLO mx.lab.test')).toMatch(/XFORWARD/);
    expect(await client.command('XFORWARD NAME=mail.evil.test ADDR=203.0.113.9 PORT=40001 PROTO=ESMTP HELO=mail.evil.test')).toMatch(/^250/);
    expect(await client.command('XFORWARD IDENT=4BC1D2E3F SOURCE=REMOTE')).toMatch(/^250/);
    await client.command('MAIL FROM:<phisher@evil.test>');
    await client.command('RCPT TO:<bob@acme.test>');
    const reply = await client.data(raw);
    client.close();
    expect(reply).toMatch(/^250 2\.0\.0 Ok: quarantined by phishgate as qm_/);
    const tenant = (await t.h.services.tenants.get(t.acme))!;
    const [entry] = (await t.h.services.quarantine.list({ tenant, livemode: true }, { limit: 1, offset: 0 })).entries;
    expect(entry).toMatchObject({ clientAddress: '203.0.113.9', clientHelo: 'mail.evil.test', queueId: '4BC1D2E3F', mailFrom: 'phisher@evil.test', rcptTo: ['bob@acme.test'] });
  });

  it('passes a message over gateway.max_message_bytes unscanned, with X-Phishgate-Skipped: size', async () => {
    t.config.gateway.max_message_bytes = 50_000;
    try {
      const { id, raw } = mail({ headers: ['X-Phishgate-Verdict: forged'], body: 'x'.repeat(60_000) + '\r\n' });
      expect((await sendRaw(t.port, { from: 'alice@sender.test', to: ['bob@acme.test'] }, raw)).code).toBe(250);
      const got = await sink.waitFor(byId(id));
      expect(headerNames(got.raw)[0]).toBe('X-Phishgate-Skipped');
      expect(headerValues(got.raw, 'X-Phishgate-Skipped')).toEqual(['size']);
      expect(headerValues(got.raw, 'X-Phishgate-Verdict')).toEqual([]);
      expect(withoutAddedTop(got.raw, 1).toString('latin1')).toBe(raw.toString('latin1').replace('X-Phishgate-Verdict: forged\r\n', ''));
    } finally {
      t.config.gateway.max_message_bytes = 26_214_400;
    }
  });

  it('relays byte for byte when the action is pass, minus forged phishgate headers (docs/security.md)', async () => {
    t.config.smtp.actions = { safe: 'pass' };
    try {
      const { id, raw } = mail({ headers: ['X-Phishgate-Verdict: whatever'] });
      expect((await sendRaw(t.port, { from: 'alice@sender.test', to: ['bob@acme.test'] }, raw)).code).toBe(250);
      expect((await sink.waitFor(byId(id))).raw.toString('latin1')).toBe(raw.toString('latin1').replace('X-Phishgate-Verdict: whatever\r\n', ''));
    } finally {
      t.config.smtp.actions = {};
    }
  });
});
