/** Edge checks for POST /v1/webhooks beyond what the JSON schema says (architecture rule 4). */
import { badRequest } from '../../core/errors.js';
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '../../core/webhook.js';

export const URL_MAX_LENGTH = 2048;
export const SECRET_MIN_LENGTH = 16;
export const SECRET_MAX_LENGTH = 256;
/** C0 controls, DEL and C1 controls: a secret is typed or pasted, and these only ever mean a mistake. */
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/** http(s) only, with a host, without credentials (they would be echoed by GET /v1/webhooks). */
export function normalizeWebhookUrl(input: string): string {
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    throw badRequest('url: not a valid absolute URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw badRequest('url: must use http or https');
  if (!url.hostname) throw badRequest('url: must name a host');
  if (url.username || url.password) throw badRequest('url: must not contain credentials; receivers authenticate requests with the signature');
  url.hash = '';
  const normalized = url.toString();
  if (normalized.length > URL_MAX_LENGTH) throw badRequest(`url: longer than ${URL_MAX_LENGTH} characters`);
  return normalized;
}

export function checkSecret(secret: string): void {
  // Counted in code points, as people count characters.
  const length = [...secret].length;
  if (length < SECRET_MIN_LENGTH || length > SECRET_MAX_LENGTH) {
    throw badRequest(`secret: must be ${SECRET_MIN_LENGTH} to ${SECRET_MAX_LENGTH} characters long`);
  }
  if (CONTROL.test(secret)) throw badRequest('secret: must not contain control characters');
}

/** Known names only, no duplicates, in the catalogue's order. */
export function normalizeEvents(events: string[]): WebhookEventType[] {
  if (events.length === 0) throw badRequest('events: must name at least one event');
  for (const event of events) {
    if (!(WEBHOOK_EVENT_TYPES as readonly string[]).includes(event)) {
      throw badRequest(`events: unknown event "${event.slice(0, 60)}" (known: ${WEBHOOK_EVENT_TYPES.join(', ')})`);
    }
  }
  return WEBHOOK_EVENT_TYPES.filter((type) => events.includes(type));
}
