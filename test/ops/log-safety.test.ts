import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MilterClient } from '../../src/milter/client.js';
import { cli } from '../support/cli.js';
import { startServeProcess, type ServeProcess } from '../support/serve-process.js';

/** Issue 7: logs never carry keys, secrets or message bodies, even at the most verbose level. */
describe('log safety', () => {
  let dir: string;
  let server: ServeProcess | null = null;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'phishgate-logs-'));
  });
  afterEach(async () => {
    await server?.stop();
    server = null;
    rmSync(dir, { recursive: true, force: true });
  });

  it('keeps keys, subjects and bodies out of trace-level logs across the API and the milter', async () => {
    const env: NodeJS.ProcessEnv = { PHISHGATE_DB: join(dir, 'p.db') };
    const tenant = JSON.parse((await cli(['tenant', 'create', '--name', 'logs', '--plan', 'starter'], env)).stdout);
    const { key } = JSON.parse((await cli(['key', 'create', '--tenant', tenant.id], env)).stdout);
    writeFileSync(join(dir, 'c.yaml'), `gateway:\n  default_tenant: ${tenant.id}\n`);
    server = await startServeProcess({ ...env, PHISHGATE_CONFIG: join(dir, 'c.yaml'), PHISHGATE_LOG_LEVEL: 'trace' });
    const api = `http://${server.addresses.http}/v1`;
    const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
    const markers = ['SUBJECT-MARKER-7f3a', 'BODY-MARKER-91c2', 'HTML-MARKER-55aa', 'RAW-MARKER-0b0b', 'MILTER-BODY-MARKER-d00d', 'MILTER-SUBJECT-MARKER-e11e'];

    await fetch(`${api}/analyze`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ subject: markers[0], from: 'a@b.example', body_text: `${markers[1]} http://198.51.100.1/`, body_html: `<p>${markers[2]}</p>` }),
    });
    const raw = Buffer.from(`From: a@b.example\r\nSubject: hi\r\n\r\n${markers[3]}\r\n`).toString('base64');
    await fetch(`${api}/analyze`, { method: 'POST', headers, body: JSON.stringify({ raw_email: raw }) });
    // Failing requests log too: a bad body and a bad key.
    await fetch(`${api}/analyze`, { method: 'POST', headers, body: JSON.stringify({ subject: markers[0], from: 'nope', body_text: markers[1] }) });
    await fetch(`${api}/usage`, { headers: { authorization: `Bearer ${key.slice(0, -2)}zz` } });

    const [host, port] = server.addresses.milter!.split(':');
    const client = await MilterClient.connect({ host: host!, port: Number(port) });
    await client.open({ hostname: 'c.example', address: '192.0.2.9', port: 1, helo: 'c.example' });
    await client.send({ mailFrom: 'x@outside.example', rcptTo: ['y@acme.test'], headers: [['Subject', markers[5]!]], body: `${markers[4]}\r\n` });
    await client.quit();

    const logs = server.logs();
    expect(logs).toContain('"reqId"');
    expect(logs).toMatch(/"session"/);
    expect(logs).not.toContain(key);
    expect(logs).not.toContain(key.slice(9, 30));
    for (const marker of markers) expect(logs, marker).not.toContain(marker);
  });
});
