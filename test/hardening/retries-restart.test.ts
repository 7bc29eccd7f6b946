/**
 * Retries across a restart (docs/security.md "Faults and retries"): what identifies a retry is kept in the
 * store, so Postfix retrying a message hours later, after phishgate was restarted, gets the analysis made
 * the first time (no second analysis, charge or webhook event), a tenant copy already handed on is not
 * handed on again, and an API client's Idempotency-Key still answers with the first analysis. Each
 * "process" is `phishgate serve` as the composition root builds it (startServer: every door, the
 * webhook worker, the engine's worker thread), stopped and started again on the same database: a SQLite
 * file, or a PostgreSQL database. Two runtimes on one PostgreSQL racing one key make one analysis.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/loader.js';
import type { Config } from '../../src/config/schema.js';
import { parseRawMessage } from '../../src/mail/parse-raw.js';
import { createRuntime, startServer, type RunningServer, type Runtime } from '../../src/main.js';
import type { Store } from '../../src/store/database.js';
import { createPostgresDatabase, DIALECTS, type TestDialect } from '../support/dialects.js';
import { startSmtpSink, type SinkRefusal, type SmtpSink } from '../support/smtp-sink.js';
import { startReceiver, type Receiver } from '../webhooks/support/receiver.js';
import { byId, mail, sendRaw } from '../smtp/helpers/door.js';
import { SAMPLE_FIELDS } from '../support/harness.js';

const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
const SECRET = 'whsec_restart0123456789ab';

interface World {
  config: Config;
  acme: string;
  beta: string;
  /** acme's live API key. */
  key: string;
  cleanup(): Promise<void>;
}

