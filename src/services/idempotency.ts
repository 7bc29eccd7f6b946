/**
 * Analyses that are retries of one already made (docs/security.md "Faults and retries"). A message
 * whose next hop was down came back through the door on every Postfix retry and was analysed (and
 * announced by webhook) each time; an API client retrying a timed-out request did the same. Within the
 * window, a retry with the same key gets the stored analysis back: no new analysis, no new charge, no
 * new webhook event. Keys come from the doors (envelope + Message-ID + body hash) or from the API's
 * `Idempotency-Key` header (Stripe's convention: the same key with another request is refused).
 * Kept in memory, per process, bounded: after a restart a retry is analysed again (documented).
 */
import type { AnalysisRecord } from '../core/analysis.js';

export interface IdempotencyOptions {
  windowMs: number;
  maxEntries: number;
}

export const DEFAULT_IDEMPOTENCY: IdempotencyOptions = { windowMs: 24 * 3600_000, maxEntries: 5000 };

interface Entry {
  at: number;
  fingerprint: string;
  record: Promise<AnalysisRecord>;
}

export class IdempotencyConflict extends Error {}

export class IdempotencyCache {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly options: IdempotencyOptions,
    private readonly now: () => number,
  ) {}

  /**
   * The analysis made for `key`, or the result of `analyse()` remembered under it. A concurrent retry
   * waits for the first one; a failed analysis is forgotten so the next retry runs it again.
   */
  async once(key: string, fingerprint: string, analyse: () => Promise<AnalysisRecord>): Promise<{ record: AnalysisRecord; replayed: boolean }> {
    const found = this.entries.get(key);
    if (found && this.now() - found.at <= this.options.windowMs) {
      if (found.fingerprint !== fingerprint) throw new IdempotencyConflict('the key was already used for another request');
      return { record: await found.record, replayed: true };
    }
    const record = analyse();
    this.entries.delete(key);
    this.entries.set(key, { at: this.now(), fingerprint, record });
    while (this.entries.size > this.options.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    try {
      return { record: await record, replayed: false };
    } catch (error) {
      if (this.entries.get(key)?.record === record) this.entries.delete(key);
      throw error;
    }
  }
}
