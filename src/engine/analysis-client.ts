import { AppError } from '../core/errors.js';
import type { NormalizedMessage } from '../core/message.js';
import type { Engine } from './types.js';

/**
 * What the doors call to turn bytes into a verdict (docs/performance.md, "Analysis off the event loop"):
 * `parse` for raw RFC 822 bytes and `engine` for the analysis itself. In `serve` both run in a pool of
 * worker threads with a per-message deadline, so the main thread only does I/O; elsewhere (CLI,
 * tests) they run in-process.
 */
export interface AnalysisClient {
  parse(raw: Buffer): Promise<NormalizedMessage>;
  readonly engine: Engine;
  close(): Promise<void>;
}

export type AnalysisStage = 'parse' | 'analysis';

/** Seconds an API client is told to wait after a deadline was hit (the message is retried whole). */
export const TIMEOUT_RETRY_AFTER_S = 30;

/**
 * A message's parse or analysis outlasted `engine.workers.deadline_ms`: the worker was terminated and
 * replaced. A temporary failure (HTTP 503 with Retry-After, SMTP 451, milter tempfail) unless the same
 * message already timed out on its previous attempt (`repeated`), where the door's
 * `on_timeout_repeat` policy applies instead of another retry.
 */
export class AnalysisTimeoutError extends AppError {
  readonly stage: AnalysisStage;
  readonly deadlineMs: number;
  /** This message also timed out on its previous attempt (and none succeeded since). */
  readonly repeated: boolean;
  /** The analysis recorded for the timeout (status `failed`), when the analysis service stored one. */
  analysisId: string | null = null;

  constructor(stage: AnalysisStage, deadlineMs: number, repeated: boolean) {
    super('service_unavailable', `The message's ${stage} did not finish within ${deadlineMs} ms; retry later`, { retryAfterSeconds: TIMEOUT_RETRY_AFTER_S });
    this.stage = stage;
    this.deadlineMs = deadlineMs;
    this.repeated = repeated;
  }

  /** The coverage note recorded with the analysis. */
  get coverageNote(): string {
    return `${this.stage} stopped at the ${this.deadlineMs} ms deadline; the worker was replaced${this.repeated ? ' (second timeout in a row)' : ''}`;
  }
}

export function isAnalysisTimeout(error: unknown): error is AnalysisTimeoutError {
  return error instanceof AnalysisTimeoutError;
}
