import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { emptyMessage } from '../../src/core/message.js';
import { newId } from '../../src/core/ids.js';
import { createEngine } from '../../src/engine/engine.js';
import { createServices } from '../../src/services/index.js';
import { DIALECTS } from '../support/dialects.js';
import { createHarness, type Harness } from '../support/harness.js';
import { startReceiver, type Receiver } from './support/receiver.js';
import { addWebhook, analyzePhishing, analyzeSafe, deliveriesOf, onlyDelivery, SECRET } from './support/setup.js';

const count = async (h: Harness, table: string): Promise<number> =>
  Number((await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(h.store.db)).rows[0]!.n);

describe.each(DIALECTS)('webhook delivery to a real receiver (%s)', (dialect) => {
  let h: Harness;
  let key: string;
  let receiver: Receiver;
  beforeEach(async () => {
    h = await createHarness({ dialect });
    key = (await h.tenantWithKey()).key;
    receiver = await startReceiver({ secret: SECRET, now: () => h.clock.now() });
  });
  afterEach(async () => {
    await h.close();
    await receiver.close();
  });

  it('POSTs analysis.completed with the stored analysis, a valid signature and the documented headers (docs/webhooks.md)', async () => {
    const webhookId = await addWebhook(h, key, receiver.url);
    const analysis = await analyzeSafe(h, key);
    await h.worker.drain();

    const [got] = await receiver.waitFor(1);
    expect(got!.verified).toEqual({ ok: true, timestamp: Math.floor(h.clock.now() / 1000) });
    expect(got!.headers['x-service-signature']).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(got!.headers['content-type']).toBe('application/json');
    expect(got!.headers['user-agent']).toBe('phishgate/test (webhooks)');
    expect(got!.headers['x-service-event-id']).toBe(got!.json.id);
    expect(got!.path).toBe('/hook');

    const stored = (await h.call('GET', `/v1/analyses/${analysis.analysis_id}`, key)).json().data;
    expect(got!.json).toEqual({
      id: expect.stringMatching(/^evt_/),
      type: 'analysis.completed',
      created_at: '2026-11-15T12:00:00.000Z',
      livemode: true,
      data: { analysis: stored },
    });

    const delivery = await onlyDelivery(h, key, webhookId);
    expect(delivery).toMatchObject({ event_id: got!.json.id, event_type: 'analysis.completed', analysis_id: analysis.analysis_id, status: 'succeeded', attempt_count: 1, next_attempt_at: null });
    expect(delivery.attempts).toEqual([
      { attempt: 1, attempted_at: '2026-11-15T12:00:00.000Z', duration_ms: expect.any(Number), succeeded: true, status_code: 200, error: null, response_excerpt: 'ok' },
    ]);
  });

  it('fires phishing_detected as well for a phishing verdict, only to endpoints that subscribed', async () => {
    const both = await startReceiver({ secret: SECRET, now: () => h.clock.now() });
    const phishingOnly = await startReceiver({ secret: SECRET, now: () => h.clock.now() });
    try {
      await addWebhook(h, key, both.url, ['analysis.completed', 'analysis.phishing_detected']);
      await addWebhook(h, key, phishingOnly.url, ['analysis.phishing_detected']);
      await analyzeSafe(h, key);
      const phishing = await analyzePhishing(h, key);
      await h.worker.drain();

      const types = (r: Receiver) => r.received.map((x) => `${x.json.type}:${x.json.data.analysis.verdict}`).sort();
      expect(types(both)).toEqual(['analysis.completed:phishing', 'analysis.completed:safe', 'analysis.phishing_detected:phishing']);
      expect(types(phishingOnly)).toEqual(['analysis.phishing_detected:phishing']);
      // The same event reaches every subscriber with one id (receivers deduplicate on it).
      const id = (r: Receiver) => r.received.find((x) => x.json.type === 'analysis.phishing_detected')!.json.id;
      expect(id(both)).toBe(id(phishingOnly));
      expect(phishingOnly.received[0]!.json.data.analysis.analysis_id).toBe(phishing.analysis_id);
      expect([...both.received, ...phishingOnly.received].every((r) => r.verified.ok)).toBe(true);
    } finally {
      await both.close();
      await phishingOnly.close();
    }
  });

  it('sends test-mode events (livemode false) only to endpoints registered with a test key, and live ones only to live', async () => {
    const tenantId = (await h.services.tenants.list())[0]!.id;
    const testKey = (await h.tenantWithKey({ tenantId, mode: 'test' })).key;
    const testReceiver = await startReceiver({ secret: SECRET, now: () => h.clock.now() });
    try {
      await addWebhook(h, key, receiver.url);
      await addWebhook(h, testKey, testReceiver.url);
      const fromTest = await analyzeSafe(h, testKey);
      const fromLive = await analyzeSafe(h, key);
      await h.worker.drain();
      expect(testReceiver.received.map((r) => [r.json.livemode, r.json.data.analysis.analysis_id])).toEqual([[false, fromTest.analysis_id]]);
      expect(receiver.received.map((r) => [r.json.livemode, r.json.data.analysis.analysis_id])).toEqual([[true, fromLive.analysis_id]]);
    } finally {
      await testReceiver.close();
    }
  });

  it('stores the delivery with the analysis, before the first try', async () => {
    const webhookId = await addWebhook(h, key, receiver.url);
    const analysis = await analyzeSafe(h, key);
    // The worker has not run: the delivery is already there, due now, with no attempt.
    expect(await onlyDelivery(h, key, webhookId)).toMatchObject({
      analysis_id: analysis.analysis_id,
      status: 'pending',
      attempt_count: 0,
      next_attempt_at: '2026-11-15T12:00:00.000Z',
      attempts: [],
    });
    expect(receiver.received).toHaveLength(0);
  });

  it('writes nothing when the analysis transaction rolls back after the outbox rows, and no event without endpoints', async () => {
    await addWebhook(h, key, receiver.url);
    const tenant = (await h.services.tenants.list())[0]!;
    // Same store, plus a hook that fails after the outbox hook has written its rows: a "crash" mid-transaction.
    const crashing = createServices(
      { store: h.store, clock: h.clock, newId: (prefix) => newId(prefix, h.clock.now()) },
      { engine: createEngine({ config: h.config.engine }), retentionDays: 30, inTransaction: [() => Promise.reject(new Error('crash'))] },
    );
    const message = { ...emptyMessage(), subject: 'hello', from: { name: '', address: 'a@b.example' }, text: 'hi' };
    await expect(crashing.analysis.analyze({ tenant, livemode: true }, message, { source: 'api', chargeQuota: true })).rejects.toThrow('crash');
    expect([await count(h, 'analyses'), await count(h, 'webhook_events'), await count(h, 'webhook_deliveries')]).toEqual([0, 0, 0]);
    // Analyses of a tenant without endpoints write no event at all.
    await analyzeSafe(h, (await h.tenantWithKey()).key);
    expect([await count(h, 'analyses'), await count(h, 'webhook_events')]).toEqual([1, 0]);
  });

  it('deletes events, deliveries and attempts with their analysis (retention relation)', async () => {
    await addWebhook(h, key, receiver.url);
    const analysis = await analyzeSafe(h, key);
    await h.worker.drain();
    const outbox = async () => [await count(h, 'webhook_events'), await count(h, 'webhook_deliveries'), await count(h, 'webhook_attempts')];
    expect(await outbox()).toEqual([1, 1, 1]);
    await h.store.db.deleteFrom('analyses').where('id', '=', analysis.analysis_id).execute();
    expect(await outbox()).toEqual([0, 0, 0]);
  });

  it('lists deliveries newest first, paginated and filtered by status; other tenants get 404', async () => {
    const webhookId = await addWebhook(h, key, receiver.url);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      h.clock.advance(1000);
      ids.push((await analyzeSafe(h, key)).analysis_id);
    }
    const page = (await h.call('GET', `/v1/webhooks/${webhookId}/deliveries?limit=2&offset=0`, key)).json().data;
    expect(page.total).toBe(3);
    expect(page.items.map((d: { analysis_id: string }) => d.analysis_id)).toEqual([ids[2], ids[1]]);
    await h.worker.drain();
    expect(await deliveriesOf(h, key, webhookId, '?status=pending')).toEqual([]);
    expect(await deliveriesOf(h, key, webhookId, '?status=succeeded')).toHaveLength(3);
    expect((await h.call('GET', `/v1/webhooks/${webhookId}/deliveries?status=lost`, key)).statusCode).toBe(400);
    const other = (await h.tenantWithKey()).key;
    expect((await h.call('GET', `/v1/webhooks/${webhookId}/deliveries`, other)).statusCode).toBe(404);
  });

  it('delivers events of every door: an analysis made by the service for the SMTP door fires too', async () => {
    await addWebhook(h, key, receiver.url);
    const tenant = (await h.services.tenants.list())[0]!;
    const outcome = await h.services.analysis.analyze({ tenant, livemode: true }, { ...emptyMessage(), subject: 'hi', text: 'hello' }, { source: 'smtp', chargeQuota: false });
    await h.worker.drain();
    expect(receiver.received.map((r) => [r.json.data.analysis.analysis_id, r.json.data.analysis.source])).toEqual([[outcome.record.analysis_id, 'smtp']]);
  });
});
