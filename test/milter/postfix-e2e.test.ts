import { createTransport } from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/loader.js';
import { PostfixInstance, postfixUnavailableReason } from '../support/postfix-instance.js';
import { headerNames, headerValues, startSmtpSink, type SmtpSink } from '../support/smtp-sink.js';
import { documentedMainCf, documentedMainCfForPort, DOCUMENTED_PORT } from './helpers/doc-snippet.js';
import { startDoor, type RunningDoor } from './helpers/door.js';
import { createTestGateway, type TestGateway } from './helpers/test-gateway.js';

const unavailable = postfixUnavailableReason();
if (unavailable) console.warn(`Postfix end-to-end tests skipped: ${unavailable}`);

/** How long a `[slow]` analysis takes in the progress test: longer than the content timeout set there. */
const SLOW_MS = 3500;

let testNo = 0;
function rawMessage(subject: string, extraHeaders: string[] = [], body = 'Hello Bob,\r\nplease find the invoice attached.\r\n'): { id: string; raw: string } {
  const id = `e2e-${process.pid}-${++testNo}`;
  const raw = [
    'From: Alice <alice@sender.test>',
    'To: Bob <bob@rcpt.test>',
    `Subject: ${subject}`,
    `Message-ID: <${id}@sender.test>`,
    'Date: Sat, 21 Nov 2026 10:00:00 +0000',
    ...extraHeaders,
    '',
    body,
  ].join('\r\n');
  return { id, raw };
}

interface SendOutcome {
  ok: boolean;
  code: number | undefined;
  response: string;
}

async function send(port: number, raw: string): Promise<SendOutcome> {
  const transport = createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true, name: 'client.example' });
  try {
    const info = await transport.sendMail({ envelope: { from: 'alice@sender.test', to: ['bob@rcpt.test'] }, raw });
    return { ok: true, code: 250, response: info.response };
  } catch (error) {
    const e = error as { responseCode?: number; response?: string; message: string };
    return { ok: false, code: e.responseCode, response: e.response ?? e.message };
  } finally {
    transport.close();
  }
}

const queueIdOf = (response: string): string => /queued as ([0-9A-F]+)/.exec(response)?.[1] ?? '';
const byMessageId = (id: string) => (m: { raw: Buffer }) => headerValues(m.raw, 'Message-ID')[0] === `<${id}@sender.test>`;

