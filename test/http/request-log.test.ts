import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cli } from '../support/cli.js';
import { startServeProcess, type ServeProcess } from '../support/serve-process.js';

/** docs/operations.md "Logs": one JSON line per request, with its reqId (the X-Request-Id answered). */
describe('request log', () => {
  let dir: string;
  let server: ServeProcess | null = null;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'phishgate-reqlog-'));
  });
  afterEach(async () => {
    await server?.stop();
    server = null;
    rmSync(dir, { recursive: true, force: true });
  });

  it('writes one line per request at info, with the request, the status and the time, for answers and refusals', async () => {
    const env: NodeJS.ProcessEnv = { PHISHGATE_DB: join(dir, 'p.db') };
    const tenant = JSON.parse((await cli(['tenant', 'create', '--name', 'logs', '--plan', 'starter'], env)).stdout);
    const { key } = JSON.parse((await cli(['key', 'create', '--tenant', tenant.id], env)).stdout);
    server = await startServeProcess({ ...env, PHISHGATE_LOG_LEVEL: 'info' });
    const api = `http://${server.addresses.http}/v1`;
    const analyzed = await fetch(`${api}/analyze`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ subject: 'hello', from: 'a@b.example', body_text: 'see you' }),
    });
    const refused = await fetch(`${api}/usage`, { headers: { authorization: 'Bearer svc_live_nope' } });
    expect([analyzed.status, refused.status]).toEqual([200, 401]);

    // Stopped first, so every line is written (a request's line goes out after its answer).
    await server.stop();
    const lines = server.logs().split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l) as Record<string, any>);
    for (const [response, method, url, status] of [[analyzed, 'POST', '/v1/analyze', 200], [refused, 'GET', '/v1/usage', 401]] as const) {
      const mine = lines.filter((l) => l.reqId === response.headers.get('x-request-id'));
      expect(mine, url).toHaveLength(1);
      expect(mine[0]).toMatchObject({ msg: 'request completed', req: { method, url }, res: { statusCode: status } });
      expect(typeof mine[0]!.responseTime).toBe('number');
    }
  }, 120_000); // a hang guard: serve takes up to 20 s to start under tsx on a loaded machine
});
