import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cli } from '../support/cli.js';
import { CuttableProxy } from '../support/cuttable-proxy.js';
import { createPostgresDatabase } from '../support/dialects.js';
import { startServeProcess, type ServeProcess } from '../support/serve-process.js';

describe.skipIf(!process.env.PHISHGATE_TEST_PG_URL)('readiness when PostgreSQL goes away and comes back (needs PHISHGATE_TEST_PG_URL)', () => {
  let pg: { url: string; drop: () => Promise<void> };
  let server: ServeProcess | null = null;
  beforeEach(async () => {
    pg = await createPostgresDatabase();
  });
  afterEach(async () => {
    await server?.stop();
    server = null;
    await pg.drop();
  });

  it('answers 503 on /readyz and 500 on the API while the database is unreachable, and recovers by itself', async () => {
    const target = new URL(pg.url);
    const proxy = new CuttableProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const port = await proxy.listen();
    const viaProxy = new URL(pg.url);
    viaProxy.port = String(port);
    const env = { PHISHGATE_DB: viaProxy.toString() };
    const tenant = JSON.parse((await cli(['tenant', 'create', '--name', 'r', '--plan', 'starter'], env)).stdout);
    const { key } = JSON.parse((await cli(['key', 'create', '--tenant', tenant.id], env)).stdout);
    server = await startServeProcess(env);
    const base = `http://${server.addresses.http}`;
    const usage = () => fetch(`${base}/v1/usage`, { headers: { authorization: `Bearer ${key}` } });
    expect((await fetch(`${base}/readyz`)).status).toBe(200);

    await proxy.cut();
    const down = await fetch(`${base}/readyz`);
    expect(down.status).toBe(503);
    expect(((await down.json()) as { checks: { store: string } }).checks.store).not.toBe('ok');
    const failed = await usage();
    expect(failed.status).toBe(500);
    expect(((await failed.json()) as { error: { code: string } }).error.code).toBe('internal_error');
    expect((await fetch(`${base}/healthz`)).status).toBe(200);

    await proxy.listen(port);
    let ready = 503;
    for (let i = 0; i < 50 && ready !== 200; i++) {
      ready = (await fetch(`${base}/readyz`)).status;
      if (ready !== 200) await new Promise((r) => setTimeout(r, 200));
    }
    expect(ready).toBe(200);
    expect((await usage()).status).toBe(200);
    await proxy.cut();
  });
});
