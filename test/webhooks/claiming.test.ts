import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import pino from 'pino';
import { newId } from '../../src/core/ids.js';
import { createEngine } from '../../src/engine/engine.js';
import { createWebhookWorker } from '../../src/jobs/webhook-worker.js';
import { createServices } from '../../src/services/index.js';
import { webhookSettingsFromConfig } from '../../src/services/webhooks/settings.js';
import { openStore, type Store } from '../../src/store/database.js';
import { DIALECTS } from '../support/dialects.js';
import { createHarness, type Harness } from '../support/harness.js';
import { startReceiver, type Receiver } from './support/receiver.js';
import { addWebhook, analyzeSafe, deliveriesOf, SECRET } from './support/setup.js';

describe.each(DIALECTS)('two workers on one database (%s)', (dialect) => {
  let h: Harness;
  let receiver: Receiver;
  let second: Store | null = null;
  beforeEach(async () => {
    h = await createHarness({ dialect, overrides: { webhooks: { per_endpoint_concurrency: 4 }, rate_limit: { per_second: 1000, burst: 1000 } } });
    receiver = await startReceiver({ secret: SECRET, now: () => h.clock.now() });
  });
  afterEach(async () => {
    await second?.close();
    second = null;
    await h.close();
    await receiver.close();
  });

  it('deliver every event exactly once', async () => {
    const { key } = await h.tenantWithKey();
    const endpoints = [await addWebhook(h, key, `${receiver.url}/a`), await addWebhook(h, key, `${receiver.url}/b`)];
    for (let i = 0; i < 30; i++) await analyzeSafe(h, key);

    // PostgreSQL: a second connection pool, as a second process would have (claims race through SKIP LOCKED).
    // SQLite is one process by design: the second worker shares the store (claims race on one connection).
    const outbox =
      dialect === 'postgres'
        ? createServices(
            { store: (second = openStore(h.databaseUrl)), clock: h.clock, newId: (p) => newId(p, h.clock.now()) },
            { engine: createEngine({ config: h.config.engine }), retentionDays: 30, webhooks: webhookSettingsFromConfig(h.config.webhooks, () => 0.5) },
          ).outbox
        : h.services.outbox;
    const other = createWebhookWorker({
      outbox,
      clock: h.clock,
      logger: pino({ level: 'silent' }),
      version: 'test',
      timeoutMs: 5000,
      maxResponseBytes: 1024,
      allowPrivateTargets: true,
      perEndpointConcurrency: 4,
      globalConcurrency: 8,
      pollIntervalMs: 50,
    });
    await Promise.all([h.worker.drain(), other.drain()]);
    await other.stop();

    expect(receiver.received).toHaveLength(60);
    expect(new Set(receiver.received.map((r) => `${r.path} ${r.json.id}`)).size).toBe(60);
    for (const id of endpoints) {
      const items = await deliveriesOf(h, key, id, '?limit=200');
      expect(items.map((d) => [d.status, d.attempt_count])).toEqual(Array.from({ length: 30 }, () => ['succeeded', 1]));
    }
  });
});
