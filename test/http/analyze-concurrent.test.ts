import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DIALECTS } from '../support/dialects.js';
import { createHarness, SAMPLE_FIELDS, type Harness } from '../support/harness.js';

/**
 * Analyses answered together share transactions (store/group-commit.ts); on PostgreSQL a failing one rolls
 * its group back and the others run again. Whatever the grouping, every answered analysis is stored once,
 * with its webhook events once, and the quota counts each exactly.
 */
describe.each(DIALECTS)('concurrent POST /v1/analyze (%s)', (dialect) => {
  let h: Harness;
  beforeEach(async () => {
    h = await createHarness({ dialect, overrides: { rate_limit: { per_second: 100000, burst: 100000 } } });
  });
  afterEach(() => h.close());

  it('stores each analysis answered 200 once, its events once, and refuses exactly those beyond a hard quota', async () => {
    // Discovery refuses surplus: 20 analyses, then quota_exceeded (thrown inside the storing transaction).
    const { key, tenantId } = await h.tenantWithKey({ plan: 'discovery', quotaLimit: 20 });
    expect((await h.call('POST', '/v1/webhooks', key, { url: 'https://hooks.example/phishgate', events: ['analysis.completed'], secret: 'whsec_test_0123456789abcdef' })).statusCode).toBe(200);
    const before = { ...h.services.analysis.commitStats };

    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => h.call('POST', '/v1/analyze', key, { ...SAMPLE_FIELDS, subject: `Notes ${i}` })));

    const ok = answers.filter((a) => a.statusCode === 200).map((a) => a.json());
    expect(answers.filter((a) => a.statusCode === 429).map((a) => a.json().error.code)).toEqual(Array(10).fill('quota_exceeded'));
    expect(ok).toHaveLength(20);
    // Each answer saw a count of its own, 1 to 20.
    expect(ok.map((a) => a.quota.used).sort((x, y) => x - y)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    const answeredIds = ok.map((a) => a.data.analysis_id).sort();
    expect(new Set(answeredIds).size).toBe(20);

    const db = h.store.db;
    const stored = (await db.selectFrom('analyses').select('id').where('tenant_id', '=', tenantId).execute()).map((r) => r.id).sort();
    expect(stored).toEqual(answeredIds);
    const events = (await db.selectFrom('webhook_events').select(['analysis_id', 'type']).execute()).map((e) => e.analysis_id).sort();
    expect(events).toEqual(answeredIds);
    expect((await db.selectFrom('webhook_deliveries').select('id').execute()).length).toBe(20);
    expect((await db.selectFrom('usage_counters').select('used').where('tenant_id', '=', tenantId).executeTakeFirstOrThrow()).used).toBe(20);

    // The analyses did share transactions (else this test would prove nothing about grouping).
    const stats = h.services.analysis.commitStats;
    expect(stats.works - before.works).toBe(20);
    expect(stats.commits - before.commits).toBeLessThan(20);
  });
});
