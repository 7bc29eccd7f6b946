import { spawnPhishgate } from './cli.js';

export interface ServeProcess {
  child: ReturnType<typeof spawnPhishgate>;
  addresses: Record<string, string>;
  logs: () => string;
  /** Sends a signal and resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/**
 * Starts `phishgate serve` and waits for its "listening" log line, which carries the bound addresses.
 * The wait is a hang guard, not a speed check: serve under tsx can take 20 s to start on a loaded 2-core machine.
 * The child is killed when the test process exits, so an interrupted run leaves no orphan server behind.
 */
export function startServeProcess(env: NodeJS.ProcessEnv, timeoutMs = 90_000): Promise<ServeProcess> {
  const child = spawnPhishgate(['serve'], { PHISHGATE_HTTP_PORT: '0', PHISHGATE_SMTP_PORT: '0', PHISHGATE_MILTER_PORT: '0', ...env });
  const killOnExit = (): void => {
    child.kill('SIGKILL');
  };
  process.once('exit', killOnExit);
  child.once('close', () => process.off('exit', killOnExit));
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`serve did not start:\n${output}`)), timeoutMs);
    const onData = (chunk: Buffer): void => {
      output += chunk;
      for (const line of output.split('\n')) {
        if (!line.includes('"phishgate listening"')) continue;
        clearTimeout(timer);
        resolve({
          child,
          addresses: JSON.parse(line).addresses,
          logs: () => output,
          stop: (signal = 'SIGTERM') => {
            child.kill(signal);
            return exited;
          },
        });
        return;
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (chunk) => (output += chunk));
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`serve exited with ${code} before listening:\n${output}`));
    });
  });
}

