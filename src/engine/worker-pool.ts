import { Worker } from 'node:worker_threads';
import type { Config } from '../config/schema.js';
import type { Secrets } from '../config/loader.js';
import type { EngineResult } from '../core/analysis.js';
import { AppError, type ErrorCode } from '../core/errors.js';
import type { NormalizedMessage } from '../core/message.js';
import { ENGINE_VERSION } from './engine.js';
import type { AnalysisContext, Engine } from './types.js';
import type { WorkerRequestBody } from './worker.js';

export interface RawAnalysis {
  result: EngineResult;
  /** The parsed message, when asked for (`keepMessage`). */
  message?: NormalizedMessage;
  /** Parse + analysis time inside the worker. */
  ms: number;
  parseMs: number;
}

/** The engine spread over worker threads: same `Engine` contract, plus parsing raw bytes off the main thread. */
export interface EnginePool extends Engine {
  readonly size: number;
  /** Parses (with `engine.limits`) and analyses raw RFC 822 bytes in a worker. Throws AppError('bad_request') for non-messages. */
  analyzeRaw(raw: Uint8Array, ctx: AnalysisContext, options?: { keepMessage?: boolean }): Promise<RawAnalysis>;
  close(): Promise<void>;
}

export interface EnginePoolOptions {
  size: number;
  config: Pick<Config, 'engine' | 'llm'>;
  secrets?: Secrets;
  onDetectorError?: (id: string, error: unknown) => void;
}

interface Pending {
  resolve: (value: { result: EngineResult; message?: NormalizedMessage; ms?: number; parseMs?: number }) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  inFlight: number;
  /** Requests in flight on this worker, failed if it dies. */
  ids: Set<number>;
}

interface WorkerReply {
  id?: number;
  kind?: string;
  ok?: boolean;
  result?: EngineResult;
  message?: NormalizedMessage;
  ms?: number;
  parseMs?: number;
  error?: { message: string; code: ErrorCode | null };
}

/**
 * Built code (dist/) runs the plain .js worker. Under tsx or vitest this module is a .ts file and so is
 * the worker; Node 20 cannot start a .ts worker even with `--import tsx` in execArgv (the entry is
 * resolved before the hooks), so a two-line bootstrap registers tsx first, then imports the worker.
 */
function startWorker(workerData: unknown): Worker {
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL('./worker.js', import.meta.url), { workerData });
  const target = new URL('./worker.ts', import.meta.url).href;
  const bootstrap = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(target)}); })`;
  return new Worker(bootstrap, { eval: true, workerData });
}

export function createEnginePool(options: EnginePoolOptions): EnginePool {
  const pending = new Map<number, Pending>();
  let nextId = 1;
  let closed = false;
  const workerData = { config: options.config, secrets: options.secrets ?? { llmApiKey: null } };

  /** Starts (or restarts) the worker of a slot; a crashed worker fails only its own requests and is replaced. */
  const spawn = (slot: Slot): void => {
    const worker = startWorker(workerData);
    slot.worker = worker;
    slot.inFlight = 0;
    worker.on('message', (reply: WorkerReply) => {
      if (reply.kind === 'detector_error') {
        options.onDetectorError?.(String(reply.id), reply.error);
        return;
      }
      if (reply.id === undefined) return;
      const waiter = pending.get(reply.id);
      if (!waiter) return;
      pending.delete(reply.id);
      slot.ids.delete(reply.id);
      slot.inFlight--;
      if (reply.ok && reply.result) waiter.resolve({ result: reply.result, ...(reply.message ? { message: reply.message } : {}), ...(reply.ms !== undefined ? { ms: reply.ms, parseMs: reply.parseMs ?? 0 } : {}) });
      else waiter.reject(reply.error?.code ? new AppError(reply.error.code, reply.error.message) : new Error(reply.error?.message ?? 'engine worker failed'));
    });
    const fail = (error: Error): void => {
      for (const id of slot.ids) {
        pending.get(id)?.reject(error);
        pending.delete(id);
      }
      slot.ids.clear();
      if (!closed && slot.worker === worker) spawn(slot);
    };
    worker.on('error', fail);
    worker.on('exit', (code) => {
      if (!closed) fail(new Error(`engine worker exited with code ${code}`));
    });
  };
  const slots: Slot[] = Array.from({ length: Math.max(1, options.size) }, () => {
    const slot = { inFlight: 0, ids: new Set<number>() } as unknown as Slot;
    spawn(slot);
    return slot;
  });

  function dispatch(request: WorkerRequestBody, transfer: ArrayBuffer[] = []): Promise<{ result: EngineResult; message?: NormalizedMessage; ms?: number; parseMs?: number }> {
    if (closed) return Promise.reject(new Error('engine pool is closed'));
    const slot = slots.reduce((best, s) => (s.inFlight < best.inFlight ? s : best));
    const id = nextId++;
    slot.inFlight++;
    slot.ids.add(id);
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject });
      slot.worker.postMessage({ ...request, id }, transfer);
    });
  }

  return {
    version: ENGINE_VERSION,
    size: slots.length,
    async analyze(message, ctx) {
      return (await dispatch({ kind: 'message', message, ctx })).result;
    },
    async analyzeRaw(raw, ctx, opts = {}) {
      const copy = new Uint8Array(raw);
      const reply = await dispatch({ kind: 'raw', raw: copy, ctx, keepMessage: opts.keepMessage ?? false }, [copy.buffer as ArrayBuffer]);
      return { result: reply.result, ...(reply.message ? { message: reply.message } : {}), ms: reply.ms ?? 0, parseMs: reply.parseMs ?? 0 };
    },
    async close() {
      closed = true;
      await Promise.all(slots.map((s) => s.worker.terminate()));
      for (const [id, waiter] of pending) {
        pending.delete(id);
        waiter.reject(new Error('engine pool closed'));
      }
    },
  };
}
