import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DAY_MS, toIso } from '../../src/core/clock.js';
import { createJobRunner } from '../../src/jobs/job-runner.js';
import { optimizeStore } from '../../src/jobs/optimize.js';
import { createRetention } from '../../src/jobs/retention.js';
import { retentionSteps } from '../../src/services/retention.js';
import { acquireLease } from '../../src/store/repositories/leases.js';
import { DIALECTS } from '../support/dialects.js';
import { createHarness, SAMPLE_FIELDS, type Harness } from '../support/harness.js';

describe.each(DIALECTS)('retention job (%s)', (dialect) => {
  let h: Harness;
  let key: string;
  beforeEach(async () => {
    h = await createHarness({ dialect, now: '2026-10-01T12:00:00.000Z', overrides: { rate_limit: { per_second: 100000, burst: 100000 } } });
    key = (await h.tenantWithKey({ plan: 'enterprise' })).key;
  });
  afterEach(() => h.close());

  const retention = (batchSize = 500) => createRetention({ clock: h.clock, batchSize, steps: retentionSteps(h.store, { analysesDays: 30 }) });
  const analyze = async () => (await h.call('POST', '/v1/analyze', key, SAMPLE_FIELDS)).json().data.analysis_id as string;

  it('keeps a 29-day-old analysis and deletes a 31-day-old one; GET then answers 404', async () => {
    const old = await analyze();
    h.clock.advance(2 * DAY_MS);
    const younger = await analyze();
    h.clock.advance(29 * DAY_MS); // old is 31 days old, younger 29
    expect(await retention().run()).toEqual({ analyses: 1, list_entries: 0 });
    const rows = await h.store.db.selectFrom('analyses').select('id').execute();
    expect(rows.map((r) => r.id)).toEqual([younger]);
    expect((await h.call('GET', `/v1/analyses/${old}`, key)).statusCode).toBe(404);
    expect((await h.call('GET', `/v1/analyses/${younger}`, key)).statusCode).toBe(200);
  });

  it('deletes in batches until nothing old is left', async () => {
    const tenantId = (await h.services.tenants.list())[0]!.id;
    const rows = Array.from({ length: 1234 }, (_, i) => ({
      id: `an_old_${i}`,
      tenant_id: tenantId,
      livemode: 1,
      source: 'api',
      status: 'completed',
      verdict: 'safe',
      score: 0,
      subject: 's',
      from_addr: 'a@b.example',
      to_addr: '',
      result_json: '{}',
      cost_micros: 0,
      api_key_id: null,
      created_at: toIso(h.clock.now() - 40 * DAY_MS),
      completed_at: null,
    }));
    for (let i = 0; i < rows.length; i += 200) await h.store.db.insertInto('analyses').values(rows.slice(i, i + 200)).execute();
    await analyze();
    expect((await retention(100).run()).analyses).toBe(1234);
    expect((await h.store.db.selectFrom('analyses').select('id').execute()).length).toBe(1);
  });

  it('removes expired list entries', async () => {
    await h.call('POST', '/v1/blocklist', key, { type: 'domain', value: 'a.example', expires_at: toIso(h.clock.now() + DAY_MS) });
    await h.call('POST', '/v1/blocklist', key, { type: 'domain', value: 'b.example' });
    h.clock.advance(2 * DAY_MS);
    expect((await retention().run()).list_entries).toBe(1);
    expect((await h.store.db.selectFrom('list_entries').select('value').execute()).map((r) => r.value)).toEqual(['b.example']);
  });

  it('never lets two processes run the same job at once, and frees the lease afterwards', async () => {
    const logger = pino({ level: 'silent' });
    const a = createJobRunner({ store: h.store, clock: h.clock, logger });
    const b = createJobRunner({ store: h.store, clock: h.clock, logger });
    let release!: () => void;
    const blocker = new Promise<void>((resolve) => (release = resolve));
    const first = a.runExclusive('retention', 60_000, () => blocker.then(() => 'a'));
    await new Promise((r) => setTimeout(r, 20));
    expect(await b.runExclusive('retention', 60_000, async () => 'b')).toEqual({ ran: false, reason: 'another process holds the retention lease' });
    release();
    expect(await first).toEqual({ ran: true, result: 'a' });
    expect(await b.runExclusive('retention', 60_000, async () => 'b')).toEqual({ ran: true, result: 'b' });
  });

  it("takes over a crashed holder's lease once it expires", async () => {
    await acquireLease(h.store.db, 'retention', 'crashed:1:x', toIso(h.clock.now()), toIso(h.clock.now() + 60_000));
    const runner = createJobRunner({ store: h.store, clock: h.clock, logger: pino({ level: 'silent' }) });
    expect((await runner.runExclusive('retention', 60_000, async () => 1)).ran).toBe(false);
    h.clock.advance(60_001);
    expect(await runner.runExclusive('retention', 60_000, async () => 1)).toEqual({ ran: true, result: 1 });
  });

  it('releases the lease when the job fails, so the next run retries', async () => {
    const runner = createJobRunner({ store: h.store, clock: h.clock, logger: pino({ level: 'silent' }) });
    await expect(runner.runExclusive('retention', 60_000, async () => Promise.reject(new Error('disk full')))).rejects.toThrow('disk full');
    expect(await runner.runExclusive('retention', 60_000, async () => 'ok')).toEqual({ ran: true, result: 'ok' });
  });

  it('optimises the store', async () => {
    expect((await optimizeStore(h.store)).dialect).toBe(dialect);
  });
});
