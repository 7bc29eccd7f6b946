import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStore } from '../../src/store/database.js';
import { cli } from '../support/cli.js';
import { startServeProcess, type ServeProcess } from '../support/serve-process.js';

/**
 * A 200 from POST /v1/analyze means the analysis is stored (docs/api.md): killed without any chance to
 * flush or close, the process leaves every acknowledged analysis, and its charge, in the database file.
 */
describe('acknowledged analyses survive a killed process', () => {
  let dir: string;
  let server: ServeProcess | null = null;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'phishgate-ack-'));
  });
  afterEach(async () => {
    await server?.stop('SIGKILL');
    server = null;
    rmSync(dir, { recursive: true, force: true });
  });

  it('finds every analysis answered 200 after SIGKILL, with the usage counter that charged it', async () => {
    const db = join(dir, 'p.db');
    const env: NodeJS.ProcessEnv = { PHISHGATE_DB: db };
    const tenant = JSON.parse((await cli(['tenant', 'create', '--name', 'ack', '--plan', 'starter'], env)).stdout);
    const { key } = JSON.parse((await cli(['key', 'create', '--tenant', tenant.id], env)).stdout);
    server = await startServeProcess(env);
    const post = (i: number) =>
      fetch(`http://${server!.addresses.http}/v1/analyze`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ subject: `hello ${i}`, from: 'a@b.example', body_text: 'see you at http://198.51.100.7/' }),
      });
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => post(i)));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    const ids = await Promise.all(answers.map(async (a) => ((await a.json()) as { data: { analysis_id: string } }).data.analysis_id));
    await server.stop('SIGKILL');
    server = null;

    const store = openStore(db);
    try {
      const rows = await store.db.selectFrom('analyses').select(['id', 'status', 'result_json']).where('id', 'in', ids).execute();
      expect(rows.map((r) => r.id).sort()).toEqual([...ids].sort());
      for (const row of rows) expect(JSON.parse(row.result_json!)).toMatchObject({ analysis_id: row.id, status: 'completed' });
      const usage = await store.db.selectFrom('usage_counters').select('used').where('tenant_id', '=', tenant.id).executeTakeFirst();
      expect(usage?.used).toBe(20);
    } finally {
      await store.close();
    }
  }, 120_000); // a hang guard: serve takes up to 20 s to start under tsx on a loaded machine
});
