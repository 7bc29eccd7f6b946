import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
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
export function startBenchServer(env: NodeJS.ProcessEnv, nodeArgs: string[] = []): Promise<{ address: string; addresses: Record<string, string>; pid: number; stop: () => Promise<void> }> {
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
        pid: child.pid!,
        stop: () => new Promise((done) => {
          child.once('close', () => done());
          child.kill('SIGTERM');
        }),
      });
    });
  });
}

/**
 * CPU seconds a process has used so far (Linux /proc; null elsewhere): the main thread (the event loop)
 * and all threads together (worker threads, libuv pool, GC). Unlike wall-clock rates, CPU time per
 * request hardly moves when other work shares the machine.
 */
export function processCpu(pid: number): { main: number; total: number } | null {
  try {
    const ticks = (stat: string): number => {
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return Number(fields[11]) + Number(fields[12]);
    };
    const hz = 100;
    return { main: ticks(readFileSync(`/proc/${pid}/task/${pid}/stat`, 'utf8')) / hz, total: ticks(readFileSync(`/proc/${pid}/stat`, 'utf8')) / hz };
  } catch {
    return null;
  }
}
