/** Configuration of what involves recipients and their feedback (docs/recipients.md). */
import { Type } from '@sinclair/typebox';
import { Section } from './common.js';

export const FeedbackSection = Section({
  /** Bytes of a labelled message kept for tenant training (longer messages are cut). */
  max_message_bytes: Type.Integer({ minimum: 1024, maximum: 26214400 }),
  /** Days feedback (and its message) is kept after its last change. */
  retention_days: Type.Integer({ minimum: 1 }),
});
