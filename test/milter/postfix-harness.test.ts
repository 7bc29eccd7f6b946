import { createTransport } from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, PostfixInstance, postfixUnavailableReason, renderMainCf, renderMasterCf } from '../support/postfix-instance.js';
import { headerValues, startSmtpSink, type SmtpSink } from '../support/smtp-sink.js';

const unavailable = postfixUnavailableReason();

describe('postfix-instance config rendering', () => {
  it('writes milter lines only when a milter is given', () => {
    const without = renderMainCf('/x', { relayPort: 2626, smtpdPort: 2525 });
    expect(without).not.toMatch(/milter/);
    expect(without).toContain('relayhost = [127.0.0.1]:2626');
    const withMilter = renderMainCf('/x', { relayPort: 2626, smtpdPort: 2525, milter: 'inet:127.0.0.1:9', milterDefaultAction: 'accept' });
    expect(withMilter).toContain('smtpd_milters = inet:127.0.0.1:9\n');
    expect(withMilter).toContain('milter_default_action = accept\n');
  });

  it('adds the content filter transport and a milter-free re-injection listener', () => {
    expect(renderMainCf('/x', { relayPort: 1, smtpdPort: 2, contentFilter: { filterPort: 10025 } })).toContain('content_filter = scan:[127.0.0.1]:10025');
    const master = renderMasterCf({ smtpdPort: 2525, reinjectPort: 10026, withFilter: true });
    expect(master).toMatch(/^127\.0\.0\.1:2525 inet/);
    expect(master).toContain('127.0.0.1:10026 inet');
    expect(master).toContain('-o receive_override_options=no_unknown_recipient_checks,no_header_body_checks,no_milters');
    expect(renderMasterCf({ smtpdPort: 2525, withFilter: false })).not.toContain('scan');
  });
});

/** The harness's after-queue mode, for the SMTP door's tests: Postfix → filter → re-injection → sink. */
describe.skipIf(unavailable !== null)('postfix-instance content-filter mode', () => {
  let filter: SmtpSink;
  let sink: SmtpSink;
  let postfix: PostfixInstance;

  beforeAll(async () => {
    filter = await startSmtpSink();
    sink = await startSmtpSink();
    postfix = await PostfixInstance.create({ relayPort: sink.port, contentFilter: { filterPort: filter.port, reinjectPort: await freePort() } });
    await postfix.start();
  });

  afterAll(async () => {
    await postfix?.destroy();
    await filter?.close();
    await sink?.close();
  });

  it('hands queued mail to the filter and delivers what comes back on the re-injection port', async () => {
    const raw = 'From: a@sender.test\r\nTo: b@rcpt.test\r\nSubject: through the filter\r\nMessage-ID: <harness-1@sender.test>\r\n\r\nbody\r\n';
    const inbound = createTransport({ host: '127.0.0.1', port: postfix.smtpdPort, secure: false, ignoreTLS: true });
    await inbound.sendMail({ envelope: { from: 'a@sender.test', to: ['b@rcpt.test'] }, raw });
    inbound.close();

    const filtered = await filter.waitFor((m) => m.raw.includes('harness-1'));
    expect(filtered).toMatchObject({ mailFrom: 'a@sender.test', rcptTo: ['b@rcpt.test'] });
    const back = createTransport({ host: '127.0.0.1', port: postfix.reinjectPort!, secure: false, ignoreTLS: true });
    await back.sendMail({ envelope: { from: filtered.mailFrom, to: filtered.rcptTo }, raw: Buffer.concat([Buffer.from('X-Filtered: yes\r\n'), filtered.raw]) });
    back.close();

    const delivered = await sink.waitFor((m) => m.raw.includes('harness-1'));
    expect(headerValues(delivered.raw, 'X-Filtered')).toEqual(['yes']);
    expect(headerValues(delivered.raw, 'Subject')).toEqual(['through the filter']);
    await postfix.waitForQueue('an empty queue', (q) => q.length === 0);
  });
});
