/** Which events an analysis raises and what their bodies look like (docs/api.md). */
import type { WebhookEventType } from '../../core/webhook.js';
import type { StoredAnalysis } from '../analysis-record.js';

/**
 * `analysis.completed` for every stored analysis that reached a final state (an asynchronous one that
 * failed included: its `status` says so), and `analysis.phishing_detected` too when the verdict is phishing.
 */
export function eventTypesFor(analysis: StoredAnalysis): WebhookEventType[] {
  return analysis.verdict === 'phishing' ? ['analysis.completed', 'analysis.phishing_detected'] : ['analysis.completed'];
}

export interface EventEnvelope {
  id: string;
  type: WebhookEventType;
  created_at: string;
  livemode: boolean;
  data: { analysis: StoredAnalysis };
}

/**
 * The exact body sent on every attempt. Serialised once, at creation, so retries are byte-identical and
 * a receiver can deduplicate on `id` (also sent as `X-Service-Event-Id`).
 */
export function eventBody(id: string, type: WebhookEventType, createdAt: string, analysis: StoredAnalysis): string {
  const envelope: EventEnvelope = { id, type, created_at: createdAt, livemode: analysis.livemode, data: { analysis } };
  return JSON.stringify(envelope);
}

/**
 * The body of an event that is not an analysis' own (`report.received`: a user reported a message,
 * docs/recipients.md): the same envelope, with its own `data`. Serialised once, like the others.
 */
export function customEventBody(id: string, type: WebhookEventType, createdAt: string, livemode: boolean, data: Record<string, unknown>): string {
  return JSON.stringify({ id, type, created_at: createdAt, livemode, data });
}
