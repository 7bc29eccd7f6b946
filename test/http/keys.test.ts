import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DIALECTS } from '../support/dialects.js';
import { createHarness, SAMPLE_FIELDS, type Harness } from '../support/harness.js';

describe.each(DIALECTS)('/v1/keys (%s)', (dialect) => {
  let h: Harness;
  beforeEach(async () => {
    h = await createHarness({ dialect });
  });
  afterEach(() => h.close());

  it('creates a key shown once, lists it without the secret, and revokes it', async () => {
    const { key: admin } = await h.tenantWithKey();
    const created = await h.call('POST', '/v1/keys', admin, { name: 'dashboard', scopes: ['read'] });
    expect(created.statusCode).toBe(200);
    const data = created.json().data;
    expect(data).toMatchObject({ name: 'dashboard', scopes: ['read'], mode: 'live', revoked_at: null });
    expect(data.key).toMatch(/^svc_live_[0-9A-Za-z]{40}$/);
    expect(data.prefix).toBe(data.key.slice(0, 13));

    const listed = (await h.call('GET', '/v1/keys', admin)).json().data.items;
    expect(listed).toHaveLength(2);
    expect(JSON.stringify(listed)).not.toContain(data.key);

    expect((await h.call('GET', '/v1/usage', data.key)).statusCode).toBe(200);
    expect((await h.call('POST', '/v1/analyze', data.key, SAMPLE_FIELDS)).statusCode).toBe(403);
    const revoked = await h.call('DELETE', `/v1/keys/${data.id}`, admin);
    expect(revoked.json().data.revoked_at).toEqual(expect.any(String));
    expect((await h.call('GET', '/v1/usage', data.key)).statusCode).toBe(401);
  });

  it('never grants scopes the creator lacks', async () => {
    const { key: limitedAdmin, tenantId } = await h.tenantWithKey({ scopes: ['admin'] });
    expect((await h.call('POST', '/v1/keys', limitedAdmin, { name: 'x', scopes: ['write'] })).statusCode).toBe(200);
    const { key: readAdmin } = await h.tenantWithKey({ tenantId, scopes: ['read'] });
    expect((await h.call('POST', '/v1/keys', readAdmin, { name: 'x' })).statusCode).toBe(403);
  });

  it('lets a live key mint test keys but not the reverse; a test key sees test keys only', async () => {
    const { key: live, tenantId } = await h.tenantWithKey();
    const test = (await h.call('POST', '/v1/keys', live, { name: 'sandbox', mode: 'test' })).json().data;
    expect(test.key).toMatch(/^svc_test_/);
    const refused = await h.call('POST', '/v1/keys', test.key, { name: 'escalate', mode: 'live' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toMatch(/mode/);
    const seen = (await h.call('GET', '/v1/keys', test.key)).json().data.items;
    expect(seen.map((k: { mode: string }) => k.mode)).toEqual(['test']);
    const liveKeyId = (await h.services.keys.list(tenantId, 'live'))[0]!.id;
    expect((await h.call('DELETE', `/v1/keys/${liveKeyId}`, test.key)).statusCode).toBe(404);
  });

  it("cannot revoke another tenant's key", async () => {
    const a = await h.tenantWithKey();
    const b = await h.tenantWithKey();
    expect((await h.call('DELETE', `/v1/keys/${b.keyId}`, a.key)).statusCode).toBe(404);
    expect((await h.call('GET', '/v1/usage', b.key)).statusCode).toBe(200);
  });

  it('validates the body', async () => {
    const { key } = await h.tenantWithKey();
    for (const [body, message] of [
      [{}, /name is required/],
      [{ name: 'x', scopes: ['root'] }, /scopes\.0: must be one of read, write, admin/],
      [{ name: 'x', scopes: [] }, /scopes/],
      [{ name: 'x', mode: 'prod' }, /mode: must be one of live, test/],
    ] as const) {
      const res = await h.call('POST', '/v1/keys', key, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toMatch(message);
    }
  });
});
