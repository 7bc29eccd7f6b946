import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTransport } from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink.js';
import { byId, mail, startTestDoor } from './helpers/door.js';

function opensslMissing(): boolean {
  try {
    execFileSync('openssl', ['version'], { stdio: 'ignore' });
    return false;
  } catch {
    return true;
  }
}
const skip = opensslMissing();
if (skip) console.warn('STARTTLS test skipped: the openssl command (to make a throwaway certificate) is not installed');

describe.skipIf(skip)('SMTP door with STARTTLS', () => {
  let dir: string;
  let sink: SmtpSink;
  const files = { key_file: '', cert_file: '' };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'phishgate-tls-'));
    files.key_file = join(dir, 'key.pem');
    files.cert_file = join(dir, 'cert.pem');
    execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-subj', '/CN=localhost', '-days', '1', '-keyout', files.key_file, '-out', files.cert_file], { stdio: 'ignore' });
    sink = await startSmtpSink();
  });
  afterAll(async () => {
    await sink?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('offers STARTTLS with the configured certificate and takes mail over it', async () => {
    const t = await startTestDoor({ dialect: 'sqlite', relayPort: sink.port, smtp: { tls: files } });
    try {
      const m = mail();
      const transport = createTransport({ host: '127.0.0.1', port: t.port, requireTLS: true, tls: { rejectUnauthorized: false } });
      const info = await transport.sendMail({ envelope: { from: 'alice@sender.test', to: ['bob@acme.test'] }, raw: m.raw });
      transport.close();
      expect(info.response).toMatch(/^250 /);
      await sink.waitFor(byId(m.id));
    } finally {
      await t.close();
    }
  });

  it('stops start-up when only one of key_file and cert_file is set', async () => {
    await expect(startTestDoor({ dialect: 'sqlite', relayPort: sink.port, smtp: { tls: { key_file: files.key_file, cert_file: null } } })).rejects.toThrow(/smtp\.tls/);
  });
});
