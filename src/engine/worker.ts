/**
 * Worker-thread side of the engine pool (worker-pool.ts): builds one engine from the configuration it
 * is given and answers parse and analysis requests in the order they came, one at a time on the CPU (the
 * pool posts the next one while this one runs). A message whose block-list lookups are out says so
 * (`waiting`) and the next one starts while it waits; it finishes when its answers come (docs/performance.md,
 * "Messages waiting on lookups"), so a DNS server that is slow to answer does not leave the CPU idle.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { parentPort, workerData } from 'node:worker_threads';
import type { Config } from '../config/schema.js';
import type { Secrets } from '../config/loader.js';
import { isAppError } from '../core/errors.js';
import { parseRawMessage } from '../mail/parse-raw.js';
import { createEngineFromConfig } from './create.js';
import { parseLimitsOf } from './limits.js';
import type { AnalysisContext } from './types.js';
import type { ClassifierModel } from './classifier/model.js';
import { MODELS_PER_WORKER, type WorkerRequest } from './worker-protocol.js';
import { createReputation } from './reputation/index.js';
import type { SharedFeedCopy } from './reputation/feed-set.js';

interface InitData {
  config: Pick<Config, 'engine' | 'llm'> & Partial<Pick<Config, 'reputation'>>;
  secrets: Secrets;
  /**
   * Shared with the pool: each waiting request's number in its word until it starts. The pool may take a
   * waiting request back (to give it to a worker that became free); whoever swaps the number out first has it.
   */
  claims?: SharedArrayBuffer;
  /** The URL feeds' copies the main thread had when this worker started (later ones come as `feed_copy`). */
  feedCopies?: SharedFeedCopy[];
}

/** Block-list counters go to the main thread at most this often (status and metrics, docs/reputation.md). */
const COUNTERS_EVERY_MS = 1000;

const port = parentPort;
if (port) {
  const init = workerData as InitData;
  // The feeds are the main thread's (it loads them once for all workers): this one only installs its copies.
  // The message a lookup belongs to, found from inside the engine: its release of the turn.
  const turn = new AsyncLocalStorage<() => void>();
  const reputation = createReputation(init.config.reputation, { onLookupsWaiting: () => turn.getStore()?.() });
  for (const copy of init.feedCopies ?? []) reputation.feeds.install(copy);
  let countersSent = 0;
  let countersLater: NodeJS.Timeout | undefined;
  const sendCounters = (): void => {
    const status = reputation.status();
    if (!status.zones.length && !status.feeds.length) return;
    const wait = countersSent + COUNTERS_EVERY_MS - Date.now();
    if (wait > 0) {
      // Sent once the second is over: else the last messages before a quiet spell would stay uncounted
      // in the main thread until the next message came.
      countersLater ??= setTimeout(() => {
        countersLater = undefined;
        sendCounters();
      }, wait).unref();
      return;
    }
    countersSent = Date.now();
    port.postMessage({
      kind: 'reputation_counters',
      zones: Object.fromEntries(status.zones.map(({ zone, type: _type, codes: _codes, ...counters }) => [zone, counters])),
      feedHits: Object.fromEntries(status.feeds.map((f) => [f.name, f.hits])),
    });
  };
  const engine = createEngineFromConfig(init.config, {
    reputation,
    secrets: init.secrets,
    onDetectorError: (id, error) => port.postMessage({ kind: 'detector_error', id, error: String(error) }),
  });
  const limits = parseLimitsOf(init.config.engine);
  const models = new Map<number, ClassifierModel>();
  /** The request's context with the tenant model it names, kept when it came along. */
  /** Kept as soon as it arrives, whatever becomes of its request, so that the pool's account stays right. */
  const keepModel = (request: WorkerRequest): void => {
    if (!request.classifierModel || request.classifierId === undefined) return;
    models.set(request.classifierId, request.classifierModel);
    while (models.size > MODELS_PER_WORKER) models.delete(models.keys().next().value!);
  };
  const contextOf = (request: WorkerRequest & { ctx: AnalysisContext }): AnalysisContext => {
    if (request.classifierId === undefined) return request.ctx;
    const classifier = models.get(request.classifierId);
    // The pool sends a model again whenever this worker may not have it; a miss is a bug, not a fallback.
    if (!classifier) throw new Error(`tenant classifier model ${request.classifierId} is not in this worker`);
    return { ...request.ctx, classifier };
  };
  const claims = init.claims ? new Int32Array(init.claims) : null;
  /** False when the pool took the request back before it started. */
  const take = (request: WorkerRequest): boolean => !claims || request.claim === undefined || Atomics.compareExchange(claims, request.claim, request.id, 0) === request.id;
  const answer = async (request: WorkerRequest): Promise<void> => {
    if (!take(request)) return;
    try {
      if (request.kind === 'message') {
        port.postMessage({ id: request.id, ok: true, result: await engine.analyze(request.message, contextOf(request)) });
        return;
      }
      if (request.kind === 'parse') {
        const message = await parseRawMessage(Buffer.from(request.raw.buffer, request.raw.byteOffset, request.raw.byteLength), limits);
        port.postMessage({ id: request.id, ok: true, message });
        return;
      }
      const started = performance.now();
      const message = await parseRawMessage(Buffer.from(request.raw.buffer, request.raw.byteOffset, request.raw.byteLength), limits);
      const parsed = performance.now();
      const result = await engine.analyze(message, contextOf(request));
      port.postMessage({ id: request.id, ok: true, result, ms: performance.now() - started, parseMs: parsed - started, ...(request.keepMessage ? { message } : {}) });
    } catch (error) {
      port.postMessage({ id: request.id, ok: false, error: { message: (error as Error).message, code: isAppError(error) ? error.code : null } });
    } finally {
      sendCounters();
    }
  };
  /** Settles when the message before the next one has been answered or is waiting on lookups. */
  let previous: Promise<void> = Promise.resolve();
  port.on('message', (request: WorkerRequest | { kind: 'feed_copy'; copy: SharedFeedCopy }) => {
    if (request.kind === 'feed_copy') {
      reputation.feeds.install(request.copy);
      return;
    }
    keepModel(request);
    let pass!: () => void;
    const passed = new Promise<void>((done) => (pass = done));
    let waiting = false;
    const release = (): void => {
      if (waiting) return;
      waiting = true;
      // The pool counts it as waiting, not running, and starts its next message's deadline.
      port.postMessage({ kind: 'waiting', id: request.id });
      pass();
    };
    void previous.then(() => turn.run(release, () => answer(request))).finally(pass);
    previous = passed;
  });
  port.postMessage({ kind: 'ready' });
}
