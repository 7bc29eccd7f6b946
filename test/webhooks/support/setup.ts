/** Small steps the webhook tests repeat, all through the public API. */
import { expect } from 'vitest';
import { SAMPLE_FIELDS, type Harness } from '../../support/harness.js';

export const SECRET = 'whsec_0123456789abcdefABCDEF';
export const PHISHER = 'security@paypa1-alerts.example';

export async function addWebhook(h: Harness, key: string, url: string, events: string[] = ['analysis.completed'], secret = SECRET): Promise<string> {
  const res = await h.call('POST', '/v1/webhooks', key, { url, events, secret });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id;
}

/** A safe analysis (the sample invoice). */
export async function analyzeSafe(h: Harness, key: string): Promise<Record<string, unknown> & { analysis_id: string; verdict: string }> {
  const res = await h.call('POST', '/v1/analyze', key, SAMPLE_FIELDS);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

/** A phishing verdict, made certain by block-listing the sender (docs/api.md: score 0.95). */
export async function analyzePhishing(h: Harness, key: string): Promise<Record<string, unknown> & { analysis_id: string; verdict: string }> {
  await h.call('POST', '/v1/blocklist', key, { type: 'email', value: PHISHER });
  const res = await h.call('POST', '/v1/analyze', key, { subject: 'Account locked', from: PHISHER, body_text: 'Log in now to unlock.' });
  expect(res.json().data.verdict).toBe('phishing');
  return res.json().data;
}

export interface DeliveryJson {
  id: string;
  event_id: string;
  event_type: string;
  analysis_id: string;
  status: string;
  attempt_count: number;
  next_attempt_at: string | null;
  attempts: Array<{ attempt: number; attempted_at: string; duration_ms: number; succeeded: boolean; status_code: number | null; error: string | null; response_excerpt: string | null }>;
}

export async function deliveriesOf(h: Harness, key: string, webhookId: string, query = ''): Promise<DeliveryJson[]> {
  const res = await h.call('GET', `/v1/webhooks/${webhookId}/deliveries${query}`, key);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.items;
}

export async function onlyDelivery(h: Harness, key: string, webhookId: string): Promise<DeliveryJson> {
  const items = await deliveriesOf(h, key, webhookId);
  expect(items).toHaveLength(1);
  return items[0]!;
}
