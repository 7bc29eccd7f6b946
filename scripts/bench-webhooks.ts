/**
 * `npm run bench:webhooks [-- --events 10000 --requests 2000 --per-endpoint 2 --pace 200]`
 *
 * 1. Deliveries/s: N analyses are stored with one subscribed endpoint (N outbox rows), then the worker
 *    delivers them to a local keep-alive receiver that answers 204; time from start to last settlement.
 * 2. Extra latency of POST /v1/analyze with webhooks: sequential requests (app.inject) alternating in
 *    blocks between a tenant without endpoints and one with an endpoint; first with the worker idle (the
 *    cost of writing the outbox rows), then while the worker delivers each event as it is made: back to
 *    back (saturated), and paced at --pace requests/s.
 *
 * Store: a temporary SQLite file, or PHISHGATE_BENCH_DB=postgres://… (a scratch database: it is migrated
 * and written to). The machine is shared, so run it twice and quote medians.
 */
import { createReadiness } from '../src/core/readiness.js';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import pino from 'pino';
import { loadConfig } from '../src/config/loader.js';
import { systemClock } from '../src/core/clock.js';
import { newId } from '../src/core/ids.js';
import { emptyMessage } from '../src/core/message.js';
import { createEngine } from '../src/engine/engine.js';
import { buildApp } from '../src/http/server.js';
import { createWebhookWorker } from '../src/jobs/webhook-worker.js';
import { createServices } from '../src/services/index.js';
import { createMemoryRateLimiter } from '../src/services/rate-limiter.js';
import { webhookSettingsFromConfig } from '../src/services/webhooks/settings.js';
import { verifySignature } from '../src/services/webhooks/signature.js';
import { migrateToLatest, openStore } from '../src/store/database.js';

