/**
 * Nothing unscanned, nothing forged (docs/security.md): each attack goes through the real SMTP door to a
 * real SMTP sink, and would pass on a gateway without the defence.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSmtpRelay } from '../../src/smtp/index.js';
import { createReleaseDelivery } from '../../src/smtp/release.js';
import { DIALECTS } from '../support/dialects.js';
import { headerNames, headerValues, startSmtpSink, type SmtpSink } from '../support/smtp-sink.js';
import { byId, logger, mail, sendRaw, startTestDoor, type TestDoor } from '../smtp/helpers/door.js';
import { RawSmtp } from '../smtp/helpers/raw-smtp.js';

const PHISH_TEXT = 'Your account has been suspended. Verify your password immediately at http://198.51.100.23/login or your account will be closed within 24 hours.';
const headOf = (raw: Buffer): string => raw.toString('latin1').slice(0, raw.indexOf('\r\n\r\n'));

/** DATA through a raw SMTP session: nodemailer would not send bare CRs untouched. */
async function sendBytes(port: number, from: string, to: string, bytes: Buffer): Promise<string> {
  const { client } = await RawSmtp.connect(port);
  try {
    await client.command('EHLO mx.lab.test');
    await client.command(`MAIL FROM:<${from}>`);
    await client.command(`RCPT TO:<${to}>`);
    return await client.data(bytes);
  } finally {
    client.close();
  }
}

