import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AnalysisEntry } from '../../src/core/analysis.js';
import { migrateToLatest, openStore, type Store } from '../../src/store/database.js';
import { finishQueuedAnalysis, findAnalysisById, insertQueuedAnalysis } from '../../src/store/repositories/analysis-jobs.js';
import { findAnalysis, findAnalysesByIds, insertAnalysis, listAnalyses, streamAnalyses } from '../../src/store/repositories/analyses.js';
import { searchAnalyses } from '../../src/store/repositories/analysis-search.js';
import { insertTenant } from '../../src/store/repositories/tenants.js';
import { createPostgresDatabase, DIALECTS } from '../support/dialects.js';

const T0 = '2026-11-24T08:00:00.000Z';
const scope = { tenantId: 'ten_a', livemode: true, visibleSince: '2026-11-01T00:00:00.000Z' };

const completed: AnalysisEntry = {
  id: 'an_completed',
  tenantId: 'ten_a',
  livemode: true,
  source: 'api',
  status: 'completed',
  verdict: 'phishing',
  score: 0.93,
  subject: 'Your parcel is waiting',
  from: '"DHL" <parcel@dhl-track.example>',
  to: 'alice@example.com',
  result: { analysis_id: 'an_completed', verdict: 'phishing', score: 0.93, reasons: ['Brand impersonation'] },
  rules: [{ id: 'BRAND_IMPERSONATION', strength: 0.9, weight: 3.1, reason: 'Brand impersonation' }],
  costMicros: 4000,
  apiKeyId: 'key_1',
  createdAt: T0,
  completedAt: T0,
};

// The analyses repository speaks the services' language (docs/architecture.md): what goes in as an entry
// comes back as the same entry, whichever database keeps it.
describe.each(DIALECTS)('analyses repository on %s', (dialect) => {
  let store: Store;
  let cleanup: () => Promise<void>;

  beforeEach(async () => {
    if (dialect === 'postgres') {
      const pg = await createPostgresDatabase();
      store = openStore(pg.url);
      cleanup = pg.drop;
    } else {
      const dir = mkdtempSync(join(tmpdir(), 'phishgate-analyses-'));
      store = openStore(join(dir, 't.db'));
      cleanup = async () => rmSync(dir, { recursive: true, force: true });
    }
    await migrateToLatest(store);
    const tenant = { id: 'ten_a', name: 'A', planCode: 'starter', hardLimit: false, quotaLimit: null, ratePerSecond: null, rateBurst: null, createdAt: T0, updatedAt: T0 } as const;
    await insertTenant(store.db, tenant);
  });
  afterEach(async () => {
    await store.close();
    await cleanup();
  });

  it('gives back the entry it stored: with its rules from findAnalysis, without them in lists, searches and exports', async () => {
    await insertAnalysis(store.db, completed);
    expect(await findAnalysis(store.db, scope, completed.id)).toEqual(completed);

    const { rules: _rules, ...listed } = completed;
    expect(await listAnalyses(store.db, scope, { limit: 10, offset: 0 })).toEqual({ entries: [listed], total: 1 });
    expect(await searchAnalyses(store.db, scope, { rule: 'BRAND_IMPERSONATION', sender: 'dhl', limit: 10, offset: 0 })).toEqual({ entries: [listed], total: 1 });
    const exported: AnalysisEntry[] = [];
    for await (const entry of streamAnalyses(store.db, scope, {}, 10)) exported.push(entry);
    expect(exported).toEqual([listed]);
  });

  it('finds by ids only the scope\'s visible analyses: not another tenant\'s, not the other mode\'s, not those past retention', async () => {
    await insertTenant(store.db, { id: 'ten_b', name: 'B', planCode: 'starter', hardLimit: false, quotaLimit: null, ratePerSecond: null, rateBurst: null, createdAt: T0, updatedAt: T0 });
    const { rules: _rules, ...listed } = completed;
    await insertAnalysis(store.db, completed);
    await insertAnalysis(store.db, { ...completed, id: 'an_other_tenant', tenantId: 'ten_b' });
    await insertAnalysis(store.db, { ...completed, id: 'an_test_mode', livemode: false });
    await insertAnalysis(store.db, { ...completed, id: 'an_expired', createdAt: '2026-10-31T23:59:59.999Z' });
    const found = await findAnalysesByIds(store.db, scope, ['an_completed', 'an_other_tenant', 'an_test_mode', 'an_expired', 'an_missing']);
    expect(found).toEqual([listed]);
  });

  it('history search narrows what the list filter selects, and the list filter still applies to it', async () => {
    await insertAnalysis(store.db, completed);
    await insertAnalysis(store.db, { ...completed, id: 'an_safe', verdict: 'safe', subject: 'Team lunch', rules: [], createdAt: '2026-11-24T09:00:00.000Z' });
    expect((await searchAnalyses(store.db, scope, { subjectWords: ['parcel'], limit: 10, offset: 0 })).entries.map((e) => e.id)).toEqual(['an_completed']);
    expect((await searchAnalyses(store.db, scope, { subjectWords: ['parcel'], verdict: 'safe', limit: 10, offset: 0 })).total).toBe(0);
    expect((await searchAnalyses(store.db, scope, { from: '2026-11-24T08:30:00.000Z', limit: 10, offset: 0 })).entries.map((e) => e.id)).toEqual(['an_safe']);
    expect((await searchAnalyses(store.db, { ...scope, livemode: false }, { limit: 10, offset: 0 })).total).toBe(0);
  });

  it('a queued entry finishes in place with its outcome', async () => {
    const { rules: _none, ...base } = completed;
    const queued: AnalysisEntry = { ...base, id: 'an_queued', status: 'queued', verdict: null, score: null, result: null, costMicros: 0, completedAt: null };
    await insertQueuedAnalysis(store.db, queued, { analysis_id: queued.id, message_json: '{}', charge_quota: 1, locked_until: null, lock_token: null, created_at: T0 });
    expect(await findAnalysisById(store.db, queued.id)).toEqual(queued);

    const outcome = { status: 'completed', verdict: 'phishing', score: 0.93, result: completed.result, rules: completed.rules, costMicros: 4000, completedAt: T0 } as const;
    expect(await finishQueuedAnalysis(store.db, queued.id, outcome)).toBe(true);
    expect(await findAnalysis(store.db, scope, queued.id)).toEqual({ ...queued, ...outcome });
    // Only a queued analysis finishes: a second finish (another process after a lost lease) changes nothing.
    expect(await finishQueuedAnalysis(store.db, queued.id, { ...outcome, verdict: 'safe' })).toBe(false);
  });
});
