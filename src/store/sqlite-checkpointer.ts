/**
 * Checkpoints of the SQLite write-ahead log on their own thread (docs/performance.md, "SQLite checkpoints").
 *
 * A checkpoint copies the log into the database file and syncs both. Left to SQLite, the commit that crosses
 * `wal_autocheckpoint` runs it on the committing connection — in `serve` that is the event loop, and every
 * request in flight waited the 50–85 ms it takes. Here a worker thread with its own connection runs a PASSIVE
 * checkpoint (it never blocks writers or readers) every `intervalMs`; once a checkpoint has copied the whole
 * log, the next commit starts the log from the beginning, so it stays far below `wal_autocheckpoint`, which
 * remains on the main connection only as a backstop should this thread die.
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

export interface CheckpointResult {
  /** Frames in the log when the checkpoint ran. */
  logFrames: number;
  /** Frames of it now copied into the database file. */
  checkpointed: number;
}

export interface Checkpointer {
  /** Runs one checkpoint now and waits for it (tests, and a last one before closing). */
  checkpointNow(): Promise<CheckpointResult>;
  stop(): Promise<void>;
}

export interface CheckpointerOptions {
  path: string;
  intervalMs: number;
  busyTimeoutMs: number;
  /** A checkpoint that failed (disk full, file removed): reported, never thrown into the door's work. */
  onError?: (message: string) => void;
}

// Plain CommonJS so the thread starts the same way from src/ (tsx) and dist/ (docs/performance.md).
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const SQLite = require(workerData.driver);
const db = new SQLite(workerData.path);
db.pragma('busy_timeout = ' + workerData.busyTimeoutMs);
function checkpoint() {
  try {
    const [row] = db.pragma('wal_checkpoint(PASSIVE)');
    return { logFrames: row.log, checkpointed: row.checkpointed };
  } catch (error) {
    return { error: String(error && error.message || error) };
  }
}
const timer = setInterval(() => {
  const result = checkpoint();
  if (result.error) parentPort.postMessage({ kind: 'error', message: result.error });
}, workerData.intervalMs);
parentPort.on('message', (request) => {
  if (request.kind === 'checkpoint') parentPort.postMessage({ kind: 'result', id: request.id, result: checkpoint() });
  if (request.kind === 'stop') {
    clearInterval(timer);
    db.close();
    parentPort.postMessage({ kind: 'stopped' });
    parentPort.close();
  }
});
`;

type Reply =
  | { kind: 'error'; message: string }
  | { kind: 'result'; id: number; result: CheckpointResult | { error: string } }
  | { kind: 'stopped' };

export function startCheckpointer(options: CheckpointerOptions): Checkpointer {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { driver, path: options.path, intervalMs: options.intervalMs, busyTimeoutMs: options.busyTimeoutMs },
  });
  // The thread keeps no request alive on its own: a process whose doors have closed may exit.
  worker.unref();
  const waiting = new Map<number, { resolve: (r: CheckpointResult) => void; reject: (e: Error) => void }>();
  let nextId = 1;
  let stopped: Promise<void> | null = null;
  let exited = false;
  const failAll = (message: string): void => {
    for (const { reject } of waiting.values()) reject(new Error(message));
    waiting.clear();
  };
  worker.on('message', (reply: Reply) => {
    if (reply.kind === 'error') options.onError?.(reply.message);
    if (reply.kind === 'result') {
      const entry = waiting.get(reply.id);
      waiting.delete(reply.id);
      if ('error' in reply.result) entry?.reject(new Error(reply.result.error));
      else entry?.resolve(reply.result);
    }
  });
  worker.on('error', (error) => {
    options.onError?.(`checkpoint thread failed: ${error.message}`);
    failAll('checkpoint thread failed');
  });
  worker.on('exit', () => {
    exited = true;
    failAll('checkpoint thread stopped');
  });

  return {
    checkpointNow() {
      const id = nextId++;
      return new Promise<CheckpointResult>((resolve, reject) => {
        if (exited || stopped) return reject(new Error('checkpoint thread stopped'));
        waiting.set(id, { resolve, reject });
        worker.postMessage({ kind: 'checkpoint', id });
      });
    },
    stop() {
      stopped ??= new Promise<void>((resolve) => {
        if (exited) return resolve();
        // Unreferenced, the thread would not keep the process alive while it closes its connection, and a
        // shutdown awaiting this would end with its promise unsettled (exit code 13).
        worker.ref();
        worker.once('exit', () => resolve());
        worker.postMessage({ kind: 'stop' });
      });
      return stopped;
    },
  };
}
