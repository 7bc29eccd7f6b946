/**
 * Issue 34 item 2: what is done through the REST API (releases, deletions, keys, allow/block list changes)
 * is in the audit log with the key that acted, in GET /v1/audit and on the console's Audit log page
 * (docs/console.md, "Audit log"). Real parts: the SMTP door quarantines the mail, the release goes to a real
 * SMTP sink, the API listens on a real socket (port 0) over a real SQLite file.
 */
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSmtpRelay, type Relay } from '../../src/smtp/index.js';
import { DIALECTS } from '../support/dialects.js';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink.js';
import { buildDoorApp, logger, startTestDoor, type TestDoor } from '../smtp/helpers/door.js';
import { seedQuarantined } from '../support/quarantine.js';
import { signIn } from '../console/support.js';

interface AuditItem {
  action: string;
  via: string;
  target_type: string;
  target_id: string;
  actor_key_id: string;
  actor_name: string;
  operator: boolean;
  detail: Record<string, string>;
}

describe.each(DIALECTS)('the audit log records REST API actions (%s)', (dialect) => {
  let sink: SmtpSink;
  let t: TestDoor;
  let relay: Relay;
  let app: FastifyInstance;
  let base: string;
  let admin: { key: string; keyId: string };
  let writer: { key: string; keyId: string };

  const api = async (method: string, path: string, key: string, body?: unknown) => {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, json: (await response.json()) as { success: boolean; data: any; error?: { code: string; message: string } } };
  };
  const audit = async (key: string, query = '') => (await api('GET', `/v1/audit${query}`, key)).json.data as { items: AuditItem[]; total: number };

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await startTestDoor({ dialect, relayPort: sink.port });
    relay = createSmtpRelay(t.config.smtp, logger);
    // The console at "/" (the default mount point), as `serve` mounts it.
    app = await buildDoorApp(t, relay, { console: { enabled: true, path: '/', signInPerMinute: 1000 } });
    await app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    admin = await t.h.tenantWithKey({ tenantId: t.acme, scopes: ['read', 'write', 'admin'] });
    writer = await t.h.tenantWithKey({ tenantId: t.acme, scopes: ['read', 'write'] });
    await t.block(t.acme, 'phisher@evil.test');
  });
  afterAll(async () => {
    await app?.close();
    await relay?.close();
    await t?.close();
    await sink?.close();
  });

  it('records key creation and revocation with the admin key that acted, never the secret', async () => {
    const created = await api('POST', '/v1/keys', admin.key, { name: 'dashboard', scopes: ['read'] });
    expect(created.status).toBe(200);
    t.h.clock.advance(1000);
    expect((await api('DELETE', `/v1/keys/${created.json.data.id}`, admin.key)).status).toBe(200);

    const log = await audit(admin.key, `?target_id=${created.json.data.id}`);
    expect(log.items).toEqual([
      expect.objectContaining({ action: 'key_revoke', via: 'api', target_type: 'api_key', target_id: created.json.data.id, actor_key_id: admin.keyId, operator: false }),
      expect.objectContaining({ action: 'key_create', via: 'api', target_type: 'api_key', target_id: created.json.data.id, actor_key_id: admin.keyId }),
    ]);
    expect(log.items[1]!.detail).toMatchObject({ name: 'dashboard', scopes: 'read', mode: 'live' });
    expect(log.items[1]!.actor_name).toMatch(/^test \(svc_live_/);
    expect(JSON.stringify(log)).not.toContain(created.json.data.key);
  });

  it('records allow and block list additions and removals; re-posting an existing entry changes nothing and is not recorded', async () => {
    const allowed = await api('POST', '/v1/whitelist', writer.key, { type: 'domain', value: 'partner.example', note: 'supplier' });
    expect(allowed.status).toBe(200);
    expect((await api('POST', '/v1/whitelist', writer.key, { type: 'domain', value: 'partner.example' })).json.data.id).toBe(allowed.json.data.id);
    t.h.clock.advance(1000);
    const blocked = await api('POST', '/v1/blocklist', writer.key, { type: 'email', value: 'Fraud@Scam.example' });
    t.h.clock.advance(1000);
    expect((await api('DELETE', `/v1/whitelist/${allowed.json.data.id}`, writer.key)).status).toBe(200);
    t.h.clock.advance(1000);
    expect((await api('DELETE', `/v1/blocklist/${blocked.json.data.id}`, writer.key)).status).toBe(200);
    // A refused removal changed nothing: not recorded.
    expect((await api('DELETE', '/v1/blocklist/bl_nope', writer.key)).status).toBe(404);

    const entries = (await audit(admin.key, '?via=api')).items.filter((e) => e.target_type === 'list_entry');
    expect(entries.map((e) => [e.action, e.target_id, e.actor_key_id])).toEqual([
      ['list_remove', blocked.json.data.id, writer.keyId],
      ['list_remove', allowed.json.data.id, writer.keyId],
      ['block_add', blocked.json.data.id, writer.keyId],
      ['allow_add', allowed.json.data.id, writer.keyId],
    ]);
    expect(entries[3]!.detail).toMatchObject({ type: 'domain', value: 'partner.example', note: 'supplier' });
    expect(entries[2]!.detail).toMatchObject({ type: 'email', value: 'fraud@scam.example' });
    expect(entries[0]!.detail).toEqual({ list: 'block' });
  });

  it('records a release and a deletion of quarantined mail, with subject and sender', async () => {
    const held = await seedQuarantined(t.port, { to: ['bob@acme.test'], subject: 'Verify your account (release me)' });
    const doomed = await seedQuarantined(t.port, { to: ['bob@acme.test'], subject: 'Verify your account (delete me)' });
    t.h.clock.advance(1000);
    const released = await api('POST', `/v1/quarantine/${held.id}/release`, writer.key);
    expect(released.status).toBe(200);
    t.h.clock.advance(1000);
    expect((await api('DELETE', `/v1/quarantine/${doomed.id}`, writer.key)).status).toBe(200);

    const [deletion, release] = (await audit(admin.key)).items.filter((e) => e.target_type === 'quarantine');
    expect(deletion).toMatchObject({ action: 'delete', via: 'api', target_id: doomed.id, actor_key_id: writer.keyId, detail: { subject: 'Verify your account (delete me)', from: expect.stringContaining('phisher@evil.test') } });
    expect(release).toMatchObject({ action: 'release', via: 'api', target_id: held.id, actor_key_id: writer.keyId, detail: { subject: 'Verify your account (release me)', feedback: 'ham', reply: expect.stringMatching(/^250 /) } });
  });

  it('shows the API actions on the console Audit log page, marked as REST API, and filters by where', async () => {
    const client = await signIn({ app }, admin.key);
    const page = await client.get('/audit?via=api');
    expect(page.statusCode).toBe(200);
    for (const action of ['key_create', 'key_revoke', 'allow_add', 'block_add', 'list_remove', 'release', 'delete']) expect(page.body).toContain(`<td>${action}</td>`);
    expect(page.body).toContain('<td>REST API</td>');
    // The sign-in just made is a console action: not under "REST API", but under "anywhere".
    expect(page.body).not.toContain('<td>sign_in</td>');
    expect((await client.get('/audit')).body).toContain('<td>sign_in</td>');
  });

  it('keeps another tenant and the test namespace apart', async () => {
    const beta = await t.h.tenantWithKey({ tenantId: t.beta, scopes: ['read', 'write', 'admin'] });
    const sandbox = await t.h.tenantWithKey({ tenantId: t.acme, scopes: ['read', 'write', 'admin'], mode: 'test' });
    expect((await audit(beta.key)).total).toBe(0);
    expect((await audit(sandbox.key)).total).toBe(0);
    await api('POST', '/v1/blocklist', sandbox.key, { type: 'domain', value: 'sandbox-only.example' });
    expect((await audit(sandbox.key)).items.map((e) => e.action)).toEqual(['block_add']);
    expect((await audit(admin.key)).items.some((e) => e.detail.value === 'sandbox-only.example')).toBe(false);
  });
});
