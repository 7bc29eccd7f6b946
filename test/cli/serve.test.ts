import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cli } from '../support/cli.js';
import { startServeProcess } from '../support/serve-process.js';

describe('phishgate serve', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'phishgate-serve-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('creates and migrates the database on first start, serves the API and exits 0 on SIGTERM', async () => {
    const env = { PHISHGATE_DB: join(dir, 'data', 'phishgate.db') };
    const server = await startServeProcess(env);
    expect(existsSync(env.PHISHGATE_DB)).toBe(true);
    const tenant = JSON.parse((await cli(['tenant', 'create', '--name', 'acme', '--plan', 'starter'], env)).stdout);
    const { key } = JSON.parse((await cli(['key', 'create', '--tenant', tenant.id], env)).stdout);

    const res = await fetch(`http://${server.addresses.http}/v1/analyze`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ subject: 'Hello', from: 'a@b.example', body_text: 'see you tomorrow' }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-quota-used')).toBe('1');
    expect(((await res.json()) as { data: { verdict: string } }).data.verdict).toBe('safe');

    expect(await server.stop('SIGTERM')).toBe(0);
    expect(server.logs()).not.toContain(key);
    expect(server.logs()).not.toContain('see you tomorrow');
  });

  it('refuses to start on an invalid configuration, naming the field', async () => {
    await expect(startServeProcess({ PHISHGATE_DB: join(dir, 'x.db'), PHISHGATE_LOG_LEVEL: 'loud' })).rejects.toThrow(/log\.level/);
  });
});