/** A database with two tenants (acme.test, beta.test), a webhook to the receiver each, and an API key for acme. */
async function makeWorld(dialect: TestDialect, sinkPort: number, receiverUrl: string): Promise<World> {
  const dir = mkdtempSync(join(tmpdir(), 'phishgate-restart-'));
  const postgres = dialect === 'postgres' ? await createPostgresDatabase() : null;
  const base = {
    database: { url: postgres ? postgres.url : join(dir, 'phishgate.db') },
    auth: { verify: false },
    webhooks: { allow_private_targets: true, poll_interval_ms: 50 },
  };
  const setup = await createRuntime(loadConfig({ env: {}, overrides: base }), logger);
  let ids: { acme: string; beta: string; key: string };
  try {
    const acme = await setup.services.tenants.create({ name: 'acme', planCode: 'starter' });
    const beta = await setup.services.tenants.create({ name: 'beta', planCode: 'starter' });
    for (const tenant of [acme, beta]) await setup.services.webhooks.create({ tenant, livemode: true }, { url: receiverUrl, events: ['analysis.completed'], secret: SECRET });
    const { secret } = await setup.services.keys.create({ tenantId: acme.id, name: 'test', scopes: ['read', 'write', 'admin'], mode: 'live' });
    ids = { acme: acme.id, beta: beta.id, key: secret };
  } finally {
    await setup.analysis.close();
    await setup.store.close();
  }
  const config = loadConfig({
    env: {},
    overrides: {
      ...base,
      http: { port: 0, host: '127.0.0.1' },
      smtp: { port: 0, host: '127.0.0.1', relay: `127.0.0.1:${sinkPort}`, relay_timeout_ms: 5000 },
      milter: { enabled: false },
      metrics: { enabled: false },
      engine: { workers: { size: 1 } },
      gateway: { domains: { 'acme.test': ids.acme, 'beta.test': ids.beta }, default_tenant: ids.acme },
    },
  });
  return {
    config,
    ...ids,
    async cleanup() {
      await postgres?.drop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const smtpPort = (server: RunningServer): number => Number(server.addresses.smtp!.split(':').pop());

/** Waits until every asynchronous analysis has run and every webhook delivery is settled (delivered or given up). */
async function webhooksSettled(server: RunningServer): Promise<void> {
  const deadline = Date.now() + 20_000;
  const busy = async () => (await server.runtime.store.db.selectFrom('analysis_jobs').select('analysis_id').execute()).length + (await server.runtime.services.outbox.pendingCount());
  while ((await busy()) > 0) {
    if (Date.now() > deadline) throw new Error('analyses or webhook deliveries still pending after 20 s');
    await new Promise((r) => setTimeout(r, 50));
  }
}

const count = async (store: Store, table: 'analyses' | 'webhook_events'): Promise<number> => (await store.db.selectFrom(table).select('id').execute()).length;
const eventIds = (receiver: Receiver): string[] => [...new Set(receiver.received.map((r) => r.json.id))];

describe.each(DIALECTS)('retries across a restart (%s)', (dialect) => {
  let refuse: (message: { rcptTo: string[] }) => SinkRefusal = () => null;
  let sink: SmtpSink;
  let receiver: Receiver;
  let world: World;
  let server: RunningServer | null = null;

  beforeEach(async () => {
    refuse = () => null;
    sink = await startSmtpSink({ respond: (m) => refuse(m) });
    receiver = await startReceiver({ secret: SECRET });
    world = await makeWorld(dialect, sink.port, receiver.url);
  });
  afterEach(async () => {
    await server?.close();
    server = null;
    await sink.close();
    await receiver.close();
    await world.cleanup();
  });

  /** Stops the running process (if any) and starts a new one on the same database. */
  async function restart(): Promise<RunningServer> {
    await server?.close();
    server = await startServer(world.config, logger);
    return server;
  }

  it('SMTP door: a message whose next hop was down, retried after a restart, is analysed and announced once', async () => {
    refuse = () => ({ code: 451, message: '4.3.0 next hop down' });
    const { id, raw } = mail();
    const envelope = { from: 'alice@sender.test', to: ['bob@acme.test'] };
    let running = await restart();
    expect((await sendRaw(smtpPort(running), envelope, raw)).code).toBe(451);
    await webhooksSettled(running);
    const [first] = await running.runtime.store.db.selectFrom('analyses').select('id').execute();
    expect(first).toBeDefined();

    running = await restart();
    refuse = () => null;
    const delivered = await sendRaw(smtpPort(running), envelope, raw);
    expect(delivered.code, delivered.response).toBe(250);
    expect(delivered.response).toContain(first!.id);
    await sink.waitFor(byId(id));
    await webhooksSettled(running);
    expect(await count(running.runtime.store, 'analyses')).toBe(1);
    expect(await count(running.runtime.store, 'webhook_events')).toBe(1);
    expect(eventIds(receiver)).toHaveLength(1);
    expect(receiver.received[0]!.json.data.analysis.analysis_id).toBe(first!.id);
  });

  it('SMTP door: a tenant copy handed on before a restart is not handed on again by the retry', async () => {
    // beta's copy fails (its next hop is down), acme's went out: Postfix retries the whole message.
    refuse = (m) => (m.rcptTo.some((r) => r.endsWith('@beta.test')) ? { code: 451, message: '4.3.0 beta down' } : null);
    const { id, raw } = mail();
    const envelope = { from: 'alice@sender.test', to: ['bob@acme.test', 'carol@beta.test'] };
    const copiesTo = (domain: string) => sink.messages.filter((m) => byId(id)(m) && m.rcptTo.some((r) => r.endsWith(domain))).length;
    let running = await restart();
    expect((await sendRaw(smtpPort(running), envelope, raw)).code).toBe(451);
    expect(copiesTo('@acme.test')).toBe(1);

    running = await restart();
    refuse = () => null;
    const retried = await sendRaw(smtpPort(running), envelope, raw);
    expect(retried.code, retried.response).toBe(250);
    expect(copiesTo('@acme.test')).toBe(1);
    expect(copiesTo('@beta.test')).toBe(1);
    // One analysis per tenant, made before the restart and reused after it.
    expect(await count(running.runtime.store, 'analyses')).toBe(2);
    expect(await count(running.runtime.store, 'webhook_events')).toBe(2);
  });

  it('API: an Idempotency-Key answers with the same analysis after a restart (synchronous and asynchronous); another body with it is refused', async () => {
    const analyze = async (running: RunningServer, body: object, key: string) => {
      const response = await fetch(`http://${running.addresses.http}/v1/analyze`, {
        method: 'POST',
        headers: { authorization: `Bearer ${world.key}`, 'content-type': 'application/json', 'idempotency-key': key },
        body: JSON.stringify(body),
      });
      return {
        status: response.status,
        replayed: response.headers.get('idempotent-replayed'),
        json: (await response.json()) as { data: { analysis_id: string }; quota: { used: number }; error: { message: string } },
      };
    };
    let running = await restart();
    const first = await analyze(running, SAMPLE_FIELDS, 'order-4711-attempt');
    expect(first.status).toBe(200);
    expect(first.replayed).toBeNull();
    // An asynchronous request is queued once, whenever its retry comes.
    const queued = await analyze(running, { ...SAMPLE_FIELDS, subject: 'Queued', async: true }, 'order-4712-attempt');
    expect(queued.status).toBe(202);
    await webhooksSettled(running);

    running = await restart();
    const again = await analyze(running, SAMPLE_FIELDS, 'order-4711-attempt');
    expect(again.status).toBe(200);
    expect(again.json.data.analysis_id).toBe(first.json.data.analysis_id);
    expect(again.replayed).toBe('true');
    const queuedAgain = await analyze(running, { ...SAMPLE_FIELDS, subject: 'Queued', async: true }, 'order-4712-attempt');
    expect(queuedAgain).toMatchObject({ status: 202, replayed: 'true', json: { data: { analysis_id: queued.json.data.analysis_id } } });
    // Charged once each: the synchronous analysis and the asynchronous one (on completion, before the restart).
    expect(again.json.quota.used).toBe(2);
    const conflict = await analyze(running, { ...SAMPLE_FIELDS, subject: 'Another message' }, 'order-4711-attempt');
    expect(conflict.status).toBe(400);
    expect(conflict.json.error.message).toMatch(/Idempotency-Key was already used/);
    await webhooksSettled(running);
    // The synchronous analysis and the asynchronous one, each analysed and announced once.
    expect(await count(running.runtime.store, 'analyses')).toBe(2);
    expect(await count(running.runtime.store, 'webhook_events')).toBe(2);
    expect(eventIds(receiver)).toHaveLength(2);
  });
});

describe.skipIf(!process.env.PHISHGATE_TEST_PG_URL)('two runtimes on one PostgreSQL racing one retry key (needs PHISHGATE_TEST_PG_URL)', () => {
  let runtimes: Runtime[] = [];
  let drop: (() => Promise<void>) | undefined;
  afterEach(async () => {
    for (const runtime of runtimes) {
      await runtime.analysis.close();
      await runtime.store.close();
    }
    runtimes = [];
    await drop?.();
  });

  it('makes one analysis, one charge and one webhook event per key (one queued analysis for asynchronous requests); both answer with it', async () => {
    const postgres = await createPostgresDatabase();
    drop = postgres.drop;
    const config = loadConfig({ env: {}, overrides: { database: { url: postgres.url }, auth: { verify: false }, webhooks: { allow_private_targets: true } } });
    runtimes = [await createRuntime(config, logger), await createRuntime(config, logger)];
    const [a, b] = runtimes as [Runtime, Runtime];
    const tenant = await a.services.tenants.create({ name: 'acme', planCode: 'starter' });
    await a.services.webhooks.create({ tenant, livemode: true }, { url: 'http://127.0.0.1:9/hook', events: ['analysis.completed'], secret: SECRET });
    const principal = { tenant, livemode: true };
    const keys = ['race-1', 'race-2', 'race-3', 'race-4', 'race-5'];
    for (const key of keys) {
      const message = await parseRawMessage(mail({ subject: `Race ${key}` }).raw);
      const options = { source: 'api' as const, chargeQuota: true, idempotency: { key, fingerprint: `body of ${key}` } };
      const outcomes = await Promise.all([a.services.analysis.analyze(principal, message, options), b.services.analysis.analyze(principal, message, options)]);
      expect(outcomes[0].record.analysis_id).toBe(outcomes[1].record.analysis_id);
      expect(outcomes.filter((o) => o.replayed)).toHaveLength(1);
    }
    expect(await count(a.store, 'analyses')).toBe(keys.length);
    expect(await count(a.store, 'webhook_events')).toBe(keys.length);
    expect((await a.services.quota.state(tenant)).used).toBe(keys.length);
    // Asynchronous requests: one queued analysis (and one job) per key, whichever runtime queued it.
    for (const key of ['queued-1', 'queued-2', 'queued-3']) {
      const message = await parseRawMessage(mail({ subject: `Queued ${key}` }).raw);
      const options = { source: 'api' as const, chargeQuota: true, idempotency: { key, fingerprint: `body of ${key}` } };
      const queued = await Promise.all([a.services.asyncAnalysis.enqueue(principal, message, options), b.services.asyncAnalysis.enqueue(principal, message, options)]);
      expect(queued[0].analysisId).toBe(queued[1].analysisId);
      expect(queued.filter((q) => q.replayed)).toHaveLength(1);
    }
    expect((await a.store.db.selectFrom('analysis_jobs').select('analysis_id').execute()).length).toBe(3);
  });
});
