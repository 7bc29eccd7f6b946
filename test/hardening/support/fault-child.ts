/**
 * The mail doors and the webhook worker in a process of their own, over a SQLite file that outlives it:
 * the fault-injection test kills this process (SIGKILL) at random points and starts it again. Built from
 * the same parts `serve` uses (store, services, gateway, SMTP door, milter door, webhook worker).
 * Env: FAULT_DB, FAULT_RELAY (host:port of the next hop), FAULT_TENANT. Prints one JSON line when ready.
 */
import pino from 'pino';
import { loadConfig } from '../../../src/config/loader.js';
import { systemClock } from '../../../src/core/clock.js';
import { newId } from '../../../src/core/ids.js';
import { createEngineFromConfig } from '../../../src/engine/create.js';
import { createGateway } from '../../../src/services/gateway/gateway.js';
import { createWebhookWorker } from '../../../src/jobs/webhook-worker.js';
import { parseRawMessage } from '../../../src/mail/parse-raw.js';
import { createMilterServer } from '../../../src/milter/server.js';
import { createServices } from '../../../src/services/index.js';
import { webhookSettingsFromConfig } from '../../../src/services/webhooks/settings.js';
import { createSmtpRelay, startSmtpServer } from '../../../src/smtp/index.js';
import { migrateToLatest, openStore } from '../../../src/store/database.js';

const config = loadConfig({
  env: {},
  overrides: {
    smtp: { port: 0, host: '127.0.0.1', relay: process.env.FAULT_RELAY, relay_timeout_ms: 5000 },
    milter: { port: 0, host: '127.0.0.1' },
    gateway: { default_tenant: process.env.FAULT_TENANT },
    webhooks: { allow_private_targets: true, timeout_ms: 2000, poll_interval_ms: 50, retry_schedule_s: [1] },
  },
});
const logger = pino({ level: 'silent' });
const store = openStore(process.env.FAULT_DB!);
await migrateToLatest(store);
const clock = systemClock;
const services = createServices({ store, clock, newId: (p) => newId(p, clock.now()) }, { engine: createEngineFromConfig(config), retentionDays: 30, webhooks: webhookSettingsFromConfig(config.webhooks) });
const gateway = createGateway({ config, analysis: services.analysis, findTenant: services.tenants.find, parse: parseRawMessage, quarantine: services.quarantine, logger });
const relay = createSmtpRelay(config.smtp, logger);
const smtp = await startSmtpServer({ config, gateway, relay, logger, deliveredCopies: services.deliveredCopies });
const milter = createMilterServer({ config, gateway, logger });
const milterAddress = await milter.listen();
const worker = createWebhookWorker({
  outbox: services.outbox,
  clock,
  logger,
  version: 'fault',
  timeoutMs: config.webhooks.timeout_ms,
  maxResponseBytes: 256,
  perEndpointConcurrency: 4,
  globalConcurrency: 8,
  pollIntervalMs: config.webhooks.poll_interval_ms,
  allowPrivateTargets: true,
});
worker.start();
process.stdout.write(`${JSON.stringify({ ready: { smtp: Number(smtp.address.split(':').pop()), milter: milterAddress.port } })}\n`);
