import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { manualClock } from '../../src/core/clock.js';
import type { Principal } from '../../src/core/domain.js';
import { newId } from '../../src/core/ids.js';
import { emptyMessage } from '../../src/core/message.js';
import { AnalysisTimeoutError } from '../../src/engine/analysis-client.js';
import type { Engine } from '../../src/engine/types.js';
import { timeoutMetricsHook } from '../../src/ops/instrument.js';
import { createMetrics, type Metrics } from '../../src/ops/metrics.js';
import { createServices, type Services } from '../../src/services/index.js';
import { migrateToLatest, openStore, type Store } from '../../src/store/database.js';

/**
 * Deadline hits reach the timeout hooks once per message, labelled with the door the analysis is recorded
 * under (docs/performance.md): the metric `phishgate_analysis_timeouts_total{door,stage}` counts them.
 */
describe('analysis timeouts: hook and metric', () => {
  let dir: string;
  let store: Store;
  let services: Services;
  let metrics: Metrics;
  let next: AnalysisTimeoutError;
  const seen: Array<{ door: string; stage: string }> = [];

  /** An engine whose every analysis hits the deadline with `next`. */
  const engine: Engine = {
    version: 'test',
    analyze: async () => {
      throw next;
    },
  };

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'phishgate-timeouts-'));
    store = openStore(join(dir, 'p.db'));
    await migrateToLatest(store);
    const clock = manualClock('2026-11-15T12:00:00.000Z');
    metrics = createMetrics();
    seen.length = 0;
    services = createServices(
      { store, clock, newId: (prefix) => newId(prefix, clock.now()) },
      {
        engine,
        retentionDays: 30,
        onTimeout: [timeoutMetricsHook(metrics), (door, error) => seen.push({ door, stage: error.stage })],
      },
    );
  });
  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const principal = async (): Promise<Principal> => ({ tenant: await services.tenants.create({ name: 'acme', planCode: 'enterprise', quotaLimit: null }), livemode: true });
  const count = async (door: string, stage: string): Promise<number> =>
    (await metrics.analysisTimeouts.get()).values.find((v) => v.labels.door === door && v.labels.stage === stage)?.value ?? 0;

  it('an analysis past the deadline is counted under its door and recorded as failed', async () => {
    const who = await principal();
    next = new AnalysisTimeoutError('analysis', 2000, false);
    await expect(services.analysis.analyze(who, emptyMessage(), { source: 'api', chargeQuota: true })).rejects.toBe(next);
    expect(seen).toEqual([{ door: 'api', stage: 'analysis' }]);
    expect(await count('api', 'analysis')).toBe(1);
    expect(next.analysisId).not.toBeNull();
    expect((await services.analysis.get(who, next.analysisId!)).status).toBe('failed');
  });

  it('one deadline hit recorded for several tenants (the mail doors) counts once', async () => {
    const [first, second] = [await principal(), await principal()];
    next = new AnalysisTimeoutError('analysis', 2000, true);
    await expect(services.analysis.analyze(first, emptyMessage(), { source: 'smtp', chargeQuota: false })).rejects.toBe(next);
    await services.analysis.recordTimeout(second, emptyMessage(), { source: 'smtp', chargeQuota: false }, next);
    expect(seen).toEqual([{ door: 'smtp', stage: 'analysis' }]);
    expect(await count('smtp', 'analysis')).toBe(1);
  });

  it('a parse past the deadline, recorded by the door, is counted with stage parse; each new hit counts again', async () => {
    const who = await principal();
    await services.analysis.recordTimeout(who, emptyMessage(), { source: 'milter', chargeQuota: false }, new AnalysisTimeoutError('parse', 2000, false));
    await services.analysis.recordTimeout(who, emptyMessage(), { source: 'milter', chargeQuota: false }, new AnalysisTimeoutError('parse', 2000, true));
    expect(await count('milter', 'parse')).toBe(2);
    expect(await count('milter', 'analysis')).toBe(0);
    expect(await metrics.registry.metrics()).toMatch(/phishgate_analysis_timeouts_total\{door="milter",stage="parse"\} 2/);
  });
});
