/**
 * Issue 34 item 4: `phishgate serve` on a port another program holds says which setting to change and its
 * environment variable (docs/cli.md, "serve"; docs/configuration.md), not only "EADDRINUSE". The real entry
 * point, against a real listener on a port the system chose.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runPhishgate } from '../support/cli.js';

describe('phishgate serve on a port in use', () => {
  let dir: string;
  let holder: Server;
  let port: number;
  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'phishgate-port-'));
    holder = createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    port = (holder.address() as AddressInfo).port;
  });
  afterEach(async () => {
    await new Promise((resolve) => holder.close(resolve));
    rmSync(dir, { recursive: true, force: true });
  });

  it.each([
    ['PHISHGATE_HTTP_PORT', 'http.port', 'the REST API'],
    ['PHISHGATE_SMTP_PORT', 'smtp.port', 'the SMTP content filter'],
    ['PHISHGATE_MILTER_PORT', 'milter.port', 'the milter'],
  ])('%s taken: exit 1 naming %s and the variable', { timeout: 120_000 }, async (variable, setting, door) => {
    const ports = { PHISHGATE_HTTP_PORT: '0', PHISHGATE_SMTP_PORT: '0', PHISHGATE_MILTER_PORT: '0', [variable]: String(port) };
    const run = await runPhishgate(['serve'], { PHISHGATE_DB: join(dir, 'phishgate.db'), ...ports });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`127.0.0.1:${port} is already in use`);
    expect(run.stderr).toContain(`${door}: set ${setting} in the configuration file or the environment variable ${variable}`);
    expect(run.stderr).toContain('0 picks a free port');
  });
});
