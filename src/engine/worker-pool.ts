import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Config } from '../config/schema.js';
import type { Secrets } from '../config/loader.js';
import type { EngineResult } from '../core/analysis.js';
import { AppError, type ErrorCode } from '../core/errors.js';
import type { NormalizedMessage } from '../core/message.js';
import { AnalysisTimeoutError, type AnalysisClient, type AnalysisStage } from './analysis-client.js';
import { ENGINE_VERSION } from './engine.js';
import { TimeoutMemory, messageFingerprint, rawFingerprint } from './timeout-memory.js';
import type { AnalysisContext, Engine } from './types.js';
import { MODELS_PER_WORKER, type ModelRef, type WorkerRequestBody } from './worker.js';

export interface RawAnalysis {
  result: EngineResult;
  /** The parsed message, when asked for (`keepMessage`). */
  message?: NormalizedMessage;
  /** Parse + analysis time inside the worker. */
  ms: number;
  parseMs: number;
}

/** The engine spread over worker threads: same `Engine` contract, plus parsing raw bytes off the main thread. */
export interface EnginePool extends Engine, AnalysisClient {
  readonly size: number;
  /** Parses (with `engine.limits`) and analyses raw RFC 822 bytes in a worker. Throws AppError('bad_request') for non-messages. */
  analyzeRaw(raw: Uint8Array, ctx: AnalysisContext, options?: { keepMessage?: boolean }): Promise<RawAnalysis>;
  /** Requests waiting for a free worker. */
  readonly queued: number;
  /** Tenant classifier models sent to workers so far (each goes to a worker once while it keeps it). */
  readonly modelsSent: number;
  close(): Promise<void>;
}

export interface EnginePoolOptions {
  size: number;
  config: Pick<Config, 'engine' | 'llm'>;
  secrets?: Secrets;
  onDetectorError?: (id: string, error: unknown) => void;
  /** Per-message deadline from the moment a worker starts it; past it the worker is terminated and replaced. Absent or 0: none. */
  deadlineMs?: number;
  /** Called when a deadline terminates a worker (metrics, logs). */
  onTimeout?: (stage: AnalysisStage, repeated: boolean) => void;
  /** Worker entry point; tests inject one that can be made to stall. Default: ./worker.js (./worker.ts under tsx). */
  workerUrl?: URL;
}

interface Reply {
  result?: EngineResult;
  message?: NormalizedMessage;
  ms?: number;
  parseMs?: number;
}

