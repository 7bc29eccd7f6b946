import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cli } from '../support/cli.js';
import { createPostgresDatabase } from '../support/dialects.js';
import { startServeProcess } from '../support/serve-process.js';

describe.skipIf(!process.env.PHISHGATE_TEST_PG_URL)('phishgate migrate-data (needs PHISHGATE_TEST_PG_URL)', () => {
  let dir: string;
  let pg: { url: string; drop: () => Promise<void> };
  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'phishgate-migrate-data-'));
    pg = await createPostgresDatabase();
  });
  afterEach(async () => {
    await pg.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('copies a SQLite installation into PostgreSQL, where the same keys, history and lists work', async () => {
    const sqlite = { PHISHGATE_DB: join(dir, 'phishgate.db') };
    const tenant = JSON.parse((await cli(['tenant', 'create', '--name', 'acme', '--plan', 'discovery'], sqlite)).stdout);
    const { key } = JSON.parse((await cli(['key', 'create', '--tenant', tenant.id], sqlite)).stdout);
    const before = await startServeProcess(sqlite);
    const api = `http://${before.addresses.http}/v1`;
    const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
    for (let i = 0; i < 3; i++) await fetch(`${api}/analyze`, { method: 'POST', headers, body: JSON.stringify({ subject: `s${i}`, from: 'a@b.example', body_text: 'hello' }) });
    await fetch(`${api}/blocklist`, { method: 'POST', headers, body: JSON.stringify({ type: 'domain', value: 'evil.example' }) });
    expect(await before.stop()).toBe(0);

    const copied = await cli(['migrate-data', '--from', `sqlite:${sqlite.PHISHGATE_DB}`, '--to', pg.url, '--batch-size', '2'], {});
    expect(copied.code).toBe(0);
    expect(JSON.parse(copied.stdout).copied).toMatchObject({ tenants: 1, api_keys: 1, analyses: 3, usage_counters: 1, list_entries: 1, plans: 5 });

    const after = await startServeProcess({ PHISHGATE_DB: pg.url });
    try {
      const base = `http://${after.addresses.http}/v1`;
      const list = (await (await fetch(`${base}/analyses`, { headers })).json()) as { data: { total: number } };
      expect(list.data.total).toBe(3);
      const usage = (await (await fetch(`${base}/usage`, { headers })).json()) as { data: { used: number } };
      expect(usage.data.used).toBe(3);
      const verdict = (await (await fetch(`${base}/analyze`, { method: 'POST', headers, body: JSON.stringify({ subject: 'x', from: 'x@evil.example', body_text: 'y' }) })).json()) as { data: { verdict: string } };
      expect(verdict.data.verdict).toBe('phishing');
    } finally {
      await after.stop();
    }

    const again = await cli(['migrate-data', '--from', `sqlite:${sqlite.PHISHGATE_DB}`, '--to', pg.url], {});
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/not empty/);
  });

  it('refuses bad usage with exit 2', async () => {
    expect((await cli(['migrate-data', '--to', pg.url], {})).code).toBe(2);
    expect((await cli(['migrate-data', '--from', 'a.db', '--to', 'b.db'], {})).stderr).toMatch(/PostgreSQL/);
  });
});
