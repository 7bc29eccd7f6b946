import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cli } from '../support/cli.js';
import { createPostgresDatabase, DIALECTS } from '../support/dialects.js';
import { startServeProcess } from '../support/serve-process.js';
import { startReceiver, type Receiver } from './support/receiver.js';
import { SAMPLE_FIELDS } from '../support/harness.js';
import { SECRET } from './support/setup.js';

/** A real `phishgate serve` process, stopped and started again on the same database. */
describe.each(DIALECTS)('phishgate serve with webhooks (%s)', (dialect) => {
  let dir: string;
  let receiver: Receiver;
  let dropDatabase: (() => Promise<void>) | undefined;
  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'phishgate-webhooks-'));
    receiver = await startReceiver({ secret: SECRET });
  });
  afterEach(async () => {
    await receiver.close();
    await dropDatabase?.();
    rmSync(dir, { recursive: true, force: true });
  });

  it('keeps deliveries across a restart, delivers async results, and never logs the secret', async () => {
    let db = join(dir, 'phishgate.db');
    if (dialect === 'postgres') {
      const pg = await createPostgresDatabase();
      db = pg.url;
      dropDatabase = pg.drop;
    }
    // First run: the delivery worker is off, so the event can only be delivered by the next process.
    const noWorker = join(dir, 'no-worker.yaml');
    writeFileSync(noWorker, 'webhooks:\n  enabled: false\n  allow_private_targets: true\n');
    // The receiver listens on loopback, which the default target policy refuses (docs/webhooks.md "Targets").
    const withWorker = join(dir, 'with-worker.yaml');
    writeFileSync(withWorker, 'webhooks:\n  allow_private_targets: true\n');
    const env = { PHISHGATE_DB: db };
    const first = await startServeProcess({ ...env, PHISHGATE_CONFIG: noWorker });
    const tenant = JSON.parse((await cli(['tenant', 'create', '--name', 'acme', '--plan', 'starter'], env)).stdout);
    const { key } = JSON.parse((await cli(['key', 'create', '--tenant', tenant.id], env)).stdout);
    const api = (address: string) => async (method: string, path: string, body?: unknown) => {
      const res = await fetch(`http://${address}${path}`, {
        method,
        headers: { authorization: `Bearer ${key}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      return { status: res.status, json: (await res.json()) as { data: Record<string, unknown> & { analysis_id: string } } };
    };
    const call1 = api(first.addresses.http!);
    expect((await call1('POST', '/v1/webhooks', { url: receiver.url, events: ['analysis.completed'], secret: SECRET })).status).toBe(200);
    const before = await call1('POST', '/v1/analyze', SAMPLE_FIELDS);
    expect(before.status).toBe(200);
    expect(await first.stop('SIGTERM')).toBe(0);
    expect(receiver.received).toHaveLength(0);

    const second = await startServeProcess({ ...env, PHISHGATE_CONFIG: withWorker });
    try {
      const [delivered] = await receiver.waitFor(1);
      expect(delivered!.verified.ok).toBe(true);
      expect(delivered!.headers['user-agent']).toMatch(/^phishgate\/\d+\.\d+\.\d+ \(webhooks\)$/);
      expect(delivered!.json.data.analysis.analysis_id).toBe(before.json.data.analysis_id);

      const call2 = api(second.addresses.http!);
      const queued = await call2('POST', '/v1/analyze', { ...SAMPLE_FIELDS, async: true });
      expect(queued.status).toBe(202);
      const [, result] = await receiver.waitFor(2);
      expect(result!.json.data.analysis).toMatchObject({ analysis_id: queued.json.data.analysis_id, status: 'completed', verdict: 'safe' });
      expect((await call2('GET', `/v1/analyses/${queued.json.data.analysis_id}`)).json.data.status).toBe('completed');
    } finally {
      expect(await second.stop('SIGTERM')).toBe(0);
    }
    expect(first.logs() + second.logs()).not.toContain(SECRET);
  });
});