describe.each(DIALECTS)('nothing unscanned, nothing forged: SMTP door (%s)', (dialect) => {
  let sink: SmtpSink;
  let t: TestDoor;
  let passing: TestDoor;
  let normalising: TestDoor;

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await startTestDoor({ dialect, relayPort: sink.port, gateway: { charge_quota: true } });
    passing = await startTestDoor({ dialect, relayPort: sink.port, gateway: { actions: { safe: 'pass', suspicious: 'pass', phishing: 'pass' } } });
    normalising = await startTestDoor({ dialect, relayPort: sink.port, gateway: { bare_newlines: 'normalise' } });
  });
  afterAll(async () => {
    await t?.close();
    await passing?.close();
    await normalising?.close();
    await sink?.close();
  });

  it('a tenant past its quota still has its mail analysed (uncharged): phishing is quarantined, not passed unscanned', async () => {
    await t.h.services.tenants.update(t.acme, { planCode: 'discovery', quotaLimit: 1, hardLimit: true });
    await t.block(t.acme, 'mallory@evil.test');
    const first = mail({ from: 'mallory@evil.test', subject: 'one' });
    expect((await sendRaw(t.port, { from: 'mallory@evil.test', to: ['bob@acme.test'] }, first.raw)).response).toMatch(/quarantined/);
    // The quota (1) is used up; the attacker's next message must not pass unscanned.
    const second = mail({ from: 'mallory@evil.test', subject: 'two' });
    const result = await sendRaw(t.port, { from: 'mallory@evil.test', to: ['bob@acme.test'] }, second.raw);
    expect(result.code).toBe(250);
    expect(result.response).toMatch(/quarantined by phishgate/);
    expect(sink.messages.some(byId(second.id))).toBe(false);
    const tenant = (await t.h.services.tenants.get(t.acme))!;
    expect((await t.h.services.quota.state(tenant)).used).toBe(1);
    const listed = await t.h.services.analysis.list({ tenant, livemode: true }, { limit: 10, offset: 0 });
    expect(listed.items.map((a) => a.cost_eur)).toEqual([0, 0]);
    expect(listed.items.every((a) => a.verdict === 'phishing')).toBe(true);
  });

  it('refuses a header section with a bare CR (header smuggling) with 550 5.6.0, and relays nothing', async () => {
    const { id, raw } = mail({ headers: ['X-Mailer: Foo\rX-Phishgate-Verdict: safe'] });
    const reply = await sendBytes(t.port, 'alice@sender.test', 'bob@acme.test', raw);
    expect(reply).toMatch(/^550 5\.6\.0 .*bare CR/);
    const hiddenFrom = mail({ headers: ['X-Mailer: Foo\rFrom: ceo@acme.test'] });
    expect(await sendBytes(t.port, 'alice@sender.test', 'bob@acme.test', hiddenFrom.raw)).toMatch(/^550 5\.6\.0/);
    const bareLf = Buffer.from(mail().raw.toString('latin1').replace('Subject: Lunch\r\n', 'Subject: Lunch\nFrom: ceo@acme.test\r\n'), 'latin1');
    expect(await sendBytes(t.port, 'alice@sender.test', 'bob@acme.test', bareLf)).toMatch(/^550 5\.6\.0 .*bare LF/);
    await new Promise((r) => setTimeout(r, 200));
    expect(sink.messages.some(byId(id))).toBe(false);
    expect(sink.messages.some(byId(hiddenFrom.id))).toBe(false);
  });

  it('with bare_newlines: normalise, relays exactly what it analysed: CRLF throughout, the smuggled header stripped', async () => {
    const { id, raw } = mail({ headers: ['X-Mailer: Foo\rX-Phishgate-Verdict: safe'] });
    expect(await sendBytes(normalising.port, 'alice@sender.test', 'bob@acme.test', raw)).toMatch(/^250 /);
    const got = await sink.waitFor(byId(id));
    const head = headOf(got.raw);
    expect(head).not.toMatch(/\r(?!\n)|(?<!\r)\n/);
    expect(headerValues(got.raw, 'X-Mailer')).toEqual(['Foo']);
    // One verdict header, phishgate's own, from the analysis of these very bytes.
    const verdicts = headerValues(got.raw, 'X-Phishgate-Verdict');
    expect(verdicts).toHaveLength(1);
    const tenant = (await normalising.h.services.tenants.get(normalising.acme))!;
    const stored = await normalising.h.services.analysis.get({ tenant, livemode: true }, headerValues(got.raw, 'X-Phishgate-Analysis-Id')[0]!);
    expect(stored.verdict).toBe(verdicts[0]);
  });

  it('the pass action strips forged X-Phishgate-* and our own Authentication-Results too', async () => {
    const { id, raw } = mail({ headers: ['X-Phishgate-Verdict: safe', 'X-Phishgate-Score:\r\n 0.000', 'Authentication-Results: phishgate; dmarc=pass header.from=paypal.com', 'Authentication-Results: mx.other.example; spf=pass', 'X-Other: kept'] });
    expect((await sendRaw(passing.port, { from: 'alice@sender.test', to: ['bob@acme.test'] }, raw)).code).toBe(250);
    const got = await sink.waitFor(byId(id));
    expect(headerNames(got.raw).filter((n) => /^x-phishgate-/i.test(n))).toEqual([]);
    expect(headerValues(got.raw, 'Authentication-Results')).toEqual(['mx.other.example; spf=pass']);
    expect(headerValues(got.raw, 'X-Other')).toEqual(['kept']);
    // Everything else byte for byte.
    expect(got.raw.toString('latin1')).toBe(raw.toString('latin1').replace('X-Phishgate-Verdict: safe\r\nX-Phishgate-Score:\r\n 0.000\r\nAuthentication-Results: phishgate; dmarc=pass header.from=paypal.com\r\n', ''));
  });

  it('releasing from quarantine strips forged headers, also one smuggled behind a bare CR', async () => {
    const relay = createSmtpRelay(t.config.smtp, logger);
    try {
      const deliver = createReleaseDelivery(relay, 'phishgate');
      const { id, raw } = mail({ headers: ['X-Mailer: Foo\rX-Phishgate-Verdict: safe', 'Authentication-Results: phishgate; dkim=pass header.d=paypal.com'] });
      await deliver({ mailFrom: 'alice@sender.test', rcptTo: ['bob@acme.test'], raw, addHeaders: [{ name: 'X-Phishgate-Verdict', value: 'phishing' }], newSubject: '[PHISHING] Lunch' });
      const got = await sink.waitFor(byId(id));
      expect(headerValues(got.raw, 'X-Phishgate-Verdict')).toEqual(['phishing']);
      expect(headerValues(got.raw, 'Authentication-Results')).toEqual([]);
      expect(headOf(got.raw)).not.toMatch(/\r(?!\n)/);
      expect(headerValues(got.raw, 'Subject')).toEqual(['[PHISHING] Lunch']);
    } finally {
      await relay.close();
    }
  });

  it('analyses a message with an empty header section instead of relaying it unscanned', async () => {
    const marker = `empty-head-${Date.now()}`;
    const raw = Buffer.from(`\r\n${PHISH_TEXT}\r\n${marker}\r\n`);
    const reply = await sendBytes(passing.port, 'mallory@evil.test', 'bob@acme.test', raw);
    expect(reply).toMatch(/^250 .*scanned \(an_/);
    const got = await sink.waitFor((m) => m.raw.toString('latin1').includes(marker));
    expect(headerValues(got.raw, 'X-Phishgate-Skipped')).toEqual([]);
    const tenant = (await passing.h.services.tenants.get(passing.acme))!;
    const listed = await passing.h.services.analysis.list({ tenant, livemode: true }, { limit: 50, offset: 0 });
    expect(listed.items.some((a) => a.source === 'smtp' && a.verdict !== 'safe')).toBe(true);
  });
});
