import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DAY_MS, manualClock } from '../../src/core/clock.js';
import { loadConfig } from '../../src/config/loader.js';
import type { GatewayDecision } from '../../src/core/gateway.js';
import { createRuntime, type Runtime } from '../../src/main.js';
import { rawMessageFromBuffer } from '../../src/mail/spool.js';
import { createPostgresDatabase } from '../support/dialects.js';
import { DIALECTS } from '../support/dialects.js';

describe.each(DIALECTS)('retention of quarantined messages (%s)', (dialect) => {
  let dir: string;
  let runtime: Runtime;
  let drop: (() => Promise<void>) | undefined;
  const clock = manualClock('2026-11-01T00:00:00.000Z');

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'phishgate-qret-'));
    const postgres = dialect === 'postgres' ? await createPostgresDatabase() : null;
    drop = postgres?.drop;
    const config = loadConfig({ env: {}, overrides: { database: { url: postgres ? postgres.url : join(dir, 'p.db') }, gateway: { quarantine_days: 10 } } });
    runtime = await createRuntime(config, pino({ level: 'silent' }), clock);
  });
  afterEach(async () => {
    await runtime.store.close();
    await drop?.();
    rmSync(dir, { recursive: true, force: true });
  });

  it('deletes entries older than gateway.quarantine_days and keeps the rest', async () => {
    const tenant = await runtime.services.tenants.create({ name: 'acme', planCode: 'starter' });
    const decision: GatewayDecision = {
      action: 'quarantine',
      verdict: 'phishing',
      addHeaders: [],
      newSubject: null,
      reject: null,
      quarantineReason: 'phishgate: phishing',
      tenants: [{ tenantId: tenant.id, recipients: ['bob@acme.test'], analysisId: 'an_x', verdict: 'phishing', score: 0.9, action: 'quarantine', reasons: [] }],
    };
    const store = () => runtime.services.quarantine.store(rawMessageFromBuffer(Buffer.from('Subject: x\r\n\r\nbody\r\n')), { mailFrom: 'a@b.test', rcptTo: ['bob@acme.test'] }, decision, 'smtp');
    const [old] = await store();
    clock.advance(5 * DAY_MS);
    const [young] = await store();
    clock.advance(6 * DAY_MS);

    const report = await runtime.retention.run();
    expect(report.quarantined_messages).toBe(1);
    const principal = { tenant, livemode: true };
    await expect(runtime.services.quarantine.get(principal, old!)).rejects.toThrow(/not found/);
    expect((await runtime.services.quarantine.get(principal, young!)).id).toBe(young);
  });
});
