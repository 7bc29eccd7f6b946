import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Benchmarks run the sources through tsx (same code as `npm start` runs from dist). */
function entry(): string[] {
  return ['--import', 'tsx', 'src/cli/main.ts'];
}

export function runPhishgate(argv: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [...entry(), ...argv], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}

/**
 * Starts `phishgate serve` on free ports and resolves with its addresses (`http`, `smtp`, …) once it logs
 * "phishgate listening". `nodeArgs` go before the entry point (e.g. `--cpu-prof`).
 */
export function startBenchServer(env: NodeJS.ProcessEnv, nodeArgs: string[] = []): Promise<{ address: string; addresses: Record<string, string>; stop: () => Promise<void> }> {
  const child = spawn(process.execPath, [...nodeArgs, ...entry(), 'serve'], {
    cwd: ROOT,
    env: { PHISHGATE_HTTP_PORT: '0', ...process.env, ...env, PHISHGATE_LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let buffered = '';
  return new Promise((resolve, reject) => {
    child.on('exit', (code) => reject(new Error(`phishgate serve exited with ${code}`)));
    child.stdout.on('data', (chunk: Buffer) => {
      buffered += chunk;
      const line = buffered.split('\n').find((l) => l.includes('"phishgate listening"'));
      if (!line) return;
      // Keep draining stdout so request logs never block the server.
      buffered = '';
      child.stdout.removeAllListeners('data');
      child.stdout.resume();
      resolve({
        address: JSON.parse(line).addresses.http,
        addresses: JSON.parse(line).addresses,
        stop: () => new Promise((done) => {
          child.once('close', () => done());
          child.kill('SIGTERM');
        }),
      });
    });
  });
}
