import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseRawMessage } from '../../src/mail/parse-raw.js';
import { parseMicrosoftSubject } from '../../src/services/reports/parse-report.js';
import { createReportIntake } from '../../src/services/reports/intake.js';
import { createSmtpRelay, startSmtpServer, type Relay, type SmtpServer } from '../../src/smtp/index.js';
import { DIALECTS } from '../support/dialects.js';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink.js';
import { createTransport } from 'nodemailer';
import { parseNetworks } from '../../src/core/networks.js';
import { DOOR_ZONE, logger, sendRaw, startTestDoor, type TestDoor } from '../smtp/helpers/door.js';
import { addWebhook, SECRET as WEBHOOK_SECRET } from '../webhooks/support/setup.js';
import { startReceiver, type Receiver } from '../webhooks/support/receiver.js';

const REPORT_ADDRESS = 'report-phish@acme.test';

/** The phishing message a user got and reports (its own campaign wording, so the test can find it). */
const original = (tag: string) =>
  [
    'From: "IT Helpdesk" <helpdesk@mailbox-quota.test>',
    'To: bob@acme.test',
    `Subject: Mailbox quota exceeded ${tag}`,
    `Message-ID: <orig-${tag}@mailbox-quota.test>`,
    'Date: Sat, 21 Nov 2026 09:00:00 +0000',
    '',
    'Your mailbox is full. Log in within 24 hours at http://mailbox-quota.test/login to keep your account.',
    '',
  ].join('\r\n');

function report(options: { from?: string; subject: string; attach: 'rfc822' | 'eml' | 'none'; inner: string }): string {
  const part =
    options.attach === 'rfc822'
      ? ['Content-Type: message/rfc822', 'Content-Disposition: attachment; filename="reported.eml"', '', options.inner]
      : ['Content-Type: application/octet-stream; name="message.eml"', 'Content-Transfer-Encoding: base64', 'Content-Disposition: attachment; filename="message.eml"', '', Buffer.from(options.inner).toString('base64')];
  return [
    `From: ${options.from ?? 'Bob <bob@acme.test>'}`,
    `To: ${REPORT_ADDRESS}`,
    `Subject: ${options.subject}`,
    'Message-ID: <report-' + Math.random().toString(36).slice(2) + '@acme.test>',
    'Date: Sat, 21 Nov 2026 10:00:00 +0000',
    'MIME-Version: 1.0',
    'Content-Type: multipart/mixed; boundary="rb"',
    '',
    '--rb',
    'Content-Type: text/plain; charset=utf-8',
    '',
    'This looks like phishing.',
    ...(options.attach === 'none' ? [] : ['--rb', ...part]),
    '--rb--',
    '',
  ].join('\r\n');
}

describe('Microsoft report subject', () => {
  it('reads the five fields and the action; anything else is not that format', () => {
    expect(parseMicrosoftSubject('3|7c1a-44e2-9f00|203.0.113.7|helpdesk@mailbox-quota.test|(Mailbox quota | exceeded)')).toEqual({
      action: 3,
      networkMessageId: '7c1a-44e2-9f00',
      senderIp: '203.0.113.7',
      fromAddress: 'helpdesk@mailbox-quota.test',
      subject: 'Mailbox quota | exceeded',
    });
    expect(parseMicrosoftSubject('2|id|198.51.100.1|a@b.test|(Hello)')?.action).toBe(2);
    for (const subject of ['4|id|ip|a@b.test|(x)', 'Fwd: 3|id|ip|a@b.test|(x)', '3|id|ip|a@b.test|x', '3|id|ip|(x)', `3|${'x'.repeat(5000)}|ip|a|(x)`]) expect(parseMicrosoftSubject(subject)).toBeNull();
  });
});

