/** Retry policy (docs/api.md): about 30 s, 2 min, 10 min, 1 h, 6 h, 24 h after each failure, then failed. */

export interface RetryPolicy {
  /** Seconds to wait after the 1st, 2nd, … failure. */
  scheduleSeconds: number[];
  /** Each delay is multiplied by a factor in [1 - jitter, 1 + jitter]. */
  jitter: number;
  /** Uniform in [0, 1); injected so tests are deterministic. */
  random: () => number;
}

export const CONTRACT_SCHEDULE_SECONDS = [30, 120, 600, 3600, 21600, 86400];

/** A retry step beyond any schedule (the config allows at most 20 entries): the next failure is final. */
export const FINAL_STEP = 1000;

/**
 * After a failed attempt made at `retryStep`: when to try again, or null when the delivery has failed.
 * Jitter spreads the retries of many deliveries that failed together (a receiver coming back up).
 */
export function nextRetry(policy: RetryPolicy, retryStep: number, nowMs: number): { at: number; retryStep: number } | null {
  const base = policy.scheduleSeconds[retryStep];
  if (base === undefined) return null;
  const factor = 1 + policy.jitter * (2 * policy.random() - 1);
  return { at: nowMs + Math.round(base * 1000 * factor), retryStep: retryStep + 1 };
}
