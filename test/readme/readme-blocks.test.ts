/**
 * The README's quick start and API walk-through, run verbatim on a fresh database in an empty directory,
 * so the README cannot drift from the code (docs/development.md). Only what cannot run in a test changes,
 * as in the Postfix block tests: `npx phishgate` and `npm start` are small shims running this checkout
 * (serve in the background), and the fixed ports (8080 for the API, 9000 for the webhook receiver) become
 * the free ports this run got.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../support/cli.js';
import { markedBlock, README_PATH } from '../support/readme-snippet.js';

const TSX = fileURLToPath(import.meta.resolve('tsx'));
const NO_DNS = join(ROOT, 'test', 'setup', 'no-real-dns.ts');
const CLI = join(ROOT, 'src', 'cli', 'main.ts');
const hasCurl = spawnSync('curl', ['--version']).status === 0;
const hasPython = spawnSync('python3', ['--version']).status === 0;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function shims(bin: string): void {
  mkdirSync(bin, { recursive: true });
  writeFileSync(
    join(bin, 'npx'),
    `#!/bin/sh\nif [ "$1" = phishgate ]; then shift; exec node --import "${TSX}" --import "${NO_DNS}" "${CLI}" "$@"; fi\necho "unexpected: npx $*" >&2; exit 99\n`,
  );
  // `npm start` in the foreground would never return: the shim starts serve in the background and
  // returns once it listens, leaving its pid and log in the working directory.
  writeFileSync(
    join(bin, 'npm'),
    `#!/bin/sh
[ "$1" = start ] || { echo "unexpected: npm $*" >&2; exit 99; }
node --import "${TSX}" --import "${NO_DNS}" "${CLI}" serve > serve.log 2>&1 &
echo $! > serve.pid
i=0
until grep -q '"phishgate listening"' serve.log; do
  kill -0 "$(cat serve.pid)" 2>/dev/null || { cat serve.log >&2; exit 1; }
  i=$((i + 1)); [ $i -gt 1200 ] && exit 1
  sleep 0.1
done
`,
  );
  chmodSync(join(bin, 'npx'), 0o755);
  chmodSync(join(bin, 'npm'), 0o755);
}

const block = (name: string): string => markedBlock(README_PATH, name);

function bash(script: string, cwd: string, env: NodeJS.ProcessEnv): { status: number | null; stdout: string; stderr: string } {
  const run = spawnSync('bash', ['-e', '-o', 'pipefail', '-c', script], { cwd, env, encoding: 'utf8', timeout: 240_000 });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

describe.skipIf(!hasCurl)('README blocks, verbatim, on a fresh database', { timeout: 300_000 }, () => {
  let dir: string;
  let env: NodeJS.ProcessEnv;
  let apiAddress: string;
  let initOutput: string;
  let bin: string;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'phishgate-readme-'));
    // As in an installation directory: the packages beside the working directory (under tsx the engine's
    // worker threads import tsx from there; built code does not need it).
    symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
    bin = join(tmpdir(), `phishgate-readme-bin-${process.pid}-${Date.now()}`);
    shims(bin);
    // Port 0 everywhere: init writes the free ports into the configuration, serve logs what it got.
    env = { ...process.env, PATH: `${bin}:${process.env.PATH}`, PHISHGATE_HTTP_PORT: '0', PHISHGATE_SMTP_PORT: '0', PHISHGATE_MILTER_PORT: '0', PHISHGATE_CONFIG: '', PHISHGATE_DB: '', PHISHGATE_LOG_LEVEL: 'info', PHISHGATE_WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true' };
    delete env.PHISHGATE_CONFIG;
    delete env.PHISHGATE_DB;
    const quick = bash(block('readme-quickstart'), dir, env);
    expect(quick.status, quick.stderr).toBe(0);
    initOutput = quick.stdout;
    const listening = readFileSync(join(dir, 'serve.log'), 'utf8').split('\n').find((l) => l.includes('"phishgate listening"'))!;
    apiAddress = JSON.parse(listening).addresses.http;
  });

  afterAll(() => {
    const pid = existsSync(join(dir, 'serve.pid')) ? Number(readFileSync(join(dir, 'serve.pid'), 'utf8')) : 0;
    if (pid) {
      try {
        process.kill(pid, 'SIGTERM');
      } catch {
        // already gone
      }
    }
    rmSync(dir, { recursive: true, force: true });
    rmSync(bin, { recursive: true, force: true });
  });

  it('quick start: init creates database, tenant, key and configuration, serve starts with mail routed', () => {
    const made = JSON.parse(initOutput);
    expect(made.key.key).toMatch(/^svc_live_/);
    expect(made.gateway.domains).toEqual({ 'example.com': made.tenant.id });
    expect(existsSync(join(dir, 'data', 'phishgate.db'))).toBe(true);
    expect(readFileSync(join(dir, 'data', 'phishgate.yaml'), 'utf8')).toContain(`default_tenant: ${made.tenant.id}`);
    const log = readFileSync(join(dir, 'serve.log'), 'utf8');
    expect(log).not.toContain('no tenant can receive mail');
    expect(log).not.toContain(made.key.key);
  });

  it('the API walk-through runs as written and writes no file', async () => {
    const receiverPort = String(await freePort());
    const script = [block('readme-api-setup'), block('readme-api-analyze'), block('readme-api-raw'), block('readme-api-more'), block('readme-api-webhook'), 'echo; echo "KEY=$KEY"']
      .join('\necho\n')
      .replaceAll('127.0.0.1:8080', apiAddress)
      .replaceAll('9000', receiverPort);
    const before = new Set(readdirSync(dir));
    const run = bash(script, dir, env);
    expect(run.status, `${run.stdout}\n${run.stderr}`).toBe(0);
    const out = run.stdout;
    expect(out).toMatch(/"verdict":"phishing"/);
    expect(out).toMatch(/"brand_spoofing":"PayPal"/);
    expect(out.match(/"deleted":true/g)).toHaveLength(1);
    expect(out).toMatch(/"revoked_at":"20/);
    expect(out).toMatch(/"plan_code":"enterprise"/);
    expect(out).toContain('verified analysis.completed');
    expect(out).toContain('verified analysis.phishing_detected');
    expect(out).not.toContain('REJECTED');
    // Nothing written beside what serve itself keeps (its database under data/, and the shim's log).
    expect(readdirSync(dir).filter((f) => !before.has(f))).toEqual([]);

    const key = /KEY=(svc_live_\S+)/.exec(out)![1]!;
    const snippetEnv = { ...env, API: `http://${apiAddress}/v1`, KEY: key };
    const node = execFileSync('node', ['--input-type=module', '-e', block('readme-api-node')], { cwd: dir, env: snippetEnv, encoding: 'utf8' });
    expect(node).toMatch(/^(safe|suspicious|phishing) [01](\.\d+)? \[/);
    if (hasPython) {
      const python = execFileSync('python3', ['-c', block('readme-api-python')], { cwd: dir, env: snippetEnv, encoding: 'utf8' });
      expect(python).toMatch(/^(safe|suspicious|phishing) [01](\.\d+)? \[/);
    }
  });
});
