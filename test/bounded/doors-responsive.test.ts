import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/loader.js';
import { createRuntime, startServer, type RunningServer } from '../../src/main.js';
import { SteppedMilterPeer } from '../support/milter-wire.js';
import { headerValues, startSmtpSink, type SmtpSink } from '../support/smtp-sink.js';
import { byId, mail, sendRaw } from '../smtp/helpers/door.js';

/**
 * `serve` with analysis in worker threads. The worker entry is the real one plus a hook that makes a
 * message marked STALL-FOREVER keep its thread busy for good (what hostile mail did before analysis was
 * bounded), so the tests can hold a worker busy for as long as the deadline allows. Nothing is timed:
 * the assertions are on order (answered while the hostile message is still pending) and on outcomes.
 */
const workerUrl = new URL('./fixtures/stall-worker.ts', import.meta.url);
const logger = pino({ level: 'silent' });

interface Serve {
  server: RunningServer;
  key: string;
  http: string;
  smtpPort: number;
  milter: [string, number];
  close(): Promise<void>;
}

async function serve(sinkPort: number, deadlineMs: number, policy: { on_timeout_repeat?: 'tag' | 'quarantine' } = {}): Promise<Serve> {
  const dir = mkdtempSync(join(tmpdir(), 'phishgate-bounded-'));
  const env = { PHISHGATE_DB: join(dir, 'p.db') };
  const setup = await createRuntime(loadConfig({ env }), logger);
  const tenant = await setup.services.tenants.create({ name: 'acme', planCode: 'enterprise', quotaLimit: null });
  const { secret } = await setup.services.keys.create({ tenantId: tenant.id, name: 'test', scopes: ['read', 'write', 'admin'], mode: 'live' });
  await setup.store.close();
  const config = loadConfig({
    env,
    overrides: {
      http: { port: 0 },
      smtp: { port: 0, relay: `127.0.0.1:${sinkPort}` },
      milter: { port: 0, progress_interval_ms: 100 },
      rate_limit: { per_second: 10_000, burst: 10_000 },
      gateway: { default_tenant: tenant.id },
      engine: { workers: { size: 2, deadline_ms: deadlineMs, ...policy } },
    },
  });
  const server = await startServer(config, logger, undefined, { workerUrl });
  const [host, port] = server.addresses.milter!.split(':');
  return {
    server,
    key: secret,
    http: `http://${server.addresses.http}`,
    smtpPort: Number(server.addresses.smtp!.split(':')[1]),
    milter: [host!, Number(port)],
    async close() {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const post = (s: Serve, path: string, body: unknown) =>
  fetch(`${s.http}${path}`, { method: 'POST', headers: { authorization: `Bearer ${s.key}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });

/** The final milter answer as a word: a 4xx reply code is a temporary failure too. */
const finalWord = (final: { kind: string; text?: string }): string => (final.kind === 'replycode' ? (final.text?.startsWith('4') ? 'tempfail' : 'reject') : final.kind);

async function milterMessage(s: Serve, subject: string): Promise<{ final: string; progress: number }> {
  const peer = await SteppedMilterPeer.connect(...s.milter);
  await peer.command({ kind: 'connect', hostname: 'client.example', family: 'inet', port: 4000, address: '192.0.2.1' });
  await peer.command({ kind: 'mail', args: ['<a@outside.example>'] });
  await peer.command({ kind: 'rcpt', args: ['<b@acme.test>'] });
  await peer.command({ kind: 'header', name: 'Subject', value: Buffer.from(` ${subject}`) });
  await peer.command({ kind: 'header', name: 'From', value: Buffer.from(' a@outside.example') });
  await peer.command({ kind: 'eoh' });
  await peer.command({ kind: 'body', chunk: Buffer.from('Hello, see you tomorrow.\r\n') });
  const { final, progress } = await peer.endOfMessage();
  peer.end();
  return { final: finalWord(final as { kind: string; text?: string }), progress };
}

describe('serve stays responsive while a worker is busy with hostile mail', () => {
  let sink: SmtpSink;
  let s: Serve;
  beforeAll(async () => {
    sink = await startSmtpSink();
    // Long enough for the other requests to finish first on a loaded machine; the stalled request then ends with it.
    s = await serve(sink.port, 15_000);
  });
  afterAll(async () => {
    await s?.close();
    await sink?.close();
  });

  it('/healthz and another SMTP session are answered while the hostile analysis is pending; then it ends in 503 with Retry-After, recorded', async () => {
    const raw = mail({ subject: 'STALL-FOREVER' }).raw.toString('base64');
    let settled = false;
    const hostile = post(s, '/v1/analyze', { raw_email: raw }).then((res) => {
      settled = true;
      return res;
    });

    const health = await fetch(`${s.http}/healthz`);
    expect(health.status).toBe(200);
    expect(settled).toBe(false);

    const other = mail({ subject: 'Lunch on Friday' });
    const reply = await sendRaw(s.smtpPort, { from: 'alice@sender.test', to: ['bob@acme.test'] }, other.raw);
    expect(reply.code, reply.response).toBe(250);
    await sink.waitFor(byId(other.id));
    expect(settled).toBe(false);

    const res = await hostile;
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('30');
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('service_unavailable');

    const list = (await (await fetch(`${s.http}/v1/analyses?limit=10`, { headers: { authorization: `Bearer ${s.key}` } })).json()) as { data: { items: Array<{ analysis_id: string; status: string; source: string }> } };
    const failed = list.data.items.find((a) => a.status === 'failed' && a.source === 'api');
    expect(failed).toBeDefined();
    const stored = (await (await fetch(`${s.http}/v1/analyses/${failed!.analysis_id}`, { headers: { authorization: `Bearer ${s.key}` } })).json()) as { data: { coverage: string[]; error: { code: string } } };
    expect(stored.data.error.code).toBe('service_unavailable');
    expect(stored.data.coverage.join(' ')).toMatch(/parse stopped at the 15000 ms deadline; the worker was replaced/);
    expect(await s.server.runtime.metrics.registry.metrics()).toMatch(/phishgate_analysis_timeouts_total\{door="api",stage="parse"\} 1\n/);
  }, 90_000);
});

describe('timeout policy of the mail doors', () => {
  let sink: SmtpSink;
  let s: Serve;
  beforeAll(async () => {
    sink = await startSmtpSink();
    s = await serve(sink.port, 1_000);
  });
  afterAll(async () => {
    await s?.close();
    await sink?.close();
  });

  it('SMTP: the first timeout is a 451 (the MTA retries); the same message timing out again is delivered tagged unscanned', async () => {
    const hostile = mail({ subject: 'STALL-FOREVER' });
    const first = await sendRaw(s.smtpPort, { from: 'alice@sender.test', to: ['bob@acme.test'] }, hostile.raw);
    expect(first.code, first.response).toBe(451);
    const second = await sendRaw(s.smtpPort, { from: 'alice@sender.test', to: ['bob@acme.test'] }, hostile.raw);
    expect(second.code, second.response).toBe(250);
    const got = await sink.waitFor(byId(hostile.id));
    expect(headerValues(got.raw, 'X-Phishgate-Skipped')).toEqual(['timeout']);
    expect(headerValues(got.raw, 'X-Phishgate-Verdict')).toEqual([]);
  }, 60_000);

  it('milter: progress packets keep flowing while the worker is stuck, then tempfail; ordinary mail is accepted', async () => {
    const stuck = await milterMessage(s, 'STALL-FOREVER milter');
    expect(stuck.final).toBe('tempfail');
    expect(stuck.progress).toBeGreaterThan(0);
    expect((await milterMessage(s, 'Lunch')).final).not.toBe('tempfail');
  }, 60_000);

  it('keeps the timeouts of both mail doors as failed analyses', async () => {
    const list = (await (await fetch(`${s.http}/v1/analyses?limit=20`, { headers: { authorization: `Bearer ${s.key}` } })).json()) as { data: { items: Array<{ analysis_id: string; status: string; source: string }> } };
    const failed = list.data.items.filter((a) => a.status === 'failed');
    expect(new Set(failed.map((a) => a.source))).toEqual(new Set(['smtp', 'milter']));
  });

  it('counts each deadline hit in phishgate_analysis_timeouts_total by door', async () => {
    const text = await s.server.runtime.metrics.registry.metrics();
    // SMTP: the first attempt and its retry; milter: one message.
    expect(text).toMatch(/phishgate_analysis_timeouts_total\{door="smtp",stage="parse"\} 2\n/);
    expect(text).toMatch(/phishgate_analysis_timeouts_total\{door="milter",stage="parse"\} 1\n/);
    expect(text).not.toMatch(/phishgate_analysis_timeouts_total\{door="api"/);
  });
});

describe('on_timeout_repeat: quarantine', () => {
  let sink: SmtpSink;
  let s: Serve;
  beforeAll(async () => {
    sink = await startSmtpSink();
    s = await serve(sink.port, 1_000, { on_timeout_repeat: 'quarantine' });
  });
  afterAll(async () => {
    await s?.close();
    await sink?.close();
  });

  it('a message that times out twice in a row is held in quarantine, not retried again', async () => {
    const hostile = mail({ subject: 'STALL-FOREVER quarantine' });
    expect((await sendRaw(s.smtpPort, { from: 'alice@sender.test', to: ['bob@acme.test'] }, hostile.raw)).code).toBe(451);
    const second = await sendRaw(s.smtpPort, { from: 'alice@sender.test', to: ['bob@acme.test'] }, hostile.raw);
    expect(second.code, second.response).toBe(250);
    expect(second.response).toMatch(/quarantined by phishgate as qm_/);
    const held = (await (await fetch(`${s.http}/v1/quarantine`, { headers: { authorization: `Bearer ${s.key}` } })).json()) as { data: { items: Array<{ verdict: string; subject: string }> } };
    expect(held.data.items).toHaveLength(1);
    expect(held.data.items[0]!.verdict).toBe('suspicious');
  }, 60_000);
});