interface Job {
  request: WorkerRequestBody;
  transfer: ArrayBuffer[];
  stage: AnalysisStage;
  fingerprint: string;
  resolve: (value: Reply) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  /** The worker finished building its engine and can take a job. */
  ready: boolean;
  /** One job at a time, so a deadline that kills the worker fails only the message that caused it. */
  job: Job | null;
  timer: NodeJS.Timeout | null;
  /** Numbers of the tenant models this worker keeps, oldest first (worker.ts, ModelRef). */
  models: Set<number>;
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

/** The ESM entry of tsx's API ('import' condition of its exports map), found from this module's location. */
function tsxEsmApiUrl(): string {
  const require = createRequire(import.meta.url);
  const manifestPath = require.resolve('tsx/package.json');
  const manifest = require(manifestPath) as { exports: Record<string, { import: { default: string } }> };
  return new URL(manifest.exports['./esm/api']!.import.default, pathToFileURL(manifestPath)).href;
}

/**
 * Built code (dist/) runs the plain .js worker. Under tsx or vitest this module is a .ts file and so is
 * the worker; Node 20 cannot start a .ts worker even with `--import tsx` in execArgv (the entry is
 * resolved before the hooks), so a two-line bootstrap registers tsx first, then imports the worker.
 */
function startWorker(url: URL, workerData: unknown): Worker {
  if (!url.pathname.endsWith('.ts')) return new Worker(url, { workerData });
  // Resolved from this file: a bare 'tsx/esm/api' in the eval'd bootstrap would resolve from the process's
  // working directory, which need not have node_modules (serve started elsewhere).
  const tsxApi = tsxEsmApiUrl();
  const bootstrap = `import(${JSON.stringify(tsxApi)}).then(({ register }) => { register(); return import(${JSON.stringify(url.href)}); })`;
  return new Worker(bootstrap, { eval: true, workerData });
}

/** Consecutive start failures after which waiting messages fail instead of waiting for a worker. */
const START_FAILURE_LIMIT = 3;
/** Pause between start attempts once workers keep failing to start. */
const START_RETRY_MS = 1000;

const defaultWorkerUrl = (): URL => new URL(import.meta.url.endsWith('.ts') ? './worker.ts' : './worker.js', import.meta.url);

export function createEnginePool(options: EnginePoolOptions): EnginePool {
  const queue: Job[] = [];
  let nextId = 1;
  let closed = false;
  const deadlineMs = options.deadlineMs ?? 0;
  const timeouts = new TimeoutMemory();
  const workerUrl = options.workerUrl ?? defaultWorkerUrl();
  /** Workers that died before they were ready since one last was; past the limit, waiting messages fail fast. */
  let startFailures = 0;
  const workerData = { config: options.config, secrets: options.secrets ?? { llmApiKey: null } };

  /** Tenant models by object: a reloaded model file is a new object, hence a new number. */
  const modelIds = new WeakMap<object, number>();
  let nextModelId = 1;
  let modelsSent = 0;

  /**
   * The request as posted to this slot's worker: a tenant model in the context goes along only when the
   * worker does not keep it yet, otherwise its number does (a 1 MB model copied per analysis was the
   * largest part of a request for tenants with a model of their own).
   */
  const withModelRef = (slot: Slot, request: WorkerRequestBody): WorkerRequestBody & ModelRef => {
    if (request.kind === 'parse' || !request.ctx.classifier) return request;
    const { classifier, ...ctx } = request.ctx;
    let id = modelIds.get(classifier);
    if (id === undefined) {
      id = nextModelId++;
      modelIds.set(classifier, id);
    }
    if (slot.models.has(id)) return { ...request, ctx, classifierId: id };
    slot.models.add(id);
    while (slot.models.size > MODELS_PER_WORKER) slot.models.delete(slot.models.values().next().value!);
    modelsSent++;
    return { ...request, ctx, classifierId: id, classifierModel: classifier };
  };

  const finish = (slot: Slot): Job | null => {
    const job = slot.job;
    slot.job = null;
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    return job;
  };

  /** Starts (or restarts) the worker of a slot; a crashed or killed worker fails only its own job. */
  const spawn = (slot: Slot): void => {
    const worker = startWorker(workerUrl, workerData);
    slot.worker = worker;
    slot.ready = false;
    slot.models = new Set();
    worker.on('message', (reply: WorkerReply) => {
      if (slot.worker !== worker) return;
      if (reply.kind === 'detector_error') {
        options.onDetectorError?.(String(reply.id), reply.error);
        return;
      }
      if (reply.kind === 'ready') {
        slot.ready = true;
        startFailures = 0;
        pump();
        return;
      }
      const job = finish(slot);
      if (!job) return;
      if (reply.ok) {
        timeouts.forget(job.fingerprint);
        job.resolve({ ...(reply.result ? { result: reply.result } : {}), ...(reply.message ? { message: reply.message } : {}), ...(reply.ms !== undefined ? { ms: reply.ms, parseMs: reply.parseMs ?? 0 } : {}) });
      } else job.reject(reply.error?.code ? new AppError(reply.error.code, reply.error.message) : new Error(reply.error?.message ?? 'engine worker failed'));
      pump();
    });
    const fail = (error: Error): void => {
      if (slot.worker !== worker) return;
      finish(slot)?.reject(error);
      if (closed) return;
      if (slot.ready) {
        spawn(slot);
        pump();
        return;
      }
      // A worker that cannot even start (a broken install, a missing module) would otherwise be restarted in a
      // tight loop while messages wait forever: fail them as "unavailable" (the doors answer 503 / tempfail) and
      // retry the start after a pause.
      startFailures++;
      if (startFailures >= START_FAILURE_LIMIT && !slots.some((s) => s.ready)) {
        for (const job of queue.splice(0)) job.reject(new AppError('service_unavailable', `the analysis workers could not start: ${error.message}`));
      }
      const retry = setTimeout(() => {
        if (!closed) spawn(slot);
      }, startFailures >= START_FAILURE_LIMIT ? START_RETRY_MS : 0);
      retry.unref();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`engine worker exited with code ${code}`)));
  };

  /** Deadline passed: the message fails with a timeout, the worker is killed and a fresh one takes its place. */
  const expire = (slot: Slot): void => {
    const job = finish(slot);
    if (!job) return;
    const repeated = timeouts.record(job.fingerprint);
    const stale = slot.worker;
    spawn(slot);
    void stale.terminate();
    options.onTimeout?.(job.stage, repeated);
    job.reject(new AnalysisTimeoutError(job.stage, deadlineMs, repeated));
    pump();
  };

  const slots: Slot[] = Array.from({ length: Math.max(1, options.size) }, () => {
    const slot = { ready: false, job: null, timer: null } as unknown as Slot;
    spawn(slot);
    return slot;
  });

  function pump(): void {
    for (const slot of slots) {
      if (queue.length === 0) return;
      if (!slot.ready || slot.job) continue;
      const job = queue.shift()!;
      slot.job = job;
      if (deadlineMs > 0) slot.timer = setTimeout(() => expire(slot), deadlineMs);
      slot.worker.postMessage({ ...withModelRef(slot, job.request), id: nextId++ }, job.transfer);
    }
  }

  function dispatch(request: WorkerRequestBody, stage: AnalysisStage, fingerprint: string, transfer: ArrayBuffer[] = []): Promise<Reply> {
    if (closed) return Promise.reject(new Error('engine pool is closed'));
    return new Promise((resolve, reject) => {
      queue.push({ request, transfer, stage, fingerprint, resolve, reject });
      pump();
    });
  }

  const pool: EnginePool = {
    version: ENGINE_VERSION,
    size: slots.length,
    get queued() {
      return queue.length;
    },
    get modelsSent() {
      return modelsSent;
    },
    get engine(): Engine {
      return pool;
    },
    async analyze(message, ctx) {
      const reply = await dispatch({ kind: 'message', message, ctx }, 'analysis', messageFingerprint(message));
      return reply.result!;
    },
    async parse(raw) {
      const copy = new Uint8Array(raw);
      const reply = await dispatch({ kind: 'parse', raw: copy }, 'parse', rawFingerprint(raw), [copy.buffer as ArrayBuffer]);
      return reply.message!;
    },
    async analyzeRaw(raw, ctx, opts = {}) {
      const copy = new Uint8Array(raw);
      const reply = await dispatch({ kind: 'raw', raw: copy, ctx, keepMessage: opts.keepMessage ?? false }, 'analysis', rawFingerprint(raw), [copy.buffer as ArrayBuffer]);
      return { result: reply.result!, ...(reply.message ? { message: reply.message } : {}), ms: reply.ms ?? 0, parseMs: reply.parseMs ?? 0 };
    },
    async close() {
      closed = true;
      for (const job of queue.splice(0)) job.reject(new Error('engine pool closed'));
      for (const slot of slots) finish(slot)?.reject(new Error('engine pool closed'));
      await Promise.all(slots.map((s) => s.worker.terminate()));
    },
  };
  return pool;
}
