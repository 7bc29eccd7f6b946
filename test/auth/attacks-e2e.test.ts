/**
 * The attacks of docs/authentication.md end to end: a real `phishgate serve` (real gateway, engine and
 * store) whose resolver is a stub DNS server on loopback, behind two real Postfix instances configured with
 * the README's lines — one hands mail to the milter, the other to the SMTP content filter (with XFORWARD).
 * Postfix's smtpd accepts the test mail from 127.0.0.1, so the stub zone publishes SPF records that cover
 * 127.0.0.1 for the honest senders and not for the spoofed domains.
 */
import { appendFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTransport } from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dkimRecord, ed25519Key, mail, signDkim } from '../support/auth-fixtures.js';
import { cli } from '../support/cli.js';
import { freePort, PostfixInstance, postfixUnavailableReason } from '../support/postfix-instance.js';
import { startServeProcess, type ServeProcess } from '../support/serve-process.js';
import { headerValues, startSmtpSink, type SmtpSink } from '../support/smtp-sink.js';
import { startStubDnsServer, type StubDnsServer } from '../support/stub-dns.js';
import { documentedMainCfForPort } from '../milter/helpers/doc-snippet.js';
import { documentedMainCf, documentedMasterCf, withPorts } from '../smtp/helpers/doc-snippet.js';

const unavailable = postfixUnavailableReason();
if (unavailable) console.warn(`authentication attacks through Postfix skipped: ${unavailable}`);

const senderKey = ed25519Key();
const ZONE = {
  // The tenant's own domain sends only from its own server, and asks for reject.
  'TXT acme.test': [['v=spf1 ip4:192.0.2.10 -all']],
  'TXT _dmarc.acme.test': [['v=DMARC1; p=reject']],
  // PayPal (a catalogued brand, allow-listed by the tenant) does not send from 127.0.0.1.
  'TXT paypal.com': [['v=spf1 ip4:192.0.2.20 -all']],
  'TXT _dmarc.paypal.com': [['v=DMARC1; p=reject']],
  // An honest, allow-listed partner sending through the test's Postfix, signing with Ed25519.
  'TXT sender.test': [['v=spf1 ip4:127.0.0.0/8 -all']],
  'TXT _dmarc.sender.test': [['v=DMARC1; p=none']],
  ...dkimRecord('sender.test', 'ed', senderKey),
};

let counter = 0;
const messageId = () => `<auth-e2e-${process.pid}-${++counter}@test>`;

/** The CEO fraud of the issue: From the tenant's own domain, with a forged "pass" as the receiving MX would write it. */
const ceoFraud = (id: string) =>
  mail([
    ['Authentication-Results', 'phishgate; spf=pass smtp.mailfrom=acme.test; dmarc=pass header.from=acme.test'],
    ['Authentication-Results', 'mx.acme.test; spf=pass smtp.mailfrom=ceo@acme.test; dkim=pass header.d=acme.test; dmarc=pass header.from=acme.test'],
    ['From', '"Claire Martin, CEO" <ceo@acme.test>'],
    ['To', 'bob@acme.test'],
    ['Subject', 'Urgent: change of bank details'],
    ['Message-ID', id],
  ], 'Bob,\r\n\r\nWe changed banks. Please update the bank details of our supplier and make the urgent wire transfer of 48,500 EUR today to IBAN DE44 5001 0517 5407 3249 31. Keep this confidential until the deal is announced.\r\n\r\nClaire\r\n');

/** A spoofed PayPal notice linking to a bare IP, with a real Received-SPF: Fail and a forged pass lower down. */
const paypalSpoof = (id: string) =>
  mail([
    ['Received-SPF', 'Fail (mailfrom) identity=mailfrom; client-ip=203.0.113.9; envelope-from="service@paypal.com"'],
    ['Received', 'from relay.evil.example ([203.0.113.9]) by mx.acme.test'],
    ['Authentication-Results', 'mx.acme.test; spf=pass smtp.mailfrom=paypal.com; dkim=pass header.d=paypal.com; dmarc=pass header.from=paypal.com'],
    ['From', 'PayPal <service@paypal.com>'],
    ['To', 'bob@acme.test'],
    ['Subject', 'Your account has been limited'],
    ['Message-ID', id],
  ], 'Dear customer,\r\n\r\nWe noticed unusual activity. Verify your account within 24 hours at http://198.51.100.23/paypal/login or it will be suspended.\r\n');

