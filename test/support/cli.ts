import { spawn } from 'node:child_process';
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { runCli } from '../../src/cli/run.js';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Runs a CLI command in-process with captured output. */
export async function cli(argv: string[], env: NodeJS.ProcessEnv): Promise<{ code: number; stdout: string; stderr: string }> {
  const out = new PassThrough();
  const err = new PassThrough();
  let stdout = '';
  let stderr = '';
  out.on('data', (d) => (stdout += d));
  err.on('data', (d) => (stderr += d));
  const code = await runCli(argv, { stdout: out, stderr: err, env, cwd: ROOT });
  return { code, stdout, stderr };
}

/** Starts the real `phishgate` entry point (through tsx, so no build is needed) as a child process. */
export function spawnPhishgate(argv: string[], env: NodeJS.ProcessEnv) {
  // The child gets the same guard as the tests: no real DNS lookups (test/setup/no-real-dns.ts).
  return spawn(process.execPath, ['--import', 'tsx', '--import', './test/setup/no-real-dns.ts', 'src/cli/main.ts', ...argv], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** Runs the real entry point to completion. */
export function runPhishgate(argv: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawnPhishgate(argv, env);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}
