/**
 * Rate limits cannot be escaped by minting keys (docs/security.md "Rate limits"): a bucket per tenant
 * beside the per-key ones, and a cap on the keys a tenant may hold. Through the REST API; the harness
 * clock does not move, so buckets do not refill during the test.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { DIALECTS } from '../support/dialects.js';
import { createHarness, type Harness } from '../support/harness.js';

describe.each(DIALECTS)('rate limits per tenant (%s)', (dialect) => {
  let h: Harness;
  afterEach(() => h?.close());

  it('ten fresh keys of one tenant share the tenant bucket', async () => {
    h = await createHarness({ dialect, overrides: { rate_limit: { per_second: 1, burst: 2, per_tenant: { per_second: 1, burst: 4 } } } });
    const { tenantId, key } = await h.tenantWithKey();
    const keys = [key];
    for (let i = 0; i < 9; i++) keys.push((await h.tenantWithKey({ tenantId })).key);
    const statuses: number[] = [];
    for (const k of keys) statuses.push((await h.call('GET', '/v1/usage', k)).statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(4);
    const refused = await h.call('GET', '/v1/usage', keys[9]);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toMatch(/Tenant rate limit/);
    expect(refused.headers['retry-after']).toBeDefined();
    // Another tenant is not affected.
    const other = await h.tenantWithKey();
    expect((await h.call('GET', '/v1/usage', other.key)).statusCode).toBe(200);
  });

  it('per_tenant: null keeps only the per-key buckets', async () => {
    h = await createHarness({ dialect, overrides: { rate_limit: { per_second: 1, burst: 2, per_tenant: null } } });
    const { tenantId, key } = await h.tenantWithKey();
    const second = (await h.tenantWithKey({ tenantId })).key;
    const third = (await h.tenantWithKey({ tenantId })).key;
    for (const k of [key, key, second, second, third, third]) expect((await h.call('GET', '/v1/usage', k)).statusCode).toBe(200);
    expect((await h.call('GET', '/v1/usage', key)).statusCode).toBe(429);
  });

  it('caps the active keys of a tenant; a revoked key frees its place', async () => {
    h = await createHarness({ dialect, overrides: { rate_limit: { max_active_keys_per_tenant: 3 } } });
    const { key } = await h.tenantWithKey();
    const created: string[] = [];
    for (let i = 0; i < 2; i++) {
      const res = await h.call('POST', '/v1/keys', key, { name: `k${i}` });
      expect(res.statusCode, res.body).toBe(200);
      created.push(res.json().data.id);
    }
    const over = await h.call('POST', '/v1/keys', key, { name: 'one too many' });
    expect(over.statusCode).toBe(400);
    expect(over.json().error.message).toMatch(/at most 3 active API keys per tenant/);
    expect((await h.call('DELETE', `/v1/keys/${created[0]}`, key)).statusCode).toBe(200);
    expect((await h.call('POST', '/v1/keys', key, { name: 'replacement' })).statusCode).toBe(200);
  });
});
