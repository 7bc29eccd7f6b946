import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTransport } from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/loader.js';
import { cli } from '../support/cli.js';
import { freePort, PostfixInstance, postfixUnavailableReason } from '../support/postfix-instance.js';
import { startServeProcess, type ServeProcess } from '../support/serve-process.js';
import { headerNames, headerValues, startSmtpSink, type SmtpSink } from '../support/smtp-sink.js';
import { DOCUMENTED_FILTER_PORT, DOCUMENTED_REINJECT_PORT, documentedMainCf, documentedMasterCf, withPorts } from './helpers/doc-snippet.js';

const unavailable = postfixUnavailableReason();
if (unavailable) console.warn(`Postfix end-to-end tests of the SMTP content filter skipped: ${unavailable}`);

let counter = 0;
function message(from: string, subject: string, body = 'Hello Bob,\r\nsee you at noon.\r\n'): { id: string; raw: string } {
  const id = `<pf-e2e-${process.pid}-${++counter}@sender.test>`;
  return { id, raw: [`From: ${from}`, 'To: bob@acme.test', `Subject: ${subject}`, `Message-ID: ${id}`, 'Date: Sat, 21 Nov 2026 10:00:00 +0000', '', body].join('\r\n') };
}

/** Submits to Postfix's public smtpd, as a sending MTA would; resolves with Postfix's queue id. */
async function submit(port: number, from: string, to: string[], raw: string): Promise<string> {
  const transport = createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true, name: 'client.example' });
  try {
    const info = await transport.sendMail({ envelope: { from, to }, raw });
    return /queued as ([0-9A-Za-z]+)/.exec(info.response)?.[1] ?? '';
  } finally {
    transport.close();
  }
}

const byId = (id: string) => (m: { raw: Buffer }) => headerValues(m.raw, 'Message-ID')[0] === id;

