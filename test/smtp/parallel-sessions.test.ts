import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/loader.js';
import { createRuntime, startServer, type RunningServer } from '../../src/main.js';
import { headerValues, startSmtpSink, type SmtpSink } from '../support/smtp-sink.js';
import { byId, mail, sendRaw } from './helpers/door.js';

/**
 * Sessions of the SMTP door are analysed side by side, not one after the other: `serve` with its worker
 * pool, whose workers hold a message marked RENDEZVOUS-2-<tag> until a second one has reached them too
 * (fixtures/rendezvous-worker.ts). Nothing is timed: a door that analysed one session's message only after
 * the other's would let the first one's parses fail, and pass it on unscanned.
 */
const workerUrl = new URL('./fixtures/rendezvous-worker.ts', import.meta.url);
const logger = pino({ level: 'silent' });

describe('two SMTP sessions at once', () => {
  let sink: SmtpSink;
  let server: RunningServer;
  let dir: string;
  let port: number;
  beforeAll(async () => {
    sink = await startSmtpSink();
    dir = mkdtempSync(join(tmpdir(), 'phishgate-parallel-'));
    const env = { PHISHGATE_DB: join(dir, 'p.db') };
    const setup = await createRuntime(loadConfig({ env }), logger);
    const tenant = await setup.services.tenants.create({ name: 'acme', planCode: 'enterprise', quotaLimit: null });
    await setup.store.close();
    const config = loadConfig({
      env,
      overrides: {
        http: { enabled: false },
        milter: { enabled: false },
        smtp: { port: 0, relay: `127.0.0.1:${sink.port}` },
        gateway: { default_tenant: tenant.id },
        engine: { workers: { size: 2, deadline_ms: 60_000 } },
      },
    });
    server = await startServer(config, logger, undefined, { workerUrl });
    port = Number(server.addresses.smtp!.split(':').pop());
  });
  afterAll(async () => {
    await server?.close();
    await sink?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('both messages reach the analysis before either is answered, and both are scanned and relayed', async () => {
    const messages = [mail({ subject: 'RENDEZVOUS-2-figures quarterly figures' }), mail({ subject: 'RENDEZVOUS-2-lunch lunch on Friday' })];
    const replies = await Promise.all(messages.map((m) => sendRaw(port, { from: 'alice@sender.test', to: ['bob@acme.test'] }, m.raw)));
    for (const reply of replies) {
      expect(reply.code, reply.response).toBe(250);
      expect(reply.response).toMatch(/scanned \(an_/);
    }
    for (const m of messages) expect(headerValues((await sink.waitFor(byId(m.id))).raw, 'X-Phishgate-Skipped')).toEqual([]);
  }, 90_000);
});