function option(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  const value = at >= 0 ? Number(process.argv[at + 1]) : fallback;
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} must be a positive integer`);
  return value;
}

const EVENTS = option('events', 10_000);
const REQUESTS = option('requests', 2_000);
const PACE = option('pace', 200);
const BLOCK = 100;
const SECRET = 'bench_secret_0123456789abcdef';

const percentile = (sorted: number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const stats = (samples: number[]) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p90: percentile(sorted, 90), p99: percentile(sorted, 99) };
};
const ms = (value: number): string => `${value.toFixed(3)} ms`;

async function startReceiver() {
  let received = 0;
  let badSignatures = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received += 1;
      // Verify a sample, as a receiver would, to show the load is real signed traffic.
      if (received % 100 === 1) {
        const result = verifySignature(String(req.headers['x-service-signature']), SECRET, Buffer.concat(chunks).toString('utf8'), Date.now());
        if (!result.ok) badSignatures += 1;
      }
      res.writeHead(204).end();
    });
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    counts: () => ({ received, badSignatures }),
    close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'phishgate-bench-'));
  const config = loadConfig({ env: {} });
  const perEndpoint = option('per-endpoint', config.webhooks.per_endpoint_concurrency);
  const store = openStore(process.env.PHISHGATE_BENCH_DB ?? join(dir, 'bench.db'));
  await migrateToLatest(store);
  const clock = systemClock;
  const engine = createEngine({ config: config.engine });
  const services = createServices(
    { store, clock, newId: (prefix) => newId(prefix, clock.now()) },
    { engine, retentionDays: 30, webhooks: webhookSettingsFromConfig(config.webhooks) },
  );
  const logger = pino({ level: 'silent' });
  const receiver = await startReceiver();
  const worker = createWebhookWorker({
    outbox: services.outbox,
    clock,
    logger,
    // The receiver listens on loopback (docs/webhooks.md "Targets").
    allowPrivateTargets: true,
    version: 'bench',
    timeoutMs: config.webhooks.timeout_ms,
    maxResponseBytes: config.webhooks.max_response_bytes,
    perEndpointConcurrency: perEndpoint,
    globalConcurrency: config.webhooks.global_concurrency,
    pollIntervalMs: config.webhooks.poll_interval_ms,
  });

  const tenant = await services.tenants.create({ name: 'bench', planCode: 'enterprise', quotaLimit: null });
  const principal = { tenant, livemode: true };
  await services.webhooks.create(principal, { url: receiver.url, events: ['analysis.completed'], secret: SECRET });
  const message = { ...emptyMessage(), subject: 'Invoice 42', from: { name: '', address: 'billing@vendor.example' }, text: 'Please find the invoice attached.' };

  // 1. Deliveries per second.
  for (let i = 0; i < EVENTS; i++) await services.analysis.analyze(principal, message, { source: 'api', chargeQuota: false });
  const t0 = performance.now();
  await worker.drain();
  const seconds = (performance.now() - t0) / 1000;
  const delivered = receiver.counts();
  console.log(
    JSON.stringify({
      bench: 'deliveries',
      dialect: store.dialect,
      events: EVENTS,
      per_endpoint_concurrency: perEndpoint,
      delivered: delivered.received,
      bad_signatures: delivered.badSignatures,
      seconds: Number(seconds.toFixed(2)),
      deliveries_per_s: Math.round(delivered.received / seconds),
    }),
  );

  // 2. Extra latency on POST /v1/analyze.
  const app = await buildApp({
    ...services,
    logger,
    bodyLimitBytes: config.http.body_limit_bytes,
    version: 'bench',
    rateLimiter: createMemoryRateLimiter(clock),
    defaultRate: { perSecond: 1e9, burst: 1e9 },
    readiness: createReadiness(),
  });
  const quiet = await services.tenants.create({ name: 'no-webhooks', planCode: 'enterprise', quotaLimit: null });
  const keyFor = async (tenantId: string) => (await services.keys.create({ tenantId, name: 'bench', scopes: ['write'], mode: 'live' })).secret;
  const keys = { off: await keyFor(quiet.id), on: await keyFor(tenant.id) };
  const body = { subject: 'Invoice 42', from: 'billing@vendor.example', body_text: 'Please find the invoice attached.' };
  const timeOne = async (mode: 'off' | 'on', into: number[]) => {
    const start = performance.now();
    const res = await app.inject({ method: 'POST', url: '/v1/analyze', headers: { authorization: `Bearer ${keys[mode]}` }, payload: body });
    if (res.statusCode !== 200) throw new Error(`analyze answered ${res.statusCode}: ${res.body}`);
    into.push(performance.now() - start);
  };
  /** Alternating blocks, so drift on a shared machine hits both sides alike. */
  const measure = async (scenario: string, paceMs = 0) => {
    const samples: Record<'off' | 'on', number[]> = { off: [], on: [] };
    const warmup: number[] = [];
    for (let i = 0; i < 200; i++) await timeOne(i % 2 ? 'on' : 'off', warmup);
    const deliveredBefore = receiver.counts().received;
    for (let done = 0; done < REQUESTS; done += BLOCK) {
      for (const mode of done % (2 * BLOCK) ? (['on', 'off'] as const) : (['off', 'on'] as const)) {
        for (let i = 0; i < BLOCK; i++) {
          const started = performance.now();
          await timeOne(mode, samples[mode]);
          const idle = paceMs - (performance.now() - started);
          if (idle > 0) await new Promise((resolve) => setTimeout(resolve, idle));
        }
      }
    }
    const off = stats(samples.off);
    const on = stats(samples.on);
    console.log(
      JSON.stringify({
        bench: 'analyze_latency',
        scenario,
        dialect: store.dialect,
        requests_per_mode: samples.on.length,
        without_webhooks: { p50: ms(off.p50), p90: ms(off.p90), p99: ms(off.p99) },
        with_webhooks: { p50: ms(on.p50), p90: ms(on.p90), p99: ms(on.p99) },
        extra_p50: ms(on.p50 - off.p50),
        extra_p90: ms(on.p90 - off.p90),
        delivered_during_run: receiver.counts().received - deliveredBefore,
      }),
    );
  };
  // The cost in the request itself: outbox rows written in the analysis transaction, worker idle.
  await measure('outbox_only');
  await worker.drain();
  // What serve does: the worker delivers each event while the next requests arrive. Back to back first
  // (a saturated process: every delivery competes with the next request for the CPU and the database)…
  worker.start();
  await measure('worker_delivering_back_to_back');
  await worker.drain();
  // …then paced at PACE requests/s, so deliveries can run between requests, as in a process not saturated.
  await measure(`worker_delivering_paced_${PACE}_per_s`, 1000 / PACE);
  await worker.drain();

  await worker.stop();
  await app.close();
  await receiver.close();
  await store.close();
  rmSync(dir, { recursive: true, force: true });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
