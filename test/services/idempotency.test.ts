/**
 * The retry window in the store (docs/security.md "Faults and retries"): a key answers with its analysis
 * within `retention.idempotency_hours` and no longer after it; a key whose analysis is gone is analysed
 * again; the retention job purges keys and delivered tenant copies past the window.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Tenant } from '../../src/core/domain.js';
import { parseRawMessage } from '../../src/mail/parse-raw.js';
import { createRetention } from '../../src/jobs/retention.js';
import { createDeliveredCopies, deliveredCopyKey } from '../../src/services/delivered-copies.js';
import { IdempotencyConflict } from '../../src/services/idempotency.js';
import { retentionSteps } from '../../src/services/retention.js';
import { DIALECTS } from '../support/dialects.js';
import { createHarness, type Harness } from '../support/harness.js';

const HOUR = 3_600_000;

describe.each(DIALECTS)('retry keys and delivered copies in the store (%s)', (dialect) => {
  let h: Harness;
  let tenant: Tenant;
  beforeEach(async () => {
    h = await createHarness({ dialect });
    const { tenantId } = await h.tenantWithKey();
    tenant = (await h.services.tenants.get(tenantId))!;
  });
  afterEach(() => h.close());

  const message = () => parseRawMessage(Buffer.from('From: Alice <alice@sender.test>\r\nTo: bob@acme.test\r\nSubject: Lunch\r\nMessage-ID: <w1@sender.test>\r\n\r\nSee you at noon.\r\n'));
  const analyze = async (key: string, fingerprint = 'fp-1', livemode = true) =>
    h.services.analysis.analyze({ tenant, livemode }, await message(), { source: 'api', chargeQuota: true, idempotency: { key, fingerprint } });
  const rows = async (table: 'analyses' | 'webhook_events' | 'idempotency_keys' | 'delivered_copies') => (await h.store.db.selectFrom(table).selectAll().execute()).length;
  const retention = () => createRetention({ clock: h.clock, batchSize: 2, steps: retentionSteps(h.store, { analysesDays: 30, idempotencyHours: 24 }) });

  it('answers with the stored analysis within the window, and analyses again after it', async () => {
    const first = await analyze('k');
    expect(first.replayed).toBeFalsy();
    h.clock.advance(23 * HOUR);
    const retry = await analyze('k');
    expect(retry).toMatchObject({ replayed: true, record: first.record, quota: { used: 1 } });
    h.clock.advance(2 * HOUR);
    const later = await analyze('k');
    expect(later.replayed).toBeFalsy();
    expect(later.record.analysis_id).not.toBe(first.record.analysis_id);
    // The key now names the new analysis, for the next day.
    expect((await analyze('k')).record.analysis_id).toBe(later.record.analysis_id);
    expect(await rows('idempotency_keys')).toBe(1);
    expect(await rows('analyses')).toBe(2);
  });

  it('refuses the key with another fingerprint; keys are per tenant and mode', async () => {
    const first = await analyze('k');
    await expect(analyze('k', 'fp-2')).rejects.toBeInstanceOf(IdempotencyConflict);
    const test = await analyze('k', 'fp-2', false);
    expect(test.record.analysis_id).not.toBe(first.record.analysis_id);
    const other = (await h.services.tenants.get((await h.tenantWithKey()).tenantId))!;
    const theirs = await h.services.analysis.analyze({ tenant: other, livemode: true }, await message(), { source: 'api', chargeQuota: true, idempotency: { key: 'k', fingerprint: 'fp-3' } });
    expect(theirs.replayed).toBeFalsy();
    expect(await rows('analyses')).toBe(3);
  });

  it('analyses again when the key names an analysis that is gone', async () => {
    const first = await analyze('k');
    await h.store.db.deleteFrom('analyses').execute();
    const again = await analyze('k');
    expect(again.replayed).toBeFalsy();
    expect(again.record.analysis_id).not.toBe(first.record.analysis_id);
    expect((await analyze('k')).record.analysis_id).toBe(again.record.analysis_id);
  });

  it('the retention job purges keys and delivered copies past the window, in batches', async () => {
    const copies = createDeliveredCopies({ store: h.store, clock: h.clock, newId: () => 'unused' }, 24 * HOUR);
    for (const key of ['a', 'b', 'c']) {
      await analyze(key);
      await copies.remember(deliveredCopyKey('hash', 'alice@sender.test', [`${key}@acme.test`]), `relayed to 1: 250 ${key}`);
    }
    h.clock.advance(12 * HOUR);
    await analyze('d');
    const young = deliveredCopyKey('hash', 'alice@sender.test', ['d@acme.test']);
    await copies.remember(young, 'relayed to 1: 250 d');
    expect(await copies.get(deliveredCopyKey('hash', 'alice@sender.test', ['a@acme.test']))).toBe('relayed to 1: 250 a');
    h.clock.advance(13 * HOUR);
    // Past the window a copy is not "already delivered", even before the purge.
    expect(await copies.get(deliveredCopyKey('hash', 'alice@sender.test', ['a@acme.test']))).toBeNull();
    const report = await retention().run();
    expect(report).toMatchObject({ idempotency_keys: 3, delivered_copies: 3 });
    expect(await rows('idempotency_keys')).toBe(1);
    expect(await rows('delivered_copies')).toBe(1);
    expect(await copies.get(young)).toBe('relayed to 1: 250 d');
    expect((await analyze('d')).replayed).toBe(true);
  });
});
