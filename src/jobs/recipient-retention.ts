import { DAY_MS, toIso } from '../core/clock.js';
import type { Config } from '../config/schema.js';
import type { Store } from '../store/database.js';
import { deleteFeedbackBefore } from '../store/repositories/feedback.js';
import type { RetentionStep } from './retention.js';

/** What the retention job removes of feedback and the recipient features (docs/recipients.md). */
export function recipientRetentionSteps(store: Store, config: Pick<Config, 'feedback'>): RetentionStep[] {
  return [{ name: 'feedback', deleteBatch: (now, batch) => deleteFeedbackBefore(store.db, toIso(now - config.feedback.retention_days * DAY_MS), batch) }];
}
