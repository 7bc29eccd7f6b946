import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createReadiness } from '../../src/core/readiness.js';
import { cli } from '../support/cli.js';
import { startServeProcess, type ServeProcess } from '../support/serve-process.js';

describe('health, readiness and metrics of a running phishgate', () => {
  let dir: string;
  let env: NodeJS.ProcessEnv;
  let server: ServeProcess | null = null;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'phishgate-ops-'));
    env = { PHISHGATE_DB: join(dir, 'phishgate.db') };
  });
  afterEach(async () => {
    await server?.stop();
    server = null;
    rmSync(dir, { recursive: true, force: true });
  });

  const withConfig = (yaml: string): NodeJS.ProcessEnv => {
    writeFileSync(join(dir, 'extra.yaml'), yaml);
    return { ...env, PHISHGATE_CONFIG: join(dir, 'extra.yaml') };
  };

  it('answers /healthz and /readyz without a key and exports Prometheus metrics', async () => {
    server = await startServeProcess(env);
    const base = `http://${server.addresses.http}`;
    const health = await fetch(`${base}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
    const ready = await fetch(`${base}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ status: 'ready', checks: { store: 'ok', http: 'ok' } });

    const tenant = JSON.parse((await cli(['tenant', 'create', '--name', 'm', '--plan', 'starter'], env)).stdout);
    const { key } = JSON.parse((await cli(['key', 'create', '--tenant', tenant.id], env)).stdout);
    const analyzed = await fetch(`${base}/v1/analyze`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ subject: 'Urgent', from: 'a@b.example', body_text: 'verify your account at http://198.51.100.1/' }),
    });
    const verdict = ((await analyzed.json()) as { data: { verdict: string } }).data.verdict;
    // Health checks are free: they did not consume the rate limit or show up as authenticated calls.
    expect(analyzed.headers.get('x-quota-used')).toBe('1');

    const metrics = await fetch(`${base}/metrics`);
    expect(metrics.status).toBe(200);
    expect(metrics.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await metrics.text();
    expect(text).toContain(`phishgate_analyses_total{verdict="${verdict}",source="api",plan="starter",livemode="true"} 1`);
    expect(text).toMatch(/phishgate_rule_hits_total\{rule="URL_IP_HOST"\} 1/);
    expect(text).toMatch(/phishgate_engine_duration_seconds_count 1/);
    expect(text).toMatch(/phishgate_http_requests_total\{route="\/v1\/analyze",method="POST",status="200"\} 1/);
    expect(text).toMatch(/phishgate_http_requests_total\{route="\/healthz",method="GET",status="200"\} 1/);
    expect(text).toContain('phishgate_nodejs_eventloop_lag_seconds');
    expect(text).toMatch(/^phishgate_webhook_queue_depth 0$/m);
    expect(text).toMatch(/^phishgate_quarantine_messages 0$/m);
    expect(text).toContain('phishgate_smtp_sessions_total');
    expect(text).toContain('phishgate_milter_sessions_total');
    expect(text).not.toContain(key);
    expect(text).not.toContain(tenant.id);
  });

  it('serves /metrics on its own port when metrics.port is set, and not on the API port', async () => {
    server = await startServeProcess(withConfig('metrics:\n  port: 0\n'));
    expect(server.addresses.metrics).toMatch(/^127\.0\.0\.1:\d+$/);
    expect((await fetch(`http://${server.addresses.metrics}/metrics`)).status).toBe(200);
    expect((await fetch(`http://${server.addresses.http}/metrics`)).status).toBe(404);
  });

  it('serves no metrics when disabled', async () => {
    server = await startServeProcess(withConfig('metrics:\n  enabled: false\n'));
    expect((await fetch(`http://${server.addresses.http}/metrics`)).status).toBe(404);
    expect((await fetch(`http://${server.addresses.http}/healthz`)).status).toBe(200);
  });
});

describe('readiness', () => {
  it('is ready only when every check passes, and reports why not', async () => {
    const readiness = createReadiness(50);
    readiness.register('store', async () => true);
    expect(await readiness.evaluate()).toEqual({ ready: true, checks: { store: 'ok' } });
    readiness.register('smtp', async () => 'not listening');
    readiness.register('worker', () => Promise.reject(new Error('worker stopped')));
    readiness.register('slow', () => new Promise(() => {}));
    expect(await readiness.evaluate()).toEqual({
      ready: false,
      checks: { store: 'ok', smtp: 'not listening', worker: 'worker stopped', slow: 'no answer within 50 ms' },
    });
    readiness.unregister('smtp');
    readiness.unregister('worker');
    readiness.unregister('slow');
    expect((await readiness.evaluate()).ready).toBe(true);
  });
});
