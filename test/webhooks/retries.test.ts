import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { nextRetry } from '../../src/services/webhooks/retry.js';
import { DIALECTS } from '../support/dialects.js';
import { createHarness, type Harness } from '../support/harness.js';
import { ok, startReceiver, status, type Receiver } from './support/receiver.js';
import { addWebhook, analyzeSafe, onlyDelivery, SECRET } from './support/setup.js';

const SCHEDULE_S = [30, 120, 600, 3600, 21600, 86400];
const T0 = Date.parse('2026-11-15T12:00:00.000Z');

describe('retry schedule', () => {
  const policy = (random: number) => ({ scheduleSeconds: SCHEDULE_S, jitter: 0.1, random: () => random });

  it('follows the documented schedule (docs/webhooks.md), spread by at most ±10 %, and ends after the last step', () => {
    expect(nextRetry(policy(0.5), 0, T0)).toEqual({ at: T0 + 30_000, retryStep: 1 });
    expect(nextRetry(policy(0), 0, T0)).toEqual({ at: T0 + 27_000, retryStep: 1 });
    expect(nextRetry(policy(0.999999), 5, T0)!.at).toBeCloseTo(T0 + 86_400_000 * 1.1, -3);
    expect(nextRetry(policy(0.5), 6, T0)).toBeNull();
  });
});

describe.each(DIALECTS)('webhook retries on a manual clock (%s)', (dialect) => {
  let h: Harness;
  let key: string;
  let receiver: Receiver;
  let webhookId: string;
  beforeEach(async () => {
    h = await createHarness({ dialect });
    key = (await h.tenantWithKey()).key;
    receiver = await startReceiver({ secret: SECRET, now: () => h.clock.now() });
    receiver.respond(status(500, 'boom'));
    webhookId = await addWebhook(h, key, receiver.url);
  });
  afterEach(async () => {
    await h.close();
    await receiver.close();
  });

  it('retries after 30 s, 2 min, 10 min, 1 h, 6 h and 24 h, then marks the delivery failed', async () => {
    await analyzeSafe(h, key);
    await h.worker.drain();
    const delays: number[] = [];
    for (let attempt = 1; attempt <= SCHEDULE_S.length; attempt++) {
      const delivery = await onlyDelivery(h, key, webhookId);
      expect(delivery).toMatchObject({ status: 'pending', attempt_count: attempt });
      const due = Date.parse(delivery.next_attempt_at!);
      delays.push((due - h.clock.now()) / 1000);
      // Not a moment early.
      h.clock.set(due - 1);
      await h.worker.drain();
      expect(receiver.received).toHaveLength(attempt);
      h.clock.set(due);
      await h.worker.drain();
      expect(receiver.received).toHaveLength(attempt + 1);
    }
    expect(delays).toEqual(SCHEDULE_S);

    const failed = await onlyDelivery(h, key, webhookId);
    expect(failed).toMatchObject({ status: 'failed', attempt_count: 7, next_attempt_at: null });
    expect(failed.attempts.map((a) => [a.attempt, a.status_code, a.succeeded, a.error, a.response_excerpt])).toEqual(
      Array.from({ length: 7 }, (_, i) => [i + 1, 500, false, 'receiver answered HTTP 500', 'boom']),
    );
    // Each attempt was signed when it was sent, so day-old retries still pass the 5-minute check.
    expect(receiver.received.every((r) => r.verified.ok)).toBe(true);
    expect(new Set(receiver.received.map((r) => r.headers['x-service-signature'])).size).toBe(7);
    expect(new Set(receiver.received.map((r) => r.json.id)).size).toBe(1);
    h.clock.advance(7 * 86_400_000);
    await h.worker.drain();
    expect(receiver.received).toHaveLength(7);
  });

  it('redelivers a failed delivery by hand: one attempt now, back to failed if it fails again', async () => {
    h = await reopenWithShortSchedule(h);
    key = (await h.tenantWithKey()).key;
    webhookId = await addWebhook(h, key, receiver.url);
    await analyzeSafe(h, key);
    await h.worker.drain();
    h.clock.advance(1000);
    await h.worker.drain();
    const failed = await onlyDelivery(h, key, webhookId);
    expect(failed.status).toBe('failed');

    const url = `/v1/webhooks/${webhookId}/deliveries/${failed.id}/redeliver`;
    const res = await h.call('POST', url, key);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: failed.id, status: 'pending', next_attempt_at: new Date(h.clock.now()).toISOString() });
    await h.worker.drain();
    expect(await onlyDelivery(h, key, webhookId)).toMatchObject({ status: 'failed', attempt_count: 3 });

    receiver.respond(ok);
    expect((await h.call('POST', url, key)).statusCode).toBe(200);
    await h.worker.drain();
    const done = await onlyDelivery(h, key, webhookId);
    expect(done).toMatchObject({ status: 'succeeded', attempt_count: 4 });
    expect(done.attempts.map((a) => a.status_code)).toEqual([500, 500, 500, 200]);

    const again = await h.call('POST', url, key);
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toMatch(/is succeeded; only a failed delivery can be redelivered/);
    expect((await h.call('POST', `/v1/webhooks/${webhookId}/deliveries/whd_nope/redeliver`, key)).statusCode).toBe(404);
    const stranger = (await h.tenantWithKey()).key;
    expect((await h.call('POST', url, stranger)).statusCode).toBe(404);
  });

  it("gives a crashed worker's claim back when its lease runs out, and ignores the late settlement", async () => {
    receiver.respond(ok);
    await analyzeSafe(h, key);
    // A worker claims the delivery and dies before sending it.
    const lost = await h.services.outbox.claim(webhookId, 10);
    expect(lost.deliveries).toHaveLength(1);
    await h.worker.drain();
    expect(receiver.received).toHaveLength(0);

    h.clock.advance(h.config.webhooks.timeout_ms + 60_000);
    await h.worker.drain();
    expect(receiver.received).toHaveLength(1);
    const outcome = { startedAtMs: h.clock.now(), durationMs: 1, succeeded: false, statusCode: 500, error: 'late', responseExcerpt: null };
    expect(await h.services.outbox.settle(lost.deliveries[0]!, lost.token, outcome)).toBe('lost');
    expect(await onlyDelivery(h, key, webhookId)).toMatchObject({ status: 'succeeded', attempt_count: 1 });
  });
});

/** The same store and tenants are not needed: a fresh harness whose schedule is a single 1 s retry. */
async function reopenWithShortSchedule(old: Harness): Promise<Harness> {
  const dialect = old.store.dialect;
  await old.close();
  return createHarness({ dialect, overrides: { webhooks: { retry_schedule_s: [1] } } });
}
