import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Config } from '../config/schema.js';
import type { FeedSet } from './reputation/feed-set.js';
import type { ZoneCounters } from './reputation/dnsbl-counters.js';
import type { Secrets } from '../config/loader.js';
import type { EngineResult } from '../core/analysis.js';
import { AppError, type ErrorCode } from '../core/errors.js';
import type { NormalizedMessage } from '../core/message.js';
import { AnalysisTimeoutError, type AnalysisClient, type AnalysisStage } from './analysis-client.js';
import { ENGINE_VERSION } from './engine-version.js';
import { TimeoutMemory, messageFingerprint, rawFingerprint } from './timeout-memory.js';
import type { AnalysisContext, Engine } from './types.js';
import { MODELS_PER_WORKER, type ModelRef, type WorkerRequestBody } from './worker-protocol.js';

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
  /** Workers started and ready to take a request. */
  readonly readyWorkers: number;
  /** Tenant classifier models sent to workers so far (each goes to a worker once while it keeps it). */
  readonly modelsSent: number;
  close(): Promise<void>;
}

export interface EnginePoolOptions {
  size: number;
  config: Pick<Config, 'engine' | 'llm'> & Partial<Pick<Config, 'reputation'>>;
  secrets?: Secrets;
  onDetectorError?: (id: string, error: unknown) => void;
  /** Per-message deadline from the moment a worker starts it; past it the worker is terminated and replaced. Absent or 0: none. */
  deadlineMs?: number;
  /** Called when a deadline terminates a worker (metrics, logs). */
  onTimeout?: (stage: AnalysisStage, repeated: boolean) => void;
  /** Worker entry point; tests inject one that can be made to stall. Default: ./worker.js (./worker.ts under tsx). */
  workerUrl?: URL;
  /**
   * The URL feeds the main thread loads (docs/reputation.md "Memory"): every copy goes to every worker, a new
   * worker gets the copies in use; the keys are in shared memory, so no worker holds a copy of its own.
   */
  feeds?: FeedSet;
  /** A worker's block-list counters (cumulative for that worker), for status and metrics in the main thread. */
  onReputationCounters?: (worker: number, zones: Record<string, ZoneCounters>, feedHits: Record<string, number>) => void;
}

interface Reply {
  result?: EngineResult;
  message?: NormalizedMessage;
  ms?: number;
  parseMs?: number;
}

interface Job {
  /** As the caller gave it: raw bytes stay the caller's (see `post`). */
  request: WorkerRequestBody;
  stage: AnalysisStage;
  /**
   * The message's digest for the timeout memory, computed only when needed: on a timeout, and on an
   * answer once some message has timed out (hashing every message cost two SHA-256 passes over it on
   * the main thread).
   */
  fingerprint: () => string;
  resolve: (value: Reply) => void;
  reject: (error: Error) => void;
  /** Set while posted to a worker: the request's number and its word in the slot's claims. */
  id: number;
  claim: number;
  /**
   * posted: not started yet; running: the one the worker works on; waiting: started, its block-list
   * lookups are out and the worker went on to the next (worker.ts).
   */
  state: 'posted' | 'running' | 'waiting';
  /** This job's deadline, from the moment it started running. */
  timer: NodeJS.Timeout | null;
}

/**
 * Jobs posted to one worker and not waiting on lookups: the one it works on and the next one. The worker
 * runs them one after the other (worker.ts); the next one is already in the worker when the first is
 * answered, so the worker does not sit idle for the round trip through the main thread
 * (docs/performance.md, "Analysis off the event loop").
 */
export const JOBS_PER_WORKER = 2;

/**
 * Jobs in one worker at once, counting those waiting on their block-list lookups: while a message waits
 * for a DNS server the worker starts the next one, up to this many (docs/performance.md, "Messages waiting
 * on lookups"). Bounded so that a silent server cannot pile up messages in a worker past its memory.
 */
export const IN_FLIGHT_PER_WORKER = 32;

