import { Migrator } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrationProvider } from '../../src/store/migrations/index.js';
import { openStore } from '../../src/store/database.js';
import { DIALECTS, createPostgresDatabase } from '../support/dialects.js';
import { createHarness, type Harness } from '../support/harness.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

describe.each(DIALECTS)('per-recipient allow and block entries (%s)', (dialect) => {
  let h: Harness;
  let key: string;
  beforeEach(async () => {
    h = await createHarness({ dialect, overrides: { rate_limit: { per_second: 1000, burst: 1000 } } });
    key = (await h.tenantWithKey()).key;
  });
  afterEach(() => h.close());

  const add = async (path: string, body: Record<string, unknown>) => {
    const res = await h.call('POST', path, key, body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };
  const judge = async (to: string, from = 'billing@partner.example', headers?: Record<string, string>) => {
    const data = (await h.call('POST', '/v1/analyze', key, { subject: 'Invoice', from, to, body_text: 'Please find the invoice for March attached.', ...(headers && { headers }) })).json().data;
    return { verdict: data.verdict as string, reasons: data.reasons as string[] };
  };

  it('stores entries per recipient, idempotent per recipient, listed and filtered', async () => {
    const bob = await add('/v1/whitelist', { type: 'domain', value: 'partner.example', recipient: ' Bob@ACME.test ' });
    expect(bob).toMatchObject({ type: 'domain', value: 'partner.example', recipient: 'bob@acme.test' });
    expect((await add('/v1/whitelist', { type: 'domain', value: 'partner.example', recipient: 'bob@acme.test' })).id).toBe(bob.id);
    const carol = await add('/v1/whitelist', { type: 'domain', value: 'partner.example', recipient: 'carol@acme.test' });
    const tenant = await add('/v1/whitelist', { type: 'domain', value: 'partner.example' });
    expect(new Set([bob.id, carol.id, tenant.id]).size).toBe(3);
    expect(tenant.recipient).toBeNull();

    const list = async (query = '') => (await h.call('GET', `/v1/whitelist${query}`, key)).json().data;
    expect((await list()).total).toBe(3);
    expect((await list('?recipient=BOB@acme.test')).items.map((e: { id: string }) => e.id)).toEqual([bob.id]);
    expect((await list('?scope=tenant')).items.map((e: { id: string }) => e.id)).toEqual([tenant.id]);
    expect((await list('?scope=recipients')).total).toBe(2);
    expect((await h.call('GET', '/v1/whitelist?recipient=nobody', key)).statusCode).toBe(400);

    const bad = await h.call('POST', '/v1/blocklist', key, { type: 'email', value: 'x@evil.example', recipient: 'not an address' });
    expect([bad.statusCode, bad.json().error.message]).toEqual([400, 'recipient: "not an address" is not a valid email address']);
    expect((await h.call('DELETE', `/v1/whitelist/${bob.id}`, key)).statusCode).toBe(200);
    expect((await list('?scope=recipients')).total).toBe(1);
  });

  it("applies a recipient's entries before the tenant-wide ones, for that recipient only", async () => {
    await add('/v1/blocklist', { type: 'domain', value: 'partner.example' });
    await add('/v1/whitelist', { type: 'domain', value: 'partner.example', recipient: 'bob@acme.test' });
    const bob = await judge('bob@acme.test');
    expect(bob.verdict).toBe('safe');
    expect(bob.reasons[0]).toBe('Sender billing@partner.example is on the allow list: domain partner.example (entry of bob@acme.test)');
    expect((await judge('carol@acme.test')).verdict).toBe('phishing');
  });

  it('decides by recipient entries only when every recipient of the message agrees', async () => {
    await add('/v1/blocklist', { type: 'email', value: 'billing@partner.example', recipient: 'bob@acme.test' });
    expect((await judge('bob@acme.test')).verdict).toBe('phishing');
    // Carol has no entry: the message to both follows the tenant-wide lists (none here).
    expect((await judge('bob@acme.test, carol@acme.test')).reasons.join(' ')).not.toMatch(/block list/);
    await add('/v1/blocklist', { type: 'domain', value: 'partner.example', recipient: 'carol@acme.test' });
    const both = await judge('bob@acme.test, carol@acme.test');
    expect(both.verdict).toBe('phishing');
    expect(both.reasons[0]).toMatch(/is on the block list: email billing@partner\.example \(entries of bob@acme\.test, carol@acme\.test\)$/);
    // Bob's entries do not reach another tenant.
    const other = await h.tenantWithKey();
    const foreign = (await h.call('POST', '/v1/analyze', other.key, { subject: 'Invoice', from: 'billing@partner.example', to: 'bob@acme.test', body_text: 'Please find the invoice for March attached.' })).json().data;
    expect(foreign.reasons.join(' ')).not.toMatch(/block list/);
  });

  it("ignores a recipient's allow entry when the sender fails authentication", async () => {
    await add('/v1/whitelist', { type: 'domain', value: 'partner.example', recipient: 'bob@acme.test' });
    const spoofed = await judge('bob@acme.test', 'billing@partner.example', { dmarc: 'fail' });
    expect(spoofed.reasons).toContain('Allow-list entry domain partner.example ignored: DMARC failed for partner.example (entry of bob@acme.test)');
    expect(spoofed.reasons.join(' ')).not.toMatch(/is on the allow list/);
  });
});

describe.each(DIALECTS)('upgrading list entries to per-recipient ones (%s)', (dialect) => {
  it('keeps every existing entry as a tenant-wide one', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'phishgate-migrate-'));
    const pg = dialect === 'postgres' ? await createPostgresDatabase() : null;
    const store = openStore(pg?.url ?? join(dir, 'db.sqlite'));
    try {
      const migrator = new Migrator({ db: store.db, provider: migrationProvider, allowUnorderedMigrations: true });
      const before = await migrator.migrateTo('2026-11-24-16-feedback');
      expect(before.error).toBeUndefined();
      await store.db.insertInto('tenants').values({ id: 'tn_1', name: 'a', plan_code: 'starter', hard_limit: 0, quota_limit: null, rate_per_second: null, rate_burst: null, created_at: 'x', updated_at: 'x' }).execute();
      const old = { id: 'bl_1', tenant_id: 'tn_1', livemode: 1, list: 'block', type: 'domain', value: 'evil.example', note: 'n', created_at: '2026-01-01T00:00:00.000Z', expires_at: null };
      await (store.db as any).insertInto('list_entries').values(old).execute();
      const after = await migrator.migrateToLatest();
      expect(after.error).toBeUndefined();
      expect(await store.db.selectFrom('list_entries').selectAll().execute()).toEqual([{ ...old, recipient: '' }]);
      // The new uniqueness admits the same value once per recipient, still once tenant-wide.
      await store.db.insertInto('list_entries').values({ ...old, id: 'bl_2', recipient: 'bob@acme.test' }).execute();
      await expect(store.db.insertInto('list_entries').values({ ...old, id: 'bl_3', recipient: '' }).execute()).rejects.toThrow();
    } finally {
      await store.close();
      await pg?.drop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