describe.skipIf(unavailable !== null)('milter door behind a real Postfix, configured with the documented lines', () => {
  let sink: SmtpSink;
  let gateway: TestGateway;
  let door: RunningDoor;
  let postfix: PostfixInstance;

  beforeAll(async () => {
    sink = await startSmtpSink();
    gateway = createTestGateway({ slow: () => new Promise((resolve) => setTimeout(resolve, SLOW_MS)) });
    door = await startDoor(gateway, { milter: { progress_interval_ms: 500 } });
    postfix = await PostfixInstance.create({ relayPort: sink.port, mainCfExtra: documentedMainCfForPort(door.port) });
    await postfix.start();
  });

  afterAll(async () => {
    await postfix?.destroy();
    await door?.server.close({ graceMs: 1000 });
    await sink?.close();
  });

  it('runs the README milter block verbatim, only the port changed', () => {
    expect(loadConfig({ env: {} }).milter.port).toBe(DOCUMENTED_PORT);
    const mainCf = postfix.mainCf();
    for (const line of documentedMainCf().split('\n').filter((l) => l.trim() !== '')) {
      expect(mainCf).toContain(line.replace(`:${DOCUMENTED_PORT}`, `:${door.port}`));
    }
  });

  it('tags a suspicious message: forged verdicts removed, phishgate headers on top, subject prefixed', async () => {
    const body = 'Dear customer,\r\n\r\n..a line starting with a dot\r\nbye\r\n';
    const { id, raw } = rawMessage('[tag] Invoice 42', ['X-Phishgate-Verdict: safe', 'x-phishgate-verdict: safe (forged, lower case)', 'X-Phishgate-Score: 0.00'], body);
    const sent = await send(postfix.smtpdPort, raw);
    expect(sent).toMatchObject({ ok: true, code: 250 });
    const delivered = await sink.waitFor(byMessageId(id));

    expect(headerValues(delivered.raw, 'Subject')).toEqual(['[SUSPICIOUS] [tag] Invoice 42']);
    expect(headerValues(delivered.raw, 'X-Phishgate-Verdict')).toEqual(['suspicious']);
    expect(headerValues(delivered.raw, 'X-Phishgate-Score')).toEqual(['0.61']);
    expect(headerNames(delivered.raw).slice(0, 4)).toEqual(['X-Phishgate-Verdict', 'X-Phishgate-Score', 'X-Phishgate-Analysis-Id', 'Received']);
    expect(delivered.raw.toString('latin1').endsWith(`\r\n\r\n${body}`)).toBe(true);
    expect(delivered).toMatchObject({ mailFrom: 'alice@sender.test', rcptTo: ['bob@rcpt.test'] });

    // What the gateway saw: the client's message as sent, with the envelope and Postfix's queue id.
    const seen = gateway.decided.find((d) => d.raw.includes(id))!;
    expect(seen.envelope).toMatchObject({ mailFrom: 'alice@sender.test', rcptTo: ['bob@rcpt.test'], clientAddress: '127.0.0.1', clientHelo: 'client.example', queueId: queueIdOf(sent.response) });
    expect(seen.raw).toContain('X-Phishgate-Verdict: safe\r\nx-phishgate-verdict: safe (forged, lower case)\r\n');
  });

  it('tags a safe message without touching its subject', async () => {
    const { id, raw } = rawMessage('Lunch on Friday?');
    expect((await send(postfix.smtpdPort, raw)).ok).toBe(true);
    const delivered = await sink.waitFor(byMessageId(id));
    expect(headerValues(delivered.raw, 'Subject')).toEqual(['Lunch on Friday?']);
    expect(headerValues(delivered.raw, 'X-Phishgate-Verdict')).toEqual(['safe']);
  });

  it('rejects phishing during the SMTP session with 550 5.7.1', async () => {
    const logFrom = postfix.logSize();
    const { raw } = rawMessage('[reject] Your account is locked');
    const sent = await send(postfix.smtpdPort, raw);
    expect(sent).toMatchObject({ ok: false, code: 550 });
    expect(sent.response).toContain('5.7.1 Message rejected as phishing (test)');
    await postfix.waitForLog(/milter-reject: END-OF-MESSAGE from .*: 5\.7\.1 Message rejected as phishing \(test\)/, logFrom);
  });

  it('holds quarantined mail in the hold queue, with the reason, until released', async () => {
    const logFrom = postfix.logSize();
    const { id, raw } = rawMessage('[hold] Verify your mailbox');
    const sent = await send(postfix.smtpdPort, raw);
    expect(sent).toMatchObject({ ok: true, code: 250 });
    const queueId = queueIdOf(sent.response);
    await postfix.waitForLog(new RegExp(`${queueId}: milter-hold: END-OF-MESSAGE`), logFrom);
    const queue = await postfix.queue();
    expect(queue.find((q) => q.queueId === queueId)).toMatchObject({ queueName: 'hold', recipients: [{ address: 'bob@rcpt.test' }] });
    const held = await postfix.postcat(queueId);
    expect(held).toContain('X-Phishgate-Quarantine-Reason: phishing, score 0.97 (test)');
    expect(held).toContain('X-Phishgate-Verdict: phishing');

    await postfix.releaseHold(queueId);
    await postfix.flush();
    const delivered = await sink.waitFor(byMessageId(id));
    expect(headerValues(delivered.raw, 'X-Phishgate-Verdict')).toEqual(['phishing']);
  });

  it('tempfails with 451 4.3.0 when the analysis fails', async () => {
    const { raw } = rawMessage('[boom] anything');
    const sent = await send(postfix.smtpdPort, raw);
    expect(sent).toMatchObject({ ok: false, code: 451 });
    expect(sent.response).toContain('4.3.0 Temporary failure in message analysis');
  });

  it('keeps Postfix waiting with progress packets while an analysis outlasts milter_content_timeout', async () => {
    await postfix.postconf({ milter_content_timeout: '2s' });
    try {
      const { id, raw } = rawMessage('[slow] quarterly report');
      const sent = await send(postfix.smtpdPort, raw);
      expect(sent).toMatchObject({ ok: true, code: 250 });
      await sink.waitFor(byMessageId(id));
    } finally {
      await postfix.postconf({ milter_content_timeout: '300s' });
    }
  });

  it('quarantine_mode store: phishgate keeps the message, Postfix discards its copy', async () => {
    const storeDoor = await startDoor(gateway, { milter: { quarantine_mode: 'store' } });
    const logFrom = postfix.logSize();
    await postfix.postconf({ smtpd_milters: `inet:127.0.0.1:${storeDoor.port}` });
    try {
      const { id, raw } = rawMessage('[hold] Password expires today');
      const sent = await send(postfix.smtpdPort, raw);
      expect(sent).toMatchObject({ ok: true, code: 250 });
      await postfix.waitForLog(new RegExp(`${queueIdOf(sent.response)}: milter-discard: END-OF-MESSAGE`), logFrom);
      expect(gateway.quarantined.some((q) => q.raw.includes(id))).toBe(true);
      expect(sink.messages.some(byMessageId(id))).toBe(false);
    } finally {
      await postfix.postconf({ smtpd_milters: `inet:127.0.0.1:${door.port}` });
      await storeDoor.server.close({ graceMs: 1000 });
    }
  });

  describe('phishgate down', () => {
    it('milter_default_action = tempfail (documented): the client gets 451 4.7.1 and retries later', async () => {
      // The documented smtpd_milters line still points at the door's port; nothing listens there now.
      await door.server.close({ graceMs: 1000 });
      const logFrom = postfix.logSize();
      const { raw } = rawMessage('while phishgate is down');
      const sent = await send(postfix.smtpdPort, raw);
      expect(sent).toMatchObject({ ok: false, code: 451 });
      expect(sent.response).toContain('4.7.1 Service unavailable - try again later');
      await postfix.waitForLog(new RegExp(`warning: connect to Milter service inet:127\\.0\\.0\\.1:${door.port}: Connection refused`), logFrom);
    });

    it('milter_default_action = accept: mail is delivered, untagged', async () => {
      await postfix.postconf({ milter_default_action: 'accept' });
      const { id, raw } = rawMessage('fail open');
      expect((await send(postfix.smtpdPort, raw)).ok).toBe(true);
      const delivered = await sink.waitFor(byMessageId(id));
      expect(headerValues(delivered.raw, 'X-Phishgate-Verdict')).toEqual([]);
    });
  });
});