interface Slot {
  worker: Worker;
  /** The worker finished building its engine and can take a job. */
  ready: boolean;
  /** Posted and not answered, in the order the worker takes them. */
  jobs: Job[];
  /** When (in the order of the pool's starts) the running job started, or the worker became free. */
  since: number;
  /** Numbers of the tenant models this worker keeps, oldest first (worker.ts, ModelRef). */
  models: Set<number>;
  /**
   * One word per posted job holding its number until the worker starts it (worker.ts takes it with a
   * compare-and-exchange). A job still waiting can be taken back the same way and given to a worker
   * that became free, so it never waits behind a slow message on another thread.
   */
  claims: Int32Array;
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
  zones?: Record<string, ZoneCounters>;
  feedHits?: Record<string, number>;
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

/**
 * Raw bytes go to a worker copied once into a buffer of their own, which is then transferred (moved, not
 * copied again). Posting the caller's Buffer as it is would copy it twice (serialised, then deserialised),
 * and a Buffer is often a view into a larger shared allocation, all of which would be copied. The
 * caller's bytes stay untouched, so a job can be posted again (to a fresh worker after a crash, or to
 * another worker that became free).
 */
function handOver(request: WorkerRequestBody): WorkerRequestBody {
  return request.kind === 'message' ? request : { ...request, raw: new Uint8Array(request.raw) };
}

/** The buffers `handOver` made, to transfer with the request that carries them. */
function transferList(posted: WorkerRequestBody): ArrayBuffer[] {
  return posted.kind === 'message' ? [] : [posted.raw.buffer as ArrayBuffer];
}

/** Consecutive start failures after which waiting messages fail instead of waiting for a worker. */
const START_FAILURE_LIMIT = 3;
/** Pause between start attempts once workers keep failing to start. */
const START_RETRY_MS = 1000;

const defaultWorkerUrl = (): URL => new URL(import.meta.url.endsWith('.ts') ? './worker.ts' : './worker.js', import.meta.url);

export function createEnginePool(options: EnginePoolOptions): EnginePool {
  const queue: Job[] = [];
  let nextId = 1;
  /** Counts jobs becoming the one a worker works on (Slot.since). */
  let starts = 0;
  let closed = false;
  const deadlineMs = options.deadlineMs ?? 0;
  const timeouts = new TimeoutMemory();
  /** Some message hit the deadline: answers must be checked against the timeout memory from now on. */
  let anyTimeout = false;
  const workerUrl = options.workerUrl ?? defaultWorkerUrl();
  /** Workers that died before they were ready since one last was; past the limit, waiting messages fail fast. */
  let startFailures = 0;
  const workerData = { config: options.config, secrets: options.secrets ?? { llmApiKey: null } };
  // Copies load after the workers start (`slots` below); a worker started later gets them in its workerData.
  options.feeds?.onCopy((copy) => {
    for (const slot of slots) slot.worker?.postMessage({ kind: 'feed_copy', copy });
  });

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

  /** Jobs posted and not waiting on lookups: the one the worker works on and those it has not started. */
  const active = (slot: Slot): number => slot.jobs.filter((j) => j.state !== 'waiting').length;

  const stopTimer = (job: Job): void => {
    if (job.timer) clearTimeout(job.timer);
    job.timer = null;
  };

  /** The worker takes its jobs in order: with none running, the first not started is the one it starts now. */
  const startNext = (slot: Slot): void => {
    if (slot.jobs.some((j) => j.state === 'running')) return;
    const next = slot.jobs.find((j) => j.state === 'posted');
    slot.since = starts++;
    if (!next) return;
    next.state = 'running';
    if (deadlineMs > 0) next.timer = setTimeout(() => expire(slot, next), deadlineMs);
  };

  /** Takes a job off its slot (answered, failed or expired); the next one, if it was running, starts. */
  const finish = (slot: Slot, job: Job): void => {
    slot.jobs.splice(slot.jobs.indexOf(job), 1);
    stopTimer(job);
    if (job.state === 'running') startNext(slot);
  };

  /**
   * The jobs a lost worker had besides the one it failed go back to the front of the queue, in their order:
   * those not started, and those waiting on lookups (analysed again from the start: the worker kept nothing).
   */
  const requeueWaiting = (slot: Slot): void => {
    const rest = slot.jobs.splice(0);
    for (const job of rest) {
      stopTimer(job);
      job.state = 'posted';
    }
    queue.unshift(...rest);
  };

  /** Starts (or restarts) the worker of a slot; a crashed or killed worker fails only its own job. */
  const spawn = (slot: Slot): void => {
    const claims = new Int32Array(new SharedArrayBuffer(IN_FLIGHT_PER_WORKER * Int32Array.BYTES_PER_ELEMENT));
    const worker = startWorker(workerUrl, { ...workerData, claims: claims.buffer, feedCopies: options.feeds?.copies() ?? [] });
    slot.worker = worker;
    slot.ready = false;
    slot.models = new Set();
    slot.claims = claims;
    worker.on('message', (reply: WorkerReply) => {
      if (slot.worker !== worker) return;
      if (reply.kind === 'detector_error') {
        options.onDetectorError?.(String(reply.id), reply.error);
        return;
      }
      if (reply.kind === 'reputation_counters') {
        if (reply.zones) options.onReputationCounters?.(worker.threadId, reply.zones, reply.feedHits ?? {});
        return;
      }
      if (reply.kind === 'ready') {
        slot.ready = true;
        startFailures = 0;
        pump();
        return;
      }
      // A reply to a job no longer here (taken back, or requeued) is dropped.
      const job = slot.jobs.find((j) => j.id === reply.id);
      if (!job) return;
      if (reply.kind === 'waiting') {
        if (job.state !== 'running') return;
        job.state = 'waiting';
        startNext(slot);
        pump();
        return;
      }
      finish(slot, job);
      if (reply.ok) {
        if (anyTimeout) timeouts.forget(job.fingerprint());
        job.resolve({ ...(reply.result ? { result: reply.result } : {}), ...(reply.message ? { message: reply.message } : {}), ...(reply.ms !== undefined ? { ms: reply.ms, parseMs: reply.parseMs ?? 0 } : {}) });
      } else job.reject(reply.error?.code ? new AppError(reply.error.code, reply.error.message) : new Error(reply.error?.message ?? 'engine worker failed'));
      pump();
    });
    const fail = (error: Error): void => {
      if (slot.worker !== worker) return;
      // The one it was working on is the likely cause; the others go to another worker.
      const job = slot.jobs.find((j) => j.state === 'running') ?? slot.jobs[0];
      if (job) finish(slot, job);
      requeueWaiting(slot);
      job?.reject(error);
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

  /**
   * Deadline passed: the message fails with a timeout, the worker is killed and a fresh one takes its place.
   * The worker's other messages go back to the queue (a message waiting on lookups ends at the lookups'
   * own deadline, well before this one, so the worker's own message is the one that ran long).
   */
  const expire = (slot: Slot, job: Job): void => {
    job.timer = null;
    if (!slot.jobs.includes(job)) return;
    finish(slot, job);
    requeueWaiting(slot);
    anyTimeout = true;
    const repeated = timeouts.record(job.fingerprint());
    const stale = slot.worker;
    spawn(slot);
    void stale.terminate();
    options.onTimeout?.(job.stage, repeated);
    job.reject(new AnalysisTimeoutError(job.stage, deadlineMs, repeated));
    pump();
  };

  const slots: Slot[] = Array.from({ length: Math.max(1, options.size) }, () => {
    const slot = { ready: false, jobs: [], since: 0 } as unknown as Slot;
    spawn(slot);
    return slot;
  });

  /**
   * The worker for the next job: one with nothing running (its messages, if any, wait on lookups) first;
   * else, while every worker is busy, the one whose current message started last (the least likely to be a
   * slow one) gets it as its next.
   */
  function pick(): Slot | null {
    let best: Slot | null = null;
    for (const slot of slots) {
      if (!slot.ready || slot.jobs.length >= IN_FLIGHT_PER_WORKER) continue;
      const busy = active(slot);
      if (busy >= JOBS_PER_WORKER) continue;
      if (busy === 0) return slot;
      if (!best || slot.since > best.since) best = slot;
    }
    return best;
  }

  function post(slot: Slot, job: Job): void {
    // A word no other job posted to this worker uses (at most IN_FLIGHT_PER_WORKER - 1 others).
    const used = new Set(slot.jobs.map((j) => j.claim));
    job.claim = 0;
    while (used.has(job.claim)) job.claim++;
    job.id = nextId++;
    job.state = 'posted';
    job.timer = null;
    Atomics.store(slot.claims, job.claim, job.id);
    slot.jobs.push(job);
    startNext(slot);
    const posted = handOver(job.request);
    slot.worker.postMessage({ ...withModelRef(slot, posted), id: job.id, claim: job.claim }, transferList(posted));
  }

  /**
   * A worker became free with nothing queued: a job waiting behind another worker's current message is
   * taken back (only if that worker has not started it) and given to this one.
   */
  function steal(idle: Slot): void {
    for (const slot of slots) {
      if (slot === idle) continue;
      const waiting = slot.jobs.find((j) => j.state === 'posted');
      if (!waiting) continue;
      if (Atomics.compareExchange(slot.claims, waiting.claim, waiting.id, -1) !== waiting.id) continue;
      slot.jobs.splice(slot.jobs.indexOf(waiting), 1);
      post(idle, waiting);
      return;
    }
  }

  function pump(): void {
    while (queue.length > 0) {
      const slot = pick();
      if (!slot) return;
      post(slot, queue.shift()!);
    }
    for (const slot of slots) if (slot.ready && active(slot) === 0 && slot.jobs.length < IN_FLIGHT_PER_WORKER) steal(slot);
  }

  function dispatch(request: WorkerRequestBody, stage: AnalysisStage, fingerprint: () => string): Promise<Reply> {
    if (closed) return Promise.reject(new Error('engine pool is closed'));
    return new Promise((resolve, reject) => {
      queue.push({ request, stage, fingerprint, resolve, reject, id: 0, claim: 0, state: 'posted', timer: null });
      pump();
    });
  }

  const pool: EnginePool = {
    version: ENGINE_VERSION,
    size: slots.length,
    get queued() {
      return queue.length;
    },
    get readyWorkers() {
      return slots.filter((s) => s.ready).length;
    },
    get modelsSent() {
      return modelsSent;
    },
    get engine(): Engine {
      return pool;
    },
    async analyze(message, ctx) {
      const reply = await dispatch({ kind: 'message', message, ctx }, 'analysis', () => messageFingerprint(message));
      return reply.result!;
    },
    async parse(raw) {
      const reply = await dispatch({ kind: 'parse', raw }, 'parse', () => rawFingerprint(raw));
      return reply.message!;
    },
    async analyzeRaw(raw, ctx, opts = {}) {
      const reply = await dispatch({ kind: 'raw', raw, ctx, keepMessage: opts.keepMessage ?? false }, 'analysis', () => rawFingerprint(raw));
      return { result: reply.result!, ...(reply.message ? { message: reply.message } : {}), ms: reply.ms ?? 0, parseMs: reply.parseMs ?? 0 };
    },
    async close() {
      closed = true;
      for (const job of queue.splice(0)) job.reject(new Error('engine pool closed'));
      for (const slot of slots) {
        for (const job of slot.jobs.splice(0)) {
          stopTimer(job);
          job.reject(new Error('engine pool closed'));
        }
      }
      await Promise.all(slots.map((s) => s.worker.terminate()));
    },
  };
  return pool;
}
