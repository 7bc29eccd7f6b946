/**
 * The first run as a new admin does it (docs/getting-started.md): `phishgate init` through the real
 * entry point on a real SQLite file, then `serve` with the written configuration filtering mail through
 * the SMTP door; and the same server without that configuration, which must say what is missing.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/loader.js';
import { planError } from '../../src/milter/decision-mapper.js';
import { NO_TENANT_REPLY } from '../../src/services/gateway/gateway.js';
import { runPhishgate } from '../support/cli.js';
import { startServeProcess } from '../support/serve-process.js';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink.js';
import { RawSmtp } from '../smtp/helpers/raw-smtp.js';

const MESSAGE = Buffer.from('From: Alice <alice@sender.example>\r\nTo: bob@example.com\r\nSubject: lunch\r\nMessage-ID: <1@sender.example>\r\n\r\nSee you at noon.\r\n');

async function sendOne(port: number): Promise<string> {
  const { client } = await RawSmtp.connect(port);
  try {
    await client.command('EHLO client.example');
    await client.command('MAIL FROM:<alice@sender.example>');
    await client.command('RCPT TO:<bob@example.com>');
    return await client.data(MESSAGE);
  } finally {
    client.destroy();
  }
}

// Each case starts the real entry point under tsx (several seconds apiece on a loaded machine): a hang guard, not a speed check.
describe('phishgate init and the first serve', { timeout: 180_000 }, () => {
  let dir: string;
  let sink: SmtpSink;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'phishgate-init-'));
    sink = await startSmtpSink();
  });
  afterAll(async () => {
    await sink.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('creates database, tenant, admin key and config once; a second run reuses them and prints no key', async () => {
    const env = { PHISHGATE_DB: join(dir, 'once.db') };
    const configPath = join(dir, 'once.yaml');
    const first = await runPhishgate(['init', '--config', configPath, '--tenant-name', 'Example Ltd', '--domain', 'Example.COM', '--relay', '127.0.0.1:2525'], env);
    expect(first.code, first.stderr).toBe(0);
    const made = JSON.parse(first.stdout);
    expect(made).toMatchObject({ config: { path: configPath, written: true }, tenant: { name: 'Example Ltd', plan_code: 'enterprise', created: true }, key: { scopes: ['read', 'write', 'admin'], mode: 'live' } });
    expect(made.key.key).toMatch(/^svc_live_/);
    expect(made.doors).toEqual({ http: '127.0.0.1:8080', smtp: '127.0.0.1:10025', relay: '127.0.0.1:2525', milter: '127.0.0.1:8891' });

    const config = loadConfig({ env: { PHISHGATE_CONFIG: configPath } });
    expect(config.gateway.default_tenant).toBe(made.tenant.id);
    expect(config.gateway.domains).toEqual({ 'example.com': made.tenant.id });
    expect(config.smtp.relay).toBe('127.0.0.1:2525');

    const again = await runPhishgate(['init', '--config', configPath], env);
    expect(again.code, again.stderr).toBe(0);
    const second = JSON.parse(again.stdout);
    expect(second.tenant).toMatchObject({ id: made.tenant.id, created: false });
    expect(second.key).toBeNull();
    expect(second.config.written).toBe(false);
    expect(again.stderr).toMatch(/--new-key/);
    const tenants = JSON.parse((await runPhishgate(['tenant', 'list'], env)).stdout);
    expect(tenants.map((t: { id: string }) => t.id)).toEqual([made.tenant.id]);
    // The secret is printed, never written: only its hash is in the database file.
    expect(readFileSync(configPath, 'utf8')).not.toContain(made.key.key);
    expect(readFileSync(env.PHISHGATE_DB).includes(Buffer.from(made.key.key))).toBe(false);
  });

  it('refuses bad flags with a message naming them, exit 2', async () => {
    const bad = await runPhishgate(['init', '--config', join(dir, 'bad.yaml'), '--smtp-port', '-1'], { PHISHGATE_DB: join(dir, 'bad.db') });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--smtp-port must be a port number 0-65535, got "-1"/);
  });

  it('serve with the written configuration says which doors listen, warns of nothing and filters mail', async () => {
    const env = { PHISHGATE_DB: join(dir, 'serve.db'), PHISHGATE_CONFIG: join(dir, 'serve.yaml') };
    const init = await runPhishgate(['init', '--relay', `127.0.0.1:${sink.port}`, '--no-milter'], env);
    expect(init.code, init.stderr).toBe(0);
    const { key, tenant } = JSON.parse(init.stdout);

    const server = await startServeProcess(env);
    try {
      expect(server.logs()).toMatch(/"doors":"REST API http:\/\/127\.0\.0\.1:\d+, SMTP filter 127\.0\.0\.1:\d+, milter off"/);
      const reply = await sendOne(Number(server.addresses.smtp!.split(':').pop()));
      expect(reply).toMatch(/^250 /);
      const relayed = await sink.waitFor((m) => m.raw.includes('lunch'));
      expect(relayed.raw.toString()).toMatch(/X-Phishgate-Verdict: safe/);
      const res = await fetch(`http://${server.addresses.http}/v1/analyses?source=smtp`, { headers: { authorization: `Bearer ${key.key}` } });
      expect(res.status).toBe(200);
      expect(((await res.json()) as { data: { total: number } }).data.total).toBe(1);
      expect(tenant.created).toBe(true);
    } finally {
      await server.stop();
    }
    expect(server.logs()).not.toMatch(/no tenant can receive mail/);
    expect(server.logs()).not.toContain(key.key);
  });

  it('serve without a tenant for mail warns once naming gateway.default_tenant, and the door defers with that text', async () => {
    const env = { PHISHGATE_DB: join(dir, 'fresh.db'), PHISHGATE_RELAY: `127.0.0.1:${sink.port}`, PHISHGATE_CONFIG: '' };
    const server = await startServeProcess(env);
    let reply: string;
    try {
      reply = await sendOne(Number(server.addresses.smtp!.split(':').pop()));
    } finally {
      await server.stop();
    }
    const warnings = server.logs().split('\n').filter((l) => l.includes('no tenant can receive mail'));
    expect(warnings).toHaveLength(1);
    expect(JSON.parse(warnings[0]!)).toMatchObject({ level: 40, setting: 'gateway.default_tenant' });
    expect(warnings[0]).toMatch(/gateway\.default_tenant/);
    expect(reply).toBe(`451 4.3.0 ${NO_TENANT_REPLY}`);
    expect(reply).not.toMatch(/tn_|Error|stack/);
  });

  it('names a configured tenant that does not exist', async () => {
    const env = { PHISHGATE_DB: join(dir, 'ghost.db'), PHISHGATE_CONFIG: join(dir, 'ghost.yaml') };
    const { writeFileSync } = await import('node:fs');
    writeFileSync(env.PHISHGATE_CONFIG, 'gateway:\n  default_tenant: tn_ghost\nmilter:\n  enabled: false\n');
    const server = await startServeProcess(env);
    await server.stop();
    expect(server.logs()).toMatch(/gateway\.default_tenant → \\?"tn_ghost\\?" will be deferred \(451\): no such tenant/);
  });

  it('the milter names the configuration problem in its tempfail, internal errors stay generic', () => {
    const ctx = { quarantineMode: 'hold' as const, canAddHeaders: true, canChangeHeaders: true, canQuarantine: true, leadingSpace: false, forgedHeaders: [] };
    expect(planError('tempfail', ctx, NO_TENANT_REPLY).replies).toEqual([{ kind: 'replycode', text: `451 4.3.0 ${NO_TENANT_REPLY}` }]);
    expect(planError('tempfail', ctx).replies).toEqual([{ kind: 'replycode', text: '451 4.3.0 Temporary failure in message analysis, try again later' }]);
  });
});