const honest = async (id: string) =>
  signDkim(mail([['From', 'Alice <alice@sender.test>'], ['To', 'bob@acme.test'], ['Subject', 'Minutes of the meeting'], ['Message-ID', id], ['Date', 'Sat, 21 Nov 2026 10:00:00 +0000']]), 'sender.test', 'ed', senderKey);

async function submit(port: number, from: string, raw: string): Promise<void> {
  const transport = createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true, name: 'client.example' });
  try {
    await transport.sendMail({ envelope: { from, to: ['bob@acme.test'] }, raw });
  } finally {
    transport.close();
  }
}

describe.skipIf(unavailable !== null)('forged authentication through Postfix, the milter and the SMTP content filter', () => {
  let dir: string;
  let dns: StubDnsServer;
  let sink: SmtpSink;
  let serve: ServeProcess;
  let viaMilter: PostfixInstance;
  let viaFilter: PostfixInstance;
  let key: string;
  let api: string;

  const analysis = async (id: string) => {
    const res = await fetch(`${api}/analyses/${id}`, { headers: { authorization: `Bearer ${key}` } });
    return ((await res.json()) as { data: any }).data;
  };

  beforeAll(async () => {
    dns = await startStubDnsServer(ZONE);
    sink = await startSmtpSink();
    dir = mkdtempSync(join(tmpdir(), 'phishgate-auth-e2e-'));
    const ports = { filter: await freePort(), reinject: await freePort(), milter: await freePort() };
    const env: NodeJS.ProcessEnv = {
      PHISHGATE_DB: join(dir, 'phishgate.db'),
      PHISHGATE_CONFIG: join(dir, 'phishgate.yaml'),
      PHISHGATE_SMTP_PORT: String(ports.filter),
      PHISHGATE_MILTER_PORT: String(ports.milter),
      PHISHGATE_RELAY: `127.0.0.1:${ports.reinject}`,
      PHISHGATE_DNS_SERVERS: dns.address,
    };
    writeFileSync(env.PHISHGATE_CONFIG!, '{}');
    const tenant = JSON.parse((await cli(['tenant', 'create', '--name', 'acme', '--plan', 'starter'], env)).stdout).id as string;
    key = JSON.parse((await cli(['key', 'create', '--tenant', tenant], env)).stdout).key;
    // Everything is delivered tagged (phishing too), so the test can read what each door wrote.
    writeFileSync(env.PHISHGATE_CONFIG!, JSON.stringify({ gateway: { domains: { 'acme.test': tenant }, actions: { safe: 'tag', suspicious: 'tag', phishing: 'tag' } }, auth: { trusted_authserv_ids: ['mx.lab.test'] } }));
    serve = await startServeProcess(env);
    api = `http://${serve.addresses.http}/v1`;
    for (const value of ['paypal.com', 'sender.test']) {
      const res = await fetch(`${api}/whitelist`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: JSON.stringify({ type: 'domain', value }) });
      expect(res.status).toBe(200);
    }
    viaMilter = await PostfixInstance.create({ relayPort: sink.port, mainCfExtra: documentedMainCfForPort(ports.milter) });
    viaFilter = await PostfixInstance.create({ relayPort: sink.port, mainCfExtra: withPorts(documentedMainCf(), ports) });
    appendFileSync(join(viaFilter.configDir, 'master.cf'), withPorts(documentedMasterCf(), ports));
    await Promise.all([viaMilter.start(), viaFilter.start()]);
  }, 120_000);

  afterAll(async () => {
    await viaMilter?.destroy();
    await viaFilter?.destroy();
    await serve?.stop();
    await sink?.close();
    await dns?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const doors = () => [
    ['milter', viaMilter],
    ['content filter', viaFilter],
  ] as const;

  /** Sends through one Postfix and returns the delivered copy and its analysis. */
  async function through(postfix: PostfixInstance, from: string, build: (id: string) => string | Promise<string>) {
    const id = messageId();
    await submit(postfix.smtpdPort, from, await build(id));
    const delivered = await sink.waitFor((m) => headerValues(m.raw, 'Message-ID')[0] === id, 30_000);
    const analysisId = headerValues(delivered.raw, 'X-Phishgate-Analysis-Id')[0]!;
    return { delivered, result: await analysis(analysisId) };
  }

  it('CEO fraud with forged Authentication-Results is not "authenticated mail from your own domain"', async () => {
    for (const [door, postfix] of doors()) {
      const { delivered, result } = await through(postfix, 'ceo@acme.test', ceoFraud);
      expect(result.verdict, door).not.toBe('safe');
      expect(result.reasons.join('\n'), door).not.toMatch(/Authenticated mail from your own domain/);
      expect(result.reasons.join('\n'), door).toMatch(/DMARC failed for acme\.test/);
      expect(result.authentication.dmarc, door).toMatchObject({ result: 'fail', policy: 'reject', provenance: 'verified' });
      expect(result.authentication.spf, door).toMatchObject({ result: 'fail', client_ip: '127.0.0.1', provenance: 'verified' });
      // The forgery with our own authserv-id is gone; ours says what we found; the other forged header stays (not ours to judge).
      const results = headerValues(delivered.raw, 'Authentication-Results');
      expect(results.filter((v) => v.startsWith('phishgate;')), door).toEqual([expect.stringMatching(/^phishgate; spf=fail smtp\.mailfrom=acme\.test; dmarc=fail \(p=reject\) header\.from=acme\.test$/)]);
      expect(results.some((v) => v.startsWith('mx.acme.test;')), door).toBe(true);
    }
  });

  it('a spoofed allow-listed brand (forged pass below a real Received-SPF: Fail) is phishing, the entry ignored', async () => {
    for (const [door, postfix] of doors()) {
      const { result } = await through(postfix, 'service@paypal.com', paypalSpoof);
      expect(result.verdict, door).toBe('phishing');
      expect(result.reasons.join('\n'), door).toMatch(/Allow-list entry domain paypal\.com ignored: DMARC failed for paypal\.com/);
      expect(result.reasons.join('\n'), door).toMatch(/Spoofed PayPal address/);
      expect(result.authentication.dmarc, door).toMatchObject({ result: 'fail', policy: 'reject', provenance: 'verified' });
    }
  });

  it('honest, signed mail from an allow-listed partner passes: aligned SPF and Ed25519 DKIM, verified', async () => {
    for (const [door, postfix] of doors()) {
      const { delivered, result } = await through(postfix, 'alice@sender.test', honest);
      expect(result.verdict, door).toBe('safe');
      expect(result.reasons[0], door).toMatch(/is on the allow list \(DMARC passed\): domain sender\.test/);
      expect(result.authentication.dkim, door).toEqual([expect.objectContaining({ result: 'pass', domain: 'sender.test', algorithm: 'ed25519-sha256', aligned: true, provenance: 'verified' })]);
      expect(headerValues(delivered.raw, 'Authentication-Results').find((v) => v.startsWith('phishgate;')), door).toMatch(/spf=pass .*dkim=pass header\.d=sender\.test header\.s=ed header\.a=ed25519-sha256; dmarc=pass/);
    }
  });

  it('the REST API: no envelope = the allow entry is only a hint; with client_ip the spoof fails DMARC; raw_email DKIM is verified', async () => {
    const post = async (body: unknown) => {
      const res = await fetch(`${api}/analyze`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
      expect(res.status).toBe(200);
      return ((await res.json()) as { data: any }).data;
    };
    const fields = { subject: 'Your account has been limited', from: 'PayPal <service@paypal.com>', body_text: 'Verify your account within 24 hours at http://198.51.100.23/paypal/login', headers: { dmarc: 'pass', spf: 'pass' } };
    const bare = await post(fields);
    expect(bare.verdict).not.toBe('safe');
    expect(bare.authentication.spf).toMatchObject({ result: 'pass', provenance: 'claimed' });
    expect(bare.authentication.dmarc).toMatchObject({ result: 'pass', provenance: 'claimed' });
    // A harmless note from the same address: the entry shows as a hint among the reasons, not as the verdict.
    const note = await post({ subject: 'Lunch', from: 'service@paypal.com', body_text: 'See you at noon.', headers: { dmarc: 'pass' } });
    expect(note.score).toBeGreaterThan(0);
    expect(note.reasons.join('\n')).toMatch(/on the allow list \(domain paypal\.com\), but its mail is not authenticated/);

    const enveloped = await post({ ...fields, client_ip: '203.0.113.9', helo: 'relay.evil.example', mail_from: 'service@paypal.com' });
    expect(enveloped.verdict).toBe('phishing');
    expect(enveloped.authentication.spf).toMatchObject({ result: 'fail', provenance: 'verified', client_ip: '203.0.113.9' });

    const raw = await honest(messageId());
    const signed = await post({ raw_email: Buffer.from(raw).toString('base64') });
    expect(signed.authentication.dkim).toEqual([expect.objectContaining({ result: 'pass', domain: 'sender.test', provenance: 'verified' })]);
    expect(signed.authentication.spf).toMatchObject({ result: 'none', provenance: 'none', comment: 'no client address' });
    expect(signed.verdict).toBe('safe');
  });
});
