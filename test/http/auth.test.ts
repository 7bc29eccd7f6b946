import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DIALECTS } from '../support/dialects.js';
import { createHarness, SAMPLE_FIELDS, type Harness } from '../support/harness.js';

describe.each(DIALECTS)('authentication and scopes (%s)', (dialect) => {
  let h: Harness;
  beforeEach(async () => {
    h = await createHarness({ dialect });
  });
  afterEach(() => h.close());

  it('refuses a request without Authorization: 401 missing_authorization, quota headers at 0', async () => {
    const res = await h.call('GET', '/v1/usage');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ success: false, error: { code: 'missing_authorization', message: expect.stringContaining('Bearer') } });
    expect(res.headers['x-quota-used']).toBe('0');
    expect(res.headers['x-quota-limit']).toBe('0');
    expect(res.headers['x-quota-remaining']).toBe('0');
  });

  it('refuses another scheme with missing_authorization and a hint', async () => {
    const { key } = await h.tenantWithKey();
    const res = await h.app.inject({ method: 'GET', url: '/v1/usage', headers: { authorization: `Basic ${key}` } });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toEqual({ code: 'missing_authorization', message: expect.stringContaining('Bearer scheme') });
  });

  it('refuses unknown, malformed and revoked keys with invalid_api_key', async () => {
    const { key, keyId } = await h.tenantWithKey();
    for (const bad of ['svc_live_' + 'A'.repeat(40), 'not-a-key', key.slice(0, -1) + (key.endsWith('a') ? 'b' : 'a')]) {
      const res = await h.call('GET', '/v1/usage', bad);
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe('invalid_api_key');
    }
    expect((await h.call('GET', '/v1/usage', key)).statusCode).toBe(200);
    await h.services.keys.revoke(keyId);
    const revoked = await h.call('GET', '/v1/usage', key);
    expect(revoked.statusCode).toBe(401);
    expect(revoked.json().error).toEqual({ code: 'invalid_api_key', message: expect.stringContaining('revoked') });
  });

  it('enforces the scope of each route and names the missing scope', async () => {
    const { key: readOnly } = await h.tenantWithKey({ scopes: ['read'] });
    const { key: writeOnly } = await h.tenantWithKey({ scopes: ['write'] });
    const cases: Array<[string, string, string | undefined, unknown, string]> = [
      ['POST', '/v1/analyze', readOnly, SAMPLE_FIELDS, 'write'],
      ['POST', '/v1/whitelist', readOnly, { type: 'domain', value: 'a.example' }, 'write'],
      ['DELETE', '/v1/blocklist/bl_x', readOnly, undefined, 'write'],
      ['GET', '/v1/analyses', writeOnly, undefined, 'read'],
      ['GET', '/v1/usage', writeOnly, undefined, 'read'],
      ['GET', '/v1/keys', readOnly, undefined, 'admin'],
      ['POST', '/v1/keys', writeOnly, { name: 'x' }, 'admin'],
    ];
    for (const [method, url, key, body, scope] of cases) {
      const res = await h.call(method as 'GET', url, key, body);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().error).toEqual({ code: 'scope_required', message: expect.stringContaining(`"${scope}"`) });
    }
    expect((await h.call('POST', '/v1/analyze', writeOnly, SAMPLE_FIELDS)).statusCode).toBe(200);
    expect((await h.call('GET', '/v1/analyses', readOnly)).statusCode).toBe(200);
  });

  it('lets an admin key pass every scope check', async () => {
    const { key } = await h.tenantWithKey({ scopes: ['admin'] });
    expect((await h.call('POST', '/v1/analyze', key, SAMPLE_FIELDS)).statusCode).toBe(200);
    expect((await h.call('GET', '/v1/analyses', key)).statusCode).toBe(200);
    expect((await h.call('GET', '/v1/keys', key)).statusCode).toBe(200);
  });

  it('answers unknown routes with 404 not_found in the envelope, key or not', async () => {
    const { key } = await h.tenantWithKey();
    for (const k of [undefined, key]) {
      const res = await h.call('GET', '/v1/nothing-here', k);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ success: false, error: { code: 'not_found', message: expect.any(String) } });
      expect(res.headers['x-quota-used']).toBeDefined();
    }
  });

  it('keeps test and live namespaces apart: analyses and lists', async () => {
    const { tenantId, key: live } = await h.tenantWithKey();
    const { key: test } = await h.tenantWithKey({ tenantId, mode: 'test' });
    expect(test.startsWith('svc_test_')).toBe(true);
    const analysed = (await h.call('POST', '/v1/analyze', test, SAMPLE_FIELDS)).json();
    expect(analysed.data.livemode).toBe(false);
    expect(analysed.data.cost_eur).toBe(0);
    expect(analysed.quota.used).toBe(0);
    const id = analysed.data.analysis_id;
    expect((await h.call('GET', `/v1/analyses/${id}`, test)).statusCode).toBe(200);
    expect((await h.call('GET', `/v1/analyses/${id}`, live)).statusCode).toBe(404);
    expect((await h.call('GET', '/v1/analyses', live)).json().data.total).toBe(0);

    const liveId = (await h.call('POST', '/v1/analyze', live, SAMPLE_FIELDS)).json().data.analysis_id;
    expect((await h.call('GET', `/v1/analyses/${liveId}`, test)).statusCode).toBe(404);

    await h.call('POST', '/v1/blocklist', test, { type: 'domain', value: 'vendor.example' });
    expect((await h.call('GET', '/v1/blocklist', live)).json().data.total).toBe(0);
    expect((await h.call('POST', '/v1/analyze', live, SAMPLE_FIELDS)).json().data.verdict).toBe('safe');
    expect((await h.call('POST', '/v1/analyze', test, SAMPLE_FIELDS)).json().data.verdict).toBe('phishing');
  });

  it("never shows one tenant's analysis to another", async () => {
    const a = await h.tenantWithKey();
    const b = await h.tenantWithKey();
    const id = (await h.call('POST', '/v1/analyze', a.key, SAMPLE_FIELDS)).json().data.analysis_id;
    const res = await h.call('GET', `/v1/analyses/${id}`, b.key);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('not_found');
  });

  it('serves the OpenAPI document without a key', async () => {
    const res = await h.call('GET', '/v1/openapi.json');
    expect(res.statusCode).toBe(200);
    expect(res.json().openapi).toBe('3.1.0');
  });
});
