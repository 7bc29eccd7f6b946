import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli } from '../support/cli.js';
import { startServeProcess } from '../support/serve-process.js';
import { headerValues, startSmtpSink, type SmtpSink } from '../support/smtp-sink.js';
import { byId, mail, sendRaw } from './helpers/door.js';

describe('phishgate serve with the SMTP door', () => {
  let dir: string;
  let sink: SmtpSink;
  let env: NodeJS.ProcessEnv;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'phishgate-serve-smtp-'));
    sink = await startSmtpSink();
    env = { PHISHGATE_DB: join(dir, 'phishgate.db'), PHISHGATE_CONFIG: join(dir, 'phishgate.yaml'), PHISHGATE_RELAY: `127.0.0.1:${sink.port}` };
    writeFileSync(env.PHISHGATE_CONFIG!, '{}');
    const tenant = JSON.parse((await cli(['tenant', 'create', '--name', 'acme', '--plan', 'starter'], env)).stdout).id as string;
    writeFileSync(env.PHISHGATE_CONFIG!, JSON.stringify({ gateway: { default_tenant: tenant } }));
  });
  afterAll(async () => {
    await sink?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('listens on the logged address, relays tagged mail, and exits 0 on SIGTERM without logging message contents', async () => {
    const server = await startServeProcess(env);
    expect(server.addresses.smtp).toMatch(/^127\.0\.0\.1:\d+$/);
    const port = Number(server.addresses.smtp!.split(':')[1]);
    const m = mail({ subject: 'A very private subject', body: 'A very private body.\r\n' });
    expect((await sendRaw(port, { from: 'alice@sender.test', to: ['bob@acme.test'] }, m.raw)).code).toBe(250);
    const got = await sink.waitFor(byId(m.id));
    expect(headerValues(got.raw, 'X-Phishgate-Verdict')[0]).toMatch(/^(safe|suspicious|phishing)$/);
    expect(headerValues(got.raw, 'X-Phishgate-Analysis-Id')[0]).toMatch(/^an_/);
    const ready = (await (await fetch(`http://${server.addresses.http}/readyz`)).json()) as { checks: Record<string, unknown> };
    expect(Object.keys(ready.checks)).toContain('smtp');
    const metrics = await (await fetch(`http://${server.addresses.http}/metrics`)).text();
    expect(metrics).toMatch(/phishgate_smtp_messages_total\{outcome="relayed"\} 1/);
    expect(metrics).toMatch(/phishgate_smtp_sessions_total \d+/);
    expect(await server.stop('SIGTERM')).toBe(0);
    expect(server.logs()).toContain('smtp: message relayed');
    expect(server.logs()).not.toContain('very private');
  });

  it('does not listen for SMTP when smtp.enabled is false', async () => {
    const config = join(dir, 'off.yaml');
    writeFileSync(config, JSON.stringify({ smtp: { enabled: false } }));
    const server = await startServeProcess({ ...env, PHISHGATE_CONFIG: config });
    expect(server.addresses.smtp).toBeUndefined();
    expect(await server.stop('SIGTERM')).toBe(0);
  });
});
