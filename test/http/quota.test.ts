import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DIALECTS } from '../support/dialects.js';
import { createHarness, SAMPLE_FIELDS, type Harness } from '../support/harness.js';

describe.each(DIALECTS)('quota and billing (%s)', (dialect) => {
  let h: Harness;
  beforeEach(async () => {
    // Rate limit raised so these tests exercise the quota only.
    h = await createHarness({ dialect, now: '2026-11-30T23:00:00.000Z', overrides: { rate_limit: { per_second: 100000, burst: 100000 } } });
  });
  afterEach(() => h.close());

  const analyze = (key: string) => h.call('POST', '/v1/analyze', key, SAMPLE_FIELDS);

  // docs/api.md: the X-Quota-* headers on every answer, errors included, for a valid key.
  it('answers the quota headers of the tenant after each analysis, on refusals and on other routes', async () => {
    const { key } = await h.tenantWithKey({ plan: 'discovery' });
    const quotaOf = (res: { headers: Record<string, unknown> }) => [res.headers['x-quota-used'], res.headers['x-quota-limit'], res.headers['x-quota-remaining']];
    expect(quotaOf(await analyze(key))).toEqual(['1', '100', '99']);
    expect(quotaOf(await analyze(key))).toEqual(['2', '100', '98']);
    const refused = await h.call('POST', '/v1/analyze', key, { ...SAMPLE_FIELDS, mail_from: 'not an address' });
    expect(refused.statusCode).toBe(400);
    expect(quotaOf(refused)).toEqual(['2', '100', '98']);
    expect(quotaOf(await h.call('GET', '/v1/usage', key))).toEqual(['2', '100', '98']);
    expect(quotaOf(await h.call('GET', '/v1/analyses?limit=1', key))).toEqual(['2', '100', '98']);
  });

  it('refuses the 101st Discovery analysis of the month with 429 quota_exceeded and Retry-After to the 1st', async () => {
    const { key } = await h.tenantWithKey({ plan: 'discovery' });
    for (let i = 1; i <= 100; i++) {
      const res = await analyze(key);
      expect(res.statusCode).toBe(200);
      expect(res.json().quota).toEqual({ used: i, limit: 100, remaining: 100 - i });
      expect(res.json().data.cost_eur).toBe(0);
    }
    const refused = await analyze(key);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('quota_exceeded');
    expect(refused.headers['retry-after']).toBe('3600');
    expect(refused.headers['x-quota-remaining']).toBe('0');
    expect((await h.call('GET', '/v1/analyses?limit=1', key)).json().data.total).toBe(100);

    // A new month (UTC) starts afresh without any job running.
    h.clock.set('2026-12-01T00:00:01.000Z');
    const next = await analyze(key);
    expect(next.statusCode).toBe(200);
    expect(next.json().quota).toEqual({ used: 1, limit: 100, remaining: 99 });
  });

  it('serves and bills analyses beyond a paid quota at the surplus price', async () => {
    const { key, tenantId } = await h.tenantWithKey({ plan: 'starter', quotaLimit: 2 });
    expect((await analyze(key)).json().data.cost_eur).toBe(0);
    expect((await analyze(key)).json().data.cost_eur).toBe(0);
    const third = await analyze(key);
    expect(third.statusCode).toBe(200);
    expect(third.json().data.cost_eur).toBe(0.01);
    expect(third.json().quota).toEqual({ used: 3, limit: 2, remaining: 0 });
    const usage = (await h.call('GET', '/v1/usage', key)).json().data;
    expect(usage).toMatchObject({ used: 3, limit: 2, percent: 150, last_24h_count: 3, last_24h_cost_eur: 0.01 });

    await h.services.tenants.update(tenantId, { hardLimit: true });
    const refused = await analyze(key);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('quota_exceeded');
  });

  it.each([
    ['growth', 0.008],
    ['scale', 0.005],
  ] as const)('bills %s surplus at %s EUR', async (plan, price) => {
    const { key } = await h.tenantWithKey({ plan, quotaLimit: 1 });
    await analyze(key);
    expect((await analyze(key)).json().data.cost_eur).toBe(price);
  });

  it('reports enterprise as unlimited: headers "unlimited", null in JSON', async () => {
    const { key } = await h.tenantWithKey({ plan: 'enterprise' });
    const res = await analyze(key);
    expect(res.json().quota).toEqual({ used: 1, limit: null, remaining: null });
    expect(res.headers['x-quota-limit']).toBe('unlimited');
    expect(res.headers['x-quota-remaining']).toBe('unlimited');
    expect((await h.call('GET', '/v1/usage', key)).json().data).toMatchObject({ plan_code: 'enterprise', plan_name: 'Enterprise', limit: null, percent: 0 });
  });

  it('caps enterprise at --quota-limit when one is set', async () => {
    const { key } = await h.tenantWithKey({ plan: 'enterprise', quotaLimit: 1 });
    expect((await analyze(key)).statusCode).toBe(200);
    expect((await analyze(key)).statusCode).toBe(429);
  });

  it('never charges test keys, even past the quota', async () => {
    const { tenantId } = await h.tenantWithKey({ plan: 'discovery', quotaLimit: 1 });
    const { key: test } = await h.tenantWithKey({ tenantId, mode: 'test' });
    for (let i = 0; i < 3; i++) {
      const res = await analyze(test);
      expect(res.statusCode).toBe(200);
      expect(res.json().data.cost_eur).toBe(0);
    }
  });

  it('does not overshoot the quota under concurrent requests', async () => {
    const { key } = await h.tenantWithKey({ plan: 'discovery', quotaLimit: 10 });
    const results = await Promise.all(Array.from({ length: 25 }, () => analyze(key)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(10);
    expect(results.filter((r) => r.statusCode === 429)).toHaveLength(15);
    expect((await h.call('GET', '/v1/usage', key)).json().data.used).toBe(10);
  });

  it('computes usage exactly as docs/api.md: percent floored, last 24 h only live', async () => {
    const { key, tenantId } = await h.tenantWithKey({ plan: 'discovery' });
    const { key: test } = await h.tenantWithKey({ tenantId, mode: 'test' });
    await analyze(key);
    h.clock.advance(2 * 60 * 60 * 1000); // into December: a new quota period, same 24-hour window
    await analyze(key);
    await analyze(test);
    const usage = (await h.call('GET', '/v1/usage', key)).json();
    expect(usage).toEqual({
      success: true,
      data: { plan_code: 'discovery', plan_name: 'Discovery', used: 1, limit: 100, percent: 1, last_24h_count: 2, last_24h_cost_eur: 0 },
    });
  });
});

describe.each(DIALECTS)('rate limit (%s)', (dialect) => {
  let h: Harness;
  beforeEach(async () => {
    h = await createHarness({ dialect });
  });
  afterEach(() => h.close());

  it('tolerates a burst of 30, then answers 429 rate_limited with Retry-After, and refills at 10/s', async () => {
    const { key } = await h.tenantWithKey();
    for (let i = 0; i < 30; i++) expect((await h.call('GET', '/v1/usage', key)).statusCode).toBe(200);
    const limited = await h.call('GET', '/v1/usage', key);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('rate_limited');
    expect(limited.headers['retry-after']).toBe('1');
    h.clock.advance(500); // 5 tokens
    for (let i = 0; i < 5; i++) expect((await h.call('GET', '/v1/usage', key)).statusCode).toBe(200);
    expect((await h.call('GET', '/v1/usage', key)).statusCode).toBe(429);
  });

  it('limits each key separately and honours a per-tenant rate', async () => {
    const a = await h.tenantWithKey();
    const b = await h.tenantWithKey({ tenantId: a.tenantId });
    for (let i = 0; i < 30; i++) await h.call('GET', '/v1/usage', a.key);
    expect((await h.call('GET', '/v1/usage', a.key)).statusCode).toBe(429);
    expect((await h.call('GET', '/v1/usage', b.key)).statusCode).toBe(200);

    const slow = await h.tenantWithKey();
    await h.services.tenants.update(slow.tenantId, { ratePerSecond: 0.5, rateBurst: 2 });
    expect((await h.call('GET', '/v1/usage', slow.key)).statusCode).toBe(200);
    expect((await h.call('GET', '/v1/usage', slow.key)).statusCode).toBe(200);
    const limited = await h.call('GET', '/v1/usage', slow.key);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe('2');
  });
});
