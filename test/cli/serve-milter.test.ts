import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MilterClient } from '../../src/milter/client.js';
import { cli } from '../support/cli.js';
import { startServeProcess, type ServeProcess } from '../support/serve-process.js';

/** The milter door inside a real `phishgate serve`, through the real gateway, engine and store. */
describe('phishgate serve: milter door', () => {
  let dir: string;
  let server: ServeProcess | null = null;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'phishgate-serve-milter-'));
  });
  afterEach(async () => {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('analyses mail for the tenant of the recipient domain, holds phishing and records it with source milter', async () => {
    const env: NodeJS.ProcessEnv = { PHISHGATE_DB: join(dir, 'p.db') };
    const tenant = JSON.parse((await cli(['tenant', 'create', '--name', 'acme', '--plan', 'starter'], env)).stdout);
    const { key } = JSON.parse((await cli(['key', 'create', '--tenant', tenant.id], env)).stdout);
    // both: Postfix's hold queue and phishgate's own quarantine store.
    writeFileSync(join(dir, 'gw.yaml'), `gateway:\n  domains:\n    acme.test: ${tenant.id}\nmilter:\n  quarantine_mode: both\n`);
    server = await startServeProcess({ ...env, PHISHGATE_CONFIG: join(dir, 'gw.yaml') });
    const [host, port] = server.addresses.milter!.split(':');

    const client = await MilterClient.connect({ host: host!, port: Number(port) });
    await client.open({ hostname: '[192.0.2.7]', address: '192.0.2.7', port: 40000, helo: 'mx.outside.example' });
    const result = await client.send({
      mailFrom: 'service@paypa1-secure.example',
      rcptTo: ['alice@acme.test'],
      headers: [
        ['From', 'PayPal <service@paypa1-secure.example>'],
        ['To', 'alice@acme.test'],
        ['Subject', 'Urgent: account suspended'],
        ['Authentication-Results', 'mx.acme.test; spf=fail; dmarc=fail'],
      ],
      body: 'Verify your account immediately at http://198.51.100.23/login or it will be closed.\r\n',
    });
    await client.quit();
    expect(result.final.kind).toBe('accept');
    expect(result.modifications).toContainEqual(expect.objectContaining({ kind: 'quarantine' }));
    expect(result.modifications).toContainEqual(expect.objectContaining({ name: 'X-Phishgate-Verdict', value: expect.stringContaining('phishing') }));

    const list = await fetch(`http://${server.addresses.http}/v1/analyses?source=milter`, { headers: { authorization: `Bearer ${key}` } });
    const page = ((await list.json()) as { data: { total: number; items: Array<{ verdict: string; from: string }> } }).data;
    expect(page.total).toBe(1);
    expect(page.items[0]).toMatchObject({ verdict: 'phishing', from: 'PayPal <service@paypa1-secure.example>' });

    const metrics = await (await fetch(`http://${server.addresses.http}/metrics`)).text();
    expect(metrics).toMatch(/phishgate_milter_sessions_total 1/);
    expect(metrics).toMatch(/phishgate_milter_messages_total\{outcome="hold"\} 1/);
    expect(metrics).toContain('phishgate_analyses_total{verdict="phishing",source="milter",plan="starter",livemode="true"} 1');
    expect(metrics).toMatch(/^phishgate_quarantine_messages 1$/m);
    const quarantined = (await (await fetch(`http://${server.addresses.http}/v1/quarantine`, { headers: { authorization: `Bearer ${key}` } })).json()) as { data: { total: number } };
    expect(quarantined.data.total).toBe(1);
  });
});
