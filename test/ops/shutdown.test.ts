import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cli } from '../support/cli.js';
import { SteppedMilterPeer } from '../support/milter-wire.js';
import { startServeProcess, type ServeProcess } from '../support/serve-process.js';

describe('graceful shutdown of phishgate serve', () => {
  let dir: string;
  let env: NodeJS.ProcessEnv;
  let key: string;
  let tenantId: string;
  let server: ServeProcess | null = null;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'phishgate-shutdown-'));
    env = { PHISHGATE_DB: join(dir, 'p.db') };
    tenantId = JSON.parse((await cli(['tenant', 'create', '--name', 's', '--plan', 'enterprise'], env)).stdout).id;
    key = JSON.parse((await cli(['key', 'create', '--tenant', tenantId], env)).stdout).key;
    writeFileSync(join(dir, 'c.yaml'), `rate_limit:\n  per_second: 10000\n  burst: 10000\ngateway:\n  default_tenant: ${tenantId}\n`);
    env.PHISHGATE_CONFIG = join(dir, 'c.yaml');
  });
  afterEach(async () => {
    server?.child.kill('SIGKILL');
    server = null;
    rmSync(dir, { recursive: true, force: true });
  });

  const storedAnalyses = async (): Promise<number> => {
    const { createRuntime } = await import('../../src/main.js');
    const { loadConfig } = await import('../../src/config/loader.js');
    const pino = (await import('pino')).default;
    const runtime = await createRuntime(loadConfig({ env }), pino({ level: 'silent' }));
    const rows = await runtime.store.db.selectFrom('analyses').select('id').execute();
    await runtime.store.close();
    return rows.length;
  };

  it('finishes HTTP requests in flight on SIGTERM, exits 0, and every answered analysis is stored whole', async () => {
    server = await startServeProcess(env);
    const url = `http://${server.addresses.http}/v1/analyze`;
    const body = JSON.stringify({ subject: 's', from: 'a@b.example', body_text: 'hello '.repeat(5000) });
    const requests = Array.from({ length: 40 }, () =>
      fetch(url, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body }).then(
        async (res) => ({ status: res.status, id: ((await res.json()) as { data?: { analysis_id: string } }).data?.analysis_id }),
        () => ({ status: 0, id: undefined }),
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 30));
    const exit = server.stop('SIGTERM');
    const results = await Promise.all(requests);
    expect(await exit).toBe(0);
    server = null;
    const answered = results.filter((r) => r.status === 200);
    // Requests are either answered in full or refused before they started; never a 5xx from the shutdown.
    expect(results.every((r) => r.status === 200 || r.status === 0)).toBe(true);
    expect(answered.length).toBeGreaterThan(0);
    expect(await storedAnalyses()).toBe(answered.length);
  });

  it('lets a milter message already in progress get its verdict after SIGTERM', async () => {
    server = await startServeProcess(env);
    const [host, port] = server.addresses.milter!.split(':');
    const peer = await SteppedMilterPeer.connect(host!, Number(port));
    await peer.command({ kind: 'connect', hostname: 'client.example', family: 'inet', port: 4000, address: '192.0.2.1' });
    await peer.command({ kind: 'helo', name: 'client.example' });
    await peer.command({ kind: 'mail', args: ['<a@outside.example>'] });
    await peer.command({ kind: 'rcpt', args: ['<b@acme.test>'] });
    await peer.command({ kind: 'header', name: 'Subject', value: Buffer.from(' in flight') });

    const exit = server.stop('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 200));
    await peer.command({ kind: 'header', name: 'From', value: Buffer.from(' a@outside.example') });
    await peer.command({ kind: 'eoh' });
    await peer.command({ kind: 'body', chunk: Buffer.from('Hello, see you tomorrow.\r\n') });
    const { final, modifications } = await peer.endOfMessage();
    expect(final.kind).toBe('accept');
    expect(modifications).toContainEqual(expect.objectContaining({ name: 'X-Phishgate-Verdict' }));
    peer.end();
    expect(await exit).toBe(0);
    server = null;
    expect(await storedAnalyses()).toBe(1);
  });

  it('exits at once on a second signal', async () => {
    server = await startServeProcess(env);
    const [host, port] = server.addresses.milter!.split(':');
    const peer = await SteppedMilterPeer.connect(host!, Number(port));
    await peer.command({ kind: 'connect', hostname: 'c', family: 'inet', port: 1, address: '192.0.2.1' });
    await peer.command({ kind: 'mail', args: ['<a@outside.example>'] });
    // A message in progress keeps the first shutdown waiting (for up to shutdown.grace_ms).
    const exit = server.stop('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 200));
    server.child.kill('SIGTERM');
    expect(await exit).toBe(1);
    server = null;
  });
});