describe.skipIf(unavailable !== null)('SMTP content filter behind a real Postfix, configured with the documented lines', () => {
  let dir: string;
  let env: NodeJS.ProcessEnv;
  let sink: SmtpSink;
  let serve: ServeProcess;
  let postfix: PostfixInstance;
  let key: string;
  let api: string;
  const ports = { filter: 0, reinject: 0 };

  const get = async (path: string) => (await (await fetch(`${api}${path}`, { headers: { authorization: `Bearer ${key}` } })).json()) as { data: any };
  const post = (path: string, body?: unknown) =>
    fetch(`${api}${path}`, { method: 'POST', headers: { authorization: `Bearer ${key}`, ...(body ? { 'content-type': 'application/json' } : {}) }, ...(body ? { body: JSON.stringify(body) } : {}) });

  beforeAll(async () => {
    sink = await startSmtpSink();
    dir = mkdtempSync(join(tmpdir(), 'phishgate-pf-smtp-'));
    ports.filter = await freePort();
    ports.reinject = await freePort();
    env = { PHISHGATE_DB: join(dir, 'phishgate.db'), PHISHGATE_CONFIG: join(dir, 'phishgate.yaml'), PHISHGATE_SMTP_PORT: String(ports.filter), PHISHGATE_RELAY: `127.0.0.1:${ports.reinject}` };
    writeFileSync(env.PHISHGATE_CONFIG!, '{}');
    const acme = JSON.parse((await cli(['tenant', 'create', '--name', 'acme', '--plan', 'starter'], env)).stdout).id as string;
    const strict = JSON.parse((await cli(['tenant', 'create', '--name', 'strict', '--plan', 'starter'], env)).stdout).id as string;
    key = JSON.parse((await cli(['key', 'create', '--tenant', acme], env)).stdout).key;
    writeFileSync(env.PHISHGATE_CONFIG!, JSON.stringify({ gateway: { default_tenant: acme, domains: { 'strict.test': strict }, tenant_actions: { [strict]: { phishing: 'reject' } } } }));
    serve = await startServeProcess(env);
    api = `http://${serve.addresses.http}/v1`;
    expect((await post('/blocklist', { type: 'email', value: 'phisher@evil.test' })).status).toBe(200);
    // Mail from sender.test is allow-listed, so its verdict (safe) does not depend on the engine's view of test prose.
    expect((await post('/whitelist', { type: 'domain', value: 'sender.test' })).status).toBe(200);
    // Postfix's own bounces (From: MAILER-DAEMON@mx.lab.test) pass through the filter too.
    expect((await post('/whitelist', { type: 'domain', value: 'mx.lab.test' })).status).toBe(200);
    // Each tenant has its own lists: block the same sender for the strict tenant with its own key.
    const strictKey = JSON.parse((await cli(['key', 'create', '--tenant', strict], env)).stdout).key as string;
    const blocked = await fetch(`${api}/blocklist`, { method: 'POST', headers: { authorization: `Bearer ${strictKey}`, 'content-type': 'application/json' }, body: JSON.stringify({ type: 'email', value: 'phisher@evil.test' }) });
    expect(blocked.status).toBe(200);

    postfix = await PostfixInstance.create({ relayPort: sink.port, mainCfExtra: withPorts(documentedMainCf(), ports) });
    appendFileSync(join(postfix.configDir, 'master.cf'), withPorts(documentedMasterCf(), ports));
    await postfix.start();
  });

  afterAll(async () => {
    await postfix?.destroy();
    await serve?.stop();
    await sink?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('runs the README content-filter blocks verbatim, only the two ports changed', () => {
    const defaults = loadConfig({ env: {} }).smtp;
    expect([defaults.port, defaults.relay]).toEqual([DOCUMENTED_FILTER_PORT, `127.0.0.1:${DOCUMENTED_REINJECT_PORT}`]);
    const installedMain = postfix.mainCf();
    const installedMaster = readFileSync(join(postfix.configDir, 'master.cf'), 'utf8');
    for (const [documented, installed] of [[documentedMainCf(), installedMain], [documentedMasterCf(), installedMaster]] as const) {
      const used = withPorts(documented, ports);
      // Only port numbers differ between what is documented and what the test installs.
      expect(used.replace(/\d+/g, 'N')).toBe(documented.replace(/\d+/g, 'N'));
      expect(installed).toContain(used);
    }
  });

  it('tags mail on its way through Postfix → phishgate → re-injection, with the original client and queue id', async () => {
    const m = message('Alice <alice@sender.test>', 'Lunch');
    const queueId = await submit(postfix.smtpdPort, 'alice@sender.test', ['bob@acme.test', 'carol@acme.test'], m.raw);
    const got = await sink.waitFor(byId(m.id));
    expect(got.mailFrom).toBe('alice@sender.test');
    expect([...got.rcptTo].sort()).toEqual(['bob@acme.test', 'carol@acme.test']);
    // Above phishgate's headers only the re-injection hop's Received line.
    expect(headerNames(got.raw).slice(0, 5)).toEqual(['Received', 'X-Phishgate-Verdict', 'X-Phishgate-Score', 'X-Phishgate-Analysis-Id', 'X-Phishgate-Reasons']);
    expect(headerValues(got.raw, 'X-Phishgate-Verdict')).toEqual(['safe']);
    const analysis = await get(`/analyses/${headerValues(got.raw, 'X-Phishgate-Analysis-Id')[0]}`);
    expect(analysis.data.source).toBe('smtp');
    await postfix.waitForLog(new RegExp(`${queueId}: .*relay=127\\.0\\.0\\.1\\[127\\.0\\.0\\.1\\]:${ports.filter}.*status=sent \\(250 2\\.0\\.0 Ok: scanned`));
  });

  it('quarantines phishing (nothing delivered), lists it with Postfix’s queue id, and releases it tagged', async () => {
    const m = message('phisher@evil.test', 'Verify your account');
    const queueId = await submit(postfix.smtpdPort, 'phisher@evil.test', ['bob@acme.test'], m.raw);
    await postfix.waitForLog(new RegExp(`${queueId}: .*status=sent \\(250 2\\.0\\.0 Ok: quarantined by phishgate as qm_`));
    expect(sink.messages.some(byId(m.id))).toBe(false);
    const [entry] = (await get('/quarantine?released=false')).data.items;
    expect(entry).toMatchObject({ queue_id: queueId, client_address: '127.0.0.1', client_helo: 'client.example', mail_from: 'phisher@evil.test', rcpt_to: ['bob@acme.test'], verdict: 'phishing' });

    expect((await post(`/quarantine/${entry.id}/release`)).status).toBe(200);
    const got = await sink.waitFor(byId(m.id));
    expect(headerValues(got.raw, 'Subject')).toEqual(['[PHISHING] Verify your account']);
    expect(headerValues(got.raw, 'X-Phishgate-Verdict')).toEqual(['phishing']);
    expect((await post(`/quarantine/${entry.id}/release`)).status).toBe(400);
  });

  it('rejects for a tenant configured so, and Postfix bounces to the sender', async () => {
    const m = message('phisher@evil.test', 'Invoice', 'Please see the attached invoice.\r\n');
    const queueId = await submit(postfix.smtpdPort, 'phisher@evil.test', ['someone@strict.test'], m.raw);
    await postfix.waitForLog(new RegExp(`${queueId}: .*status=bounced \\(.*550 5\\.7\\.1 Message rejected by phishgate as phishing`));
    const bounce = await sink.waitFor((s) => s.mailFrom === '' && s.rcptTo.includes('phisher@evil.test') && s.raw.toString('latin1').includes(m.id));
    expect(bounce.raw.toString('latin1')).toContain('5.7.1');
    expect(sink.messages.some(byId(m.id))).toBe(false);
  });

  it('loses nothing while phishgate is down: Postfix defers, and delivers once phishgate is back', async () => {
    expect(await serve.stop('SIGTERM')).toBe(0);
    const m = message('Alice <alice@sender.test>', 'Sent while phishgate was down');
    const queueId = await submit(postfix.smtpdPort, 'alice@sender.test', ['bob@acme.test'], m.raw);
    // Deferred with the reason; a retry may already be under way ('active'), which changes nothing.
    await postfix.waitForQueue('the message deferred', (q) => q.some((e) => e.queueId === queueId && e.recipients.some((r) => /Connection refused/.test(r.delayReason ?? ''))), 30_000);
    expect(sink.messages.some(byId(m.id))).toBe(false);

    serve = await startServeProcess(env);
    await postfix.flush();
    const got = await sink.waitFor(byId(m.id), 60_000);
    expect(headerValues(got.raw, 'X-Phishgate-Verdict')).toEqual(['safe']);
    await postfix.waitForQueue('an empty queue', (q) => q.length === 0, 30_000);
  }, 120_000);
});
