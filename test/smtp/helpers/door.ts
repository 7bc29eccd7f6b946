/**
 * The SMTP door as it runs in `serve`: the real gateway, services and store (SQLite file or
 * PostgreSQL), a real relay to a real SMTP sink on port 0, the door itself on port 0.
 */
import pino from 'pino';
import { createTransport } from 'nodemailer';
import type { Config } from '../../../src/config/schema.js';
import { createGateway } from '../../../src/services/gateway/gateway.js';
import type { Gateway } from '../../../src/core/gateway.js';
import { parseRawMessage } from '../../../src/mail/parse-raw.js';
import { createSmtpRelay, startSmtpServer, type Relay, type SmtpServer } from '../../../src/smtp/index.js';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppDeps } from '../../../src/http/server.js';
import { createReadiness } from '../../../src/core/readiness.js';
import { createMemoryRateLimiter } from '../../../src/services/rate-limiter.js';
import { createReleaseDelivery } from '../../../src/smtp/release.js';
import type { TestDialect } from '../../support/dialects.js';
import { createHarness, type Harness } from '../../support/harness.js';
import type { Zone } from '../../support/stub-dns.js';

type Section<K extends keyof Config> = Partial<Config[K]>;

export interface DoorOverrides {
  smtp?: Section<'smtp'>;
  gateway?: Section<'gateway'>;
  shutdown?: Section<'shutdown'>;
}

export interface TestDoor {
  h: Harness;
  /** Tenant for acme.test (and the default tenant) and for beta.test. */
  acme: string;
  beta: string;
  config: Config;
  gateway: Gateway;
  relay: Relay;
  door: SmtpServer;
  port: number;
  /** Blocks a sender for a tenant: its mail becomes phishing (score 0.95, docs/api.md). */
  block(tenantId: string, sender: string): Promise<void>;
  close(): Promise<void>;
}

export const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });

/**
 * DNS the door's verification sees: the test senders' domains send from loopback (the test clients) and
 * publish DMARC, so their allow entries decide (docs/authentication.md).
 */
export const DOOR_ZONE: Zone = {
  'TXT sender.test': [['v=spf1 ip4:127.0.0.0/8 -all']],
  'TXT _dmarc.sender.test': [['v=DMARC1; p=none']],
  'TXT vendor.test': [['v=spf1 ip4:127.0.0.0/8 -all']],
  'TXT _dmarc.vendor.test': [['v=DMARC1; p=none']],
};

export async function startTestDoor(options: { dialect: TestDialect; relayPort: number; dnsZone?: Zone; isOwnMail?: (bytes: Buffer, audience: { tenantId: string; recipients: readonly string[] }) => boolean } & DoorOverrides): Promise<TestDoor> {
  const h = await createHarness({ dialect: options.dialect, dnsZone: options.dnsZone ?? DOOR_ZONE });
  const acme = (await h.services.tenants.create({ name: 'acme', planCode: 'starter' })).id;
  const beta = (await h.services.tenants.create({ name: 'beta', planCode: 'starter' })).id;
  // Verdicts must not depend on how the engine judges test prose: senders at sender.test are on both
  // tenants' allow lists (verdict safe, docs/api.md), senders at evil.test are blocked per test (phishing).
  for (const id of [acme, beta]) {
    const tenant = (await h.services.tenants.get(id))!;
    await h.services.lists.add({ tenant, livemode: true }, 'allow', { type: 'domain', value: 'sender.test' });
  }
  const config: Config = {
    ...h.config,
    smtp: { ...h.config.smtp, port: 0, host: '127.0.0.1', relay: `127.0.0.1:${options.relayPort}`, relay_timeout_ms: 5000, ...options.smtp },
    gateway: { ...h.config.gateway, domains: { 'acme.test': acme, 'beta.test': beta }, default_tenant: acme, ...options.gateway },
    shutdown: { ...h.config.shutdown, ...options.shutdown },
  };
  const gateway = createGateway({ config, analysis: h.services.analysis, findTenant: h.services.tenants.find, parse: parseRawMessage, quarantine: h.services.quarantine, logger, authentication: h.services.authentication, isOwnMail: options.isOwnMail });
  const relay = createSmtpRelay(config.smtp, logger);
  let door: SmtpServer;
  try {
    door = await startSmtpServer({ config, gateway, relay, logger, deliveredCopies: h.services.deliveredCopies });
  } catch (error) {
    await h.close();
    throw error;
  }
  return {
    h,
    acme,
    beta,
    config,
    gateway,
    relay,
    door,
    port: Number(door.address.split(':').pop()),
    async block(tenantId, sender) {
      const tenant = (await h.services.tenants.get(tenantId))!;
      await h.services.lists.add({ tenant, livemode: true }, 'block', { type: 'email', value: sender });
    },
    async close() {
      await door.close();
      await relay.close();
      await h.close();
    },
  };
}

export interface SendResult {
  code: number;
  response: string;
}

/** Sends raw bytes with an explicit envelope, like Postfix's `scan` transport; resolves with the final reply. */
export async function sendRaw(port: number, envelope: { from: string; to: string[] }, raw: Buffer | string): Promise<SendResult> {
  const transport = createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true, name: 'mx.lab.test' });
  try {
    const info = await transport.sendMail({ envelope, raw });
    return { code: Number(info.response.slice(0, 3)), response: info.response };
  } catch (error) {
    const e = error as { responseCode?: number; response?: string; message: string };
    return { code: e.responseCode ?? 0, response: e.response ?? e.message };
  } finally {
    transport.close();
  }
}

let counter = 0;

/** A CRLF message with a unique Message-ID; `id` finds it at the sink. */
export function mail(options: { subject?: string; from?: string; headers?: string[]; body?: string | Buffer } = {}): { id: string; raw: Buffer } {
  const id = `<smtp-${process.pid}-${++counter}@sender.test>`;
  const head = [
    `From: ${options.from ?? 'Alice <alice@sender.test>'}`,
    'To: bob@acme.test',
    `Subject: ${options.subject ?? 'Lunch'}`,
    `Message-ID: ${id}`,
    'Date: Sat, 21 Nov 2026 10:00:00 +0000',
    ...(options.headers ?? []),
    '',
    '',
  ].join('\r\n');
  const body = options.body ?? 'See you at noon.\r\n';
  return { id, raw: Buffer.concat([Buffer.from(head), Buffer.isBuffer(body) ? body : Buffer.from(body)]) };
}

export const byId = (id: string) => (m: { raw: Buffer }) => m.raw.toString('latin1').includes(`Message-ID: ${id}`);

/**
 * The REST app over a test door's services (the same store and clock), releasing quarantined mail through
 * `relay`; `extra` adds or overrides dependencies (the console, self-service, page settings).
 */
export function buildDoorApp(t: TestDoor, relay: Relay, extra: Partial<AppDeps> = {}): Promise<FastifyInstance> {
  return buildApp({
    ...t.h.services,
    logger,
    bodyLimitBytes: t.config.http.body_limit_bytes,
    version: 'test',
    rateLimiter: createMemoryRateLimiter(t.h.clock),
    defaultRate: { perSecond: 1000, burst: 1000 },
    readiness: createReadiness(),
    releaseDelivery: createReleaseDelivery(relay),
    ...extra,
  });
}
