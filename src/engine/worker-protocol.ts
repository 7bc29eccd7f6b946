/**
 * What the worker pool (worker-pool.ts) and its workers (worker.ts) send each other. A module of its own
 * so that the pool, on the main thread, does not load the engine the workers build (docs/performance.md,
 * "Start-up").
 */
import type { NormalizedMessage } from '../core/message.js';
import type { ClassifierModel } from './classifier/model.js';
import type { AnalysisContext } from './types.js';

export type WorkerRequestBody =
  | { kind: 'message'; message: NormalizedMessage; ctx: AnalysisContext }
  | { kind: 'parse'; raw: Uint8Array }
  | { kind: 'raw'; raw: Uint8Array; ctx: AnalysisContext; keepMessage: boolean };

/**
 * A tenant's classifier model travels to a worker once (`classifierModel`, with its number); later
 * requests name it by number only (`classifierId`). The pool and each worker keep the last
 * MODELS_PER_WORKER models first in, first out, in the same order, so both agree on what a worker has.
 */
export interface ModelRef {
  classifierId?: number;
  classifierModel?: ClassifierModel;
}

/** `claim`: the request's word in the claims the pool shares with this worker (InitData). */
export type WorkerRequest = WorkerRequestBody & ModelRef & { id: number; claim?: number };

/** Tenant models a worker keeps (about 1 MB each). */
export const MODELS_PER_WORKER = 16;
