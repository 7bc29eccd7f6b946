/** Webhook endpoints and their deliveries (docs/api.md). Plain types, no I/O. */

export const WEBHOOK_EVENT_TYPES = ['analysis.completed', 'analysis.phishing_detected', 'report.received'] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export const DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** An endpoint as the API shows it: never with its secret. */
export interface Webhook {
  id: string;
  url: string;
  events: WebhookEventType[];
  createdAt: string;
}

export interface DeliveryAttempt {
  attempt: number;
  startedAt: string;
  durationMs: number;
  succeeded: boolean;
  /** HTTP status, or null when no response arrived (network, TLS, timeout). */
  statusCode: number | null;
  /** What went wrong, in a few words; null on success. */
  error: string | null;
  /** The first bytes of the receiver's response body. */
  responseExcerpt: string | null;
}

export interface Delivery {
  id: string;
  webhookId: string;
  eventId: string;
  eventType: WebhookEventType;
  analysisId: string;
  status: DeliveryStatus;
  attemptCount: number;
  nextAttemptAt: string | null;
  createdAt: string;
  completedAt: string | null;
  attempts: DeliveryAttempt[];
}
