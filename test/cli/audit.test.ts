/**
 * Issue 34 item 2: keys made and revoked with the command line are in the audit log with "cli" as the
 * actor (docs/console.md, "Audit log"), read back through `phishgate serve`'s GET /v1/audit over the
 * same SQLite file.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cli } from '../support/cli.js';
import { startServeProcess, type ServeProcess } from '../support/serve-process.js';

describe('phishgate key commands and the audit log', () => {
  let dir: string;
  let server: ServeProcess | null = null;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'phishgate-cli-audit-'));
  });
  afterEach(async () => {
    await server?.stop('SIGTERM');
    server = null;
    rmSync(dir, { recursive: true, force: true });
  });

  it('records key create (also init\'s admin key) and key revoke with actor "cli", in the key’s tenant and mode', async () => {
    const env = { PHISHGATE_DB: join(dir, 'phishgate.db') };
    const tenant = JSON.parse((await cli(['tenant', 'create', '--name', 'acme', '--plan', 'starter'], env)).stdout);
    const admin = JSON.parse((await cli(['key', 'create', '--tenant', tenant.id, '--name', 'ops'], env)).stdout);
    const sandbox = JSON.parse((await cli(['key', 'create', '--tenant', tenant.id, '--mode', 'test', '--name', 'ci'], env)).stdout);
    const spare = JSON.parse((await cli(['key', 'create', '--tenant', tenant.id, '--scopes', 'read', '--name', 'spare'], env)).stdout);
    expect((await cli(['key', 'revoke', spare.id], env)).code).toBe(0);
    // `init` makes its own tenant and admin key: recorded the same way.
    const init = await cli(['init', '--config', join(dir, 'phishgate.yaml'), '--no-smtp', '--no-milter'], env);
    expect(init.code, init.stderr).toBe(0);
    const initKey = JSON.parse(init.stdout).key as { id: string; key: string };

    server = await startServeProcess(env);
    const audit = async (key: string) => {
      const response = await fetch(`http://${server!.addresses.http}/v1/audit`, { headers: { authorization: `Bearer ${key}` } });
      expect(response.status).toBe(200);
      return ((await response.json()) as { data: { items: Array<Record<string, unknown>> } }).data.items;
    };
    const live = await audit(admin.key);
    expect(live.map((e) => [e.action, e.target_id, e.actor_key_id, e.via])).toEqual([
      ['key_revoke', spare.id, 'cli', 'cli'],
      ['key_create', spare.id, 'cli', 'cli'],
      ['key_create', admin.id, 'cli', 'cli'],
    ]);
    expect(live[1]).toMatchObject({ target_type: 'api_key', operator: false, detail: { name: 'spare', scopes: 'read', mode: 'live' } });
    // The secret printed once by `key create` is never in the log.
    for (const { key } of [admin, sandbox, spare]) expect(JSON.stringify(live)).not.toContain(key);
    // A test key's creation is in the test namespace, where test keys look.
    expect((await audit(sandbox.key)).map((e) => [e.action, e.target_id, e.actor_key_id])).toEqual([['key_create', sandbox.id, 'cli']]);
    expect((await audit(initKey.key)).map((e) => [e.action, e.target_id, e.actor_key_id, e.via])).toEqual([['key_create', initKey.id, 'cli', 'cli']]);
  });
});