describe.each(DIALECTS)('user reports through the SMTP door (%s)', (dialect) => {
  let sink: SmtpSink;
  let t: TestDoor;
  let door: SmtpServer;
  let strictDoor: SmtpServer;
  let relay: Relay;
  let port: number;
  let strictPort: number;
  let receiver: Receiver;
  let key: string;

  beforeAll(async () => {
    sink = await startSmtpSink();
    // acme.test sends from 127.0.0.1 only and publishes DMARC: a report from 127.0.0.2 fails it.
    t = await startTestDoor({ dialect, relayPort: sink.port, dnsZone: { ...DOOR_ZONE, 'TXT acme.test': [['v=spf1 ip4:127.0.0.1 -all']], 'TXT _dmarc.acme.test': [['v=DMARC1; p=reject']] } });
    const intake = (trusted: string[]) =>
      createReportIntake(
        { analysis: t.h.services.analysis, feedback: t.h.services.feedback, outbox: t.h.services.outbox, findTenant: t.h.services.tenants.find, authentication: t.h.services.authentication },
        {
          addresses: { [REPORT_ADDRESS]: t.acme },
          domains: t.config.gateway.domains,
          maxReportBytes: 1024 * 1024,
          maxOriginals: 3,
          chargeQuota: false,
          parse: (raw) => parseRawMessage(raw),
          trustedNetworks: parseNetworks(trusted, 'reports.trusted_networks'),
        },
      );
    // Doors on the same store and gateway, with the report intake: the door as `serve` runs it. The
    // strict one trusts no client network: only reports whose DMARC passes are believed.
    relay = createSmtpRelay(t.config.smtp, logger);
    door = await startSmtpServer({ config: t.config, gateway: t.gateway, relay, logger, reports: intake(['127.0.0.0/8']), deliveredCopies: t.h.services.deliveredCopies });
    port = Number(door.address.split(':').pop());
    strictDoor = await startSmtpServer({ config: t.config, gateway: t.gateway, relay, logger, reports: intake([]), deliveredCopies: t.h.services.deliveredCopies });
    strictPort = Number(strictDoor.address.split(':').pop());
    receiver = await startReceiver({ secret: WEBHOOK_SECRET, now: () => t.h.clock.now() });
    ({ key } = await t.h.tenantWithKey({ tenantId: t.acme, scopes: ['read', 'write', 'admin'] }));
    await addWebhook(t.h, key, receiver.url, ['report.received']);
  });
  afterAll(async () => {
    await door?.close();
    await strictDoor?.close();
    await relay?.close();
    await receiver?.close();
    await t?.close();
    await sink?.close();
  });

  const feedbackList = async (query: string) => (await t.h.call('GET', `/v1/feedback?${query}`, key)).json().data.items as Array<Record<string, unknown>>;

  it('a forwarded original (message/rfc822) is analysed, labelled phishing by the reporter, and announced by a signed webhook', async () => {
    const reply = await sendRaw(port, { from: 'bob@acme.test', to: [REPORT_ADDRESS] }, report({ subject: 'Phishing?', attach: 'rfc822', inner: original('A1') }));
    expect(reply.code).toBe(250);
    const analysisId = /report received by phishgate \((an_[A-Za-z0-9]+)\)/.exec(reply.response)?.[1];
    expect(analysisId, reply.response).toBeDefined();
    // Consumed: nothing went on to the next hop.
    expect(sink.messages).toHaveLength(0);

    const [feedback] = await feedbackList(`analysis_id=${analysisId}`);
    expect(feedback).toMatchObject({ label: 'phishing', source: 'report', actor: 'bob@acme.test', subject: 'Mailbox quota exceeded A1', message_kept: true });
    const kept = await t.h.store.db.selectFrom('feedback').select('message_raw').where('analysis_id', '=', analysisId!).executeTakeFirstOrThrow();
    expect(Buffer.from(kept.message_raw!).toString()).toBe(original('A1'));

    await t.h.worker.drain();
    const [event] = await receiver.waitFor(1);
    expect(event!.verified).toMatchObject({ ok: true });
    expect(event!.json.type).toBe('report.received');
    const data = event!.json.data as unknown as { report: Record<string, unknown>; analysis: { analysis_id: string } };
    expect(data.report).toMatchObject({ reporter: 'bob@acme.test', reporting_address: REPORT_ADDRESS, label: 'phishing', format: 'attachment', feedback_id: feedback!.id, microsoft: null });
    expect(data.analysis.analysis_id).toBe(analysisId);
  });

  it("Microsoft's format: the subject's action is the label (2 not junk = ham, 1 junk = no label), the .eml is the original", async () => {
    const notJunk = await sendRaw(port, { from: 'bob@acme.test', to: [REPORT_ADDRESS] }, report({ subject: '2|9e1f-0001|198.51.100.9|helpdesk@mailbox-quota.test|(Mailbox quota exceeded B2)', attach: 'eml', inner: original('B2') }));
    const hamId = /\((an_[A-Za-z0-9]+)\)/.exec(notJunk.response)?.[1];
    expect(hamId, notJunk.response).toBeDefined();
    const [ham] = await feedbackList(`analysis_id=${hamId}`);
    expect(ham).toMatchObject({ label: 'ham', source: 'report', actor: 'bob@acme.test', subject: 'Mailbox quota exceeded B2' });
    expect(ham!.note).toContain('NetworkMessageId 9e1f-0001');

    const phish = await sendRaw(port, { from: 'bob@acme.test', to: [REPORT_ADDRESS] }, report({ subject: '3|9e1f-0002|198.51.100.9|helpdesk@mailbox-quota.test|(Mailbox quota exceeded B3)', attach: 'rfc822', inner: original('B3') }));
    const phishId = /\((an_[A-Za-z0-9]+)\)/.exec(phish.response)?.[1];
    expect((await feedbackList(`analysis_id=${phishId}`))[0]).toMatchObject({ label: 'phishing' });

    const junk = await sendRaw(port, { from: 'bob@acme.test', to: [REPORT_ADDRESS] }, report({ subject: '1|9e1f-0003|198.51.100.9|helpdesk@mailbox-quota.test|(Mailbox quota exceeded B1)', attach: 'eml', inner: original('B1') }));
    const junkId = /\((an_[A-Za-z0-9]+)\)/.exec(junk.response)?.[1];
    expect(junkId, junk.response).toBeDefined();
    expect(await feedbackList(`analysis_id=${junkId}`)).toEqual([]);

    await t.h.worker.drain();
    const events = await receiver.waitFor(4);
    // Deliveries run concurrently, so their arrival order is not the reports' order: compare by message id.
    const reports = events.map((e) => (e.json.data as unknown as { report: { label: string; format: string; microsoft: { network_message_id: string } | null } }).report);
    const microsoft = reports.filter((r) => r.format === 'microsoft').sort((a, b) => a.microsoft!.network_message_id.localeCompare(b.microsoft!.network_message_id));
    expect(microsoft.map((r) => [r.label, r.format, r.microsoft!.network_message_id])).toEqual([
      ['ham', 'microsoft', '9e1f-0001'],
      ['phishing', 'microsoft', '9e1f-0002'],
      ['junk', 'microsoft', '9e1f-0003'],
    ]);
    expect(events.every((e) => e.verified.ok)).toBe(true);
  });

  it('drops reports from outside the tenant and reports without an original; other recipients still get the mail', async () => {
    const before = (await feedbackList('source=report')).length;
    const outsider = await sendRaw(port, { from: 'mallory@evil.test', to: [REPORT_ADDRESS] }, report({ from: 'mallory@evil.test', subject: '2|x|1.2.3.4|a@b.test|(x)', attach: 'rfc822', inner: original('C1') }));
    expect(outsider.code).toBe(250);
    expect(outsider.response).toContain('report not taken');
    // A From of the tenant with a foreign envelope sender is not believed either.
    const forged = await sendRaw(port, { from: 'mallory@evil.test', to: [REPORT_ADDRESS] }, report({ subject: 'x', attach: 'rfc822', inner: original('C2') }));
    expect(forged.response).toContain('report not taken');
    const empty = await sendRaw(port, { from: 'bob@acme.test', to: [REPORT_ADDRESS] }, report({ subject: 'Phishing?', attach: 'none', inner: '' }));
    expect(empty.response).toContain('no original attached');
    expect((await feedbackList('source=report')).length).toBe(before);

    // Mail to the reporting address and to a colleague: the report is taken, the colleague's copy goes on.
    const both = await sendRaw(port, { from: 'bob@acme.test', to: [REPORT_ADDRESS, 'carol@acme.test'] }, report({ subject: 'FYI', attach: 'rfc822', inner: original('C3') }));
    expect(both.code).toBe(250);
    const relayed = await sink.waitFor((m) => m.raw.includes('Subject: FYI'));
    expect(relayed.rcptTo).toEqual(['carol@acme.test']);
    expect((await feedbackList('source=report')).length).toBe(before + 1);
  });

  it('from a client outside reports.trusted_networks, only a report whose DMARC passes for the reporter is believed', async () => {
    const before = (await feedbackList('source=report')).length;
    const from = async (localAddress: string, tag: string) => {
      const transport = createTransport({ host: '127.0.0.1', port: strictPort, secure: false, ignoreTLS: true, name: 'client.acme.test', localAddress });
      try {
        const info = await transport.sendMail({ envelope: { from: 'bob@acme.test', to: [REPORT_ADDRESS] }, raw: report({ subject: 'Phishing?', attach: 'rfc822', inner: original(tag) }) });
        return info.response as string;
      } finally {
        transport.close();
      }
    };
    expect(await from('127.0.0.2', 'D1')).toContain('report not taken by phishgate (reporter not authenticated');
    expect((await feedbackList('source=report')).length).toBe(before);
    expect(await from('127.0.0.1', 'D2')).toMatch(/report received by phishgate \(an_/);
    expect((await feedbackList('source=report')).length).toBe(before + 1);
  });
});
