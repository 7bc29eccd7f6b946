import { DAY_MS, toIso } from '../core/clock.js';
import type { Store } from '../store/database.js';
import { deleteAnalysesBefore } from '../store/repositories/analyses.js';
import { deleteDeliveredCopiesBefore } from '../store/repositories/delivered-copies.js';
import { deleteIdempotencyKeysBefore } from '../store/repositories/idempotency-keys.js';
import { deleteFeedbackBefore } from '../store/repositories/feedback.js';
import { deleteExpiredEntries } from '../store/repositories/list-entries.js';
import { deleteQuarantinedBefore } from '../store/repositories/quarantine.js';
import { deleteSenderHistoryBefore } from '../store/repositories/sender-history.js';

/** One kind of thing the retention job removes, a batch at a time; returns how many it removed. */
export interface RetentionStep {
  name: string;
  deleteBatch(now: number, batch: number): Promise<number>;
}

/** How long each kind of record is kept, in days; a kind without a period is not purged here. */
export interface RetentionPeriods {
  analysesDays: number;
  quarantineDays?: number;
  feedbackDays?: number;
  /** `retention.idempotency_hours`: retry keys and delivered tenant copies past the retry window. */
  idempotencyHours?: number;
  /** `reputation.history.enabled`: sender history rows not seen within `analysesDays` go too. */
  senderHistory?: boolean;
}

/**
 * What retention removes (README, "Data retention"): analyses older than their period (with their webhook events
 * and deliveries), expired list entries, quarantined messages and feedback past theirs, and the retry keys and
 * delivered tenant copies past the retry window (docs/security.md "Faults and retries"). The job that runs these
 * steps lives in jobs/retention.ts; the deletes live here so only services reach the repositories.
 */
export function retentionSteps(store: Store, periods: RetentionPeriods): RetentionStep[] {
  const before = (now: number, days: number): string => toIso(now - days * DAY_MS);
  const steps: RetentionStep[] = [
    { name: 'analyses', deleteBatch: (now, batch) => deleteAnalysesBefore(store.db, before(now, periods.analysesDays), batch) },
    { name: 'list_entries', deleteBatch: (now, batch) => deleteExpiredEntries(store.db, toIso(now), batch) },
  ];
  // A sending domain not seen within the analyses' period is forgotten with them (docs/reputation.md).
  if (periods.senderHistory) steps.push({ name: 'sender_history', deleteBatch: (now, batch) => deleteSenderHistoryBefore(store.db, before(now, periods.analysesDays), batch) });
  const { quarantineDays, feedbackDays, idempotencyHours } = periods;
  if (quarantineDays !== undefined) {
    steps.push({ name: 'quarantined_messages', deleteBatch: (now, batch) => deleteQuarantinedBefore(store.db, before(now, quarantineDays), batch) });
  }
  if (feedbackDays !== undefined) {
    steps.push({ name: 'feedback', deleteBatch: (now, batch) => deleteFeedbackBefore(store.db, before(now, feedbackDays), batch) });
  }
  if (idempotencyHours !== undefined) {
    const expired = (now: number): string => toIso(now - idempotencyHours * 3_600_000);
    steps.push({ name: 'idempotency_keys', deleteBatch: (now, batch) => deleteIdempotencyKeysBefore(store.db, expired(now), batch) });
    steps.push({ name: 'delivered_copies', deleteBatch: (now, batch) => deleteDeliveredCopiesBefore(store.db, expired(now), batch) });
  }
  return steps;
}
