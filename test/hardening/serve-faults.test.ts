/**
 * Faults seen through a real `phishgate serve` (docs/security.md "Faults and retries"): /readyz reports a
 * store that cannot be written, and a request whose headers overflow is answered in the JSON envelope
 * without its Authorization line reaching the logs.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli } from '../support/cli.js';
import { startServeProcess, type ServeProcess } from '../support/serve-process.js';

/** chattr +i needs root and a file system that supports it; the readiness test skips otherwise. */
function immutableSupported(dir: string): boolean {
  const probe = join(dir, 'chattr-probe');
  writeFileSync(probe, 'x');
  try {
    execFileSync('chattr', ['+i', probe], { stdio: 'ignore' });
    execFileSync('chattr', ['-i', probe], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

async function rawRequest(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let data = '';
    socket.on('data', (chunk) => (data += chunk.toString('latin1')));
    socket.on('end', () => resolve(data));
    socket.on('close', () => resolve(data));
    socket.on('error', reject);
    socket.write(request);
  });
}

describe('phishgate serve under faults', () => {
  let dir: string;
  let db: string;
  let server: ServeProcess;
  let canFreeze = false;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'phishgate-faults-'));
    canFreeze = immutableSupported(dir);
    db = join(dir, 'phishgate.db');
    await cli(['tenant', 'create', '--name', 'f', '--plan', 'starter'], { PHISHGATE_DB: db });
    server = await startServeProcess({ PHISHGATE_DB: db, PHISHGATE_LOG_LEVEL: 'trace' });
  }, 120_000);
  afterAll(async () => {
    if (canFreeze) execFileSync('chattr', ['-i', db]);
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers 431 in the JSON envelope and never logs the Authorization line of an overflowing request', async () => {
    const port = Number(server.addresses.http!.split(':').pop());
    const secret = 'svc_live_THIS_KEY_MUST_NOT_BE_LOGGED_0123456789';
    const answer = await rawRequest(port, `GET /v1/usage HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${secret}\r\nX-Padding: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(answer).toMatch(/^HTTP\/1\.1 431 /);
    const body = JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4));
    expect(body).toEqual({ success: false, error: { code: 'bad_request', message: expect.stringMatching(/headers are larger/) } });
    await new Promise((r) => setTimeout(r, 300));
    expect(server.logs()).not.toContain('THIS_KEY_MUST_NOT');
    expect(server.logs()).not.toContain('rawPacket');
  });

  it('reports the store not ready on /readyz once the database file cannot be written', async (ctx) => {
    if (!canFreeze) ctx.skip();
    const base = `http://${server.addresses.http}`;
    expect((await fetch(`${base}/readyz`)).status).toBe(200);
    execFileSync('chattr', ['+i', db]);
    try {
      const res = await fetch(`${base}/readyz`);
      expect(res.status).toBe(503);
      expect(((await res.json()) as { checks: { store: string } }).checks.store).toMatch(/^store is not writable/);
    } finally {
      execFileSync('chattr', ['-i', db]);
    }
    expect((await fetch(`${base}/readyz`)).status).toBe(200);
  });
});
