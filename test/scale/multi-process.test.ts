import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cli } from '../support/cli.js';
import { createPostgresDatabase } from '../support/dialects.js';
import { startServeProcess, type ServeProcess } from '../support/serve-process.js';

/** docs/operations.md: several phishgate processes on one PostgreSQL behave as one. */
describe.skipIf(!process.env.PHISHGATE_TEST_PG_URL)('three phishgate serve processes on one PostgreSQL (needs PHISHGATE_TEST_PG_URL)', () => {
  let pg: { url: string; drop: () => Promise<void> };
  let servers: ServeProcess[] = [];
  beforeEach(async () => {
    pg = await createPostgresDatabase();
  });
  afterEach(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    servers = [];
    await pg.drop();
  });

  const env = () => ({ PHISHGATE_DB: pg.url });
  const post = (server: ServeProcess, key: string, body: unknown) =>
    fetch(`http://${server.addresses.http}/v1/analyze`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  it("never overshoots Discovery's 100 analyses with 20 parallel requests over 3 processes, and shares rate-limit buckets", async () => {
    // Migrations run once here; the three processes then start on a migrated database.
    const tenant = JSON.parse((await cli(['tenant', 'create', '--name', 'acme', '--plan', 'discovery'], env())).stdout);
    await cli(['tenant', 'update', tenant.id, '--rate-limit', '1000'], env());
    const { key } = JSON.parse((await cli(['key', 'create', '--tenant', tenant.id], env())).stdout);
    servers = await Promise.all([startServeProcess(env()), startServeProcess(env()), startServeProcess(env())]);
    const mail = { subject: 'hello', from: 'a@b.example', body_text: 'see you' };

    for (let i = 0; i < 90; i++) expect((await post(servers[i % 3]!, key, mail)).status).toBe(200);
    const burst = await Promise.all(Array.from({ length: 20 }, (_, i) => post(servers[i % 3]!, key, mail)));
    const statuses = burst.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
    for (const refused of burst.filter((r) => r.status === 429)) {
      expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('quota_exceeded');
    }
    const usage = (await (await fetch(`http://${servers[1]!.addresses.http}/v1/usage`, { headers: { authorization: `Bearer ${key}` } })).json()) as { data: { used: number } };
    expect(usage.data.used).toBe(100);

    // Rate limit: a bucket of 5 refilled every 10 s is shared, whichever process a request reaches.
    const slow = JSON.parse((await cli(['tenant', 'create', '--name', 'slow', '--plan', 'enterprise'], env())).stdout);
    await cli(['tenant', 'update', slow.id, '--rate-limit', '0.1', '--rate-burst', '5'], env());
    const { key: slowKey } = JSON.parse((await cli(['key', 'create', '--tenant', slow.id], env())).stdout);
    const limited = await Promise.all(Array.from({ length: 15 }, (_, i) => post(servers[i % 3]!, slowKey, mail)));
    expect(limited.filter((r) => r.status === 200)).toHaveLength(5);
    expect(limited.filter((r) => r.status === 429)).toHaveLength(10);
  });
});
