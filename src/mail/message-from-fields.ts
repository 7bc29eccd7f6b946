import { badRequest } from '../core/errors.js';
import { requiredSentence } from '../core/field-list.js';
import { emptyMessage, type AuthHints, type NormalizedMessage } from '../core/message.js';
import { toAuthOutcome } from './auth-results.js';
import { parseAddress, parseAddressList } from './addresses.js';
import { DEFAULT_PARSE_LIMITS, parseRawMessage, type ParseLimits } from './parse-raw.js';

/** The body of POST /v1/analyze (docs/api.md) after schema validation. */
export interface AnalyzeFields {
  subject?: string;
  from?: string;
  to?: string;
  body_text?: string;
  body_html?: string;
  urls?: string[];
  headers?: Record<string, string>;
  raw_email?: string;
}

/**
 * Which alphabet `compact` is written in, checked in one loop: the regular expression this replaces
 * overflowed the stack on 3.5 MB inputs (the documented limit is 10 MiB, docs/performance.md).
 * Standard: groups of four, the last one of 2–3 characters, padded with "=" or not. URL-safe: any length.
 */
function base64Alphabet(compact: string): 'base64' | 'base64url' | null {
  let end = compact.length;
  let pad = 0;
  while (end > 0 && pad < 2 && compact.charCodeAt(end - 1) === 61) {
    end--;
    pad++;
  }
  let standard = true;
  let urlSafe = true;
  let urlMarks = false;
  for (let i = 0; i < end; i++) {
    const c = compact.charCodeAt(i);
    const alnum = (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
    if (alnum) continue;
    if (c === 43 || c === 47) urlSafe = false;
    else if (c === 45 || c === 95) {
      standard = false;
      urlMarks = true;
    } else return null;
  }
  const tail = end % 4;
  if (standard && (pad === 0 ? tail !== 1 : tail + pad === 4)) return 'base64';
  return urlSafe && urlMarks ? 'base64url' : null;
}

/** Strict base64 (standard or URL-safe, line breaks allowed): Node's decoder silently skips garbage. */
export function decodeBase64Strict(field: string, encoded: string): Buffer {
  const compact = encoded.replace(/[\r\n\t ]+/g, '');
  if (compact.length === 0) throw badRequest(`${field} is empty`);
  const alphabet = base64Alphabet(compact);
  if (alphabet) return Buffer.from(compact, alphabet);
  throw badRequest(`${field} is not valid base64`);
}

const AUTH_KEYS = new Set(['spf', 'dkim', 'dmarc']);

/** The `headers` object: SPF/DKIM/DMARC results become hints, Reply-To and others become header fields. */
function applyHeaderObject(message: NormalizedMessage, headers: Record<string, string>): void {
  const hints: AuthHints = {};
  for (const [name, value] of Object.entries(headers)) {
    const key = name.toLowerCase();
    if (AUTH_KEYS.has(key)) {
      const outcome = toAuthOutcome(value);
      if (!outcome) throw badRequest(`headers.${name}: "${value.slice(0, 40)}" is not an authentication result (pass, fail, softfail, neutral, none, temperror, permerror)`);
      hints[key as keyof AuthHints] = outcome;
      continue;
    }
    if (key === 'reply-to') {
      const replyTo = parseAddressList(value);
      if (replyTo.length === 0) throw badRequest(`headers.${name}: no valid address in "${value.slice(0, 80)}"`);
      message.replyTo = replyTo;
    }
    if (key === 'return-path') message.returnPath = parseAddress(value)?.address ?? null;
    message.headers = message.headers.filter((h) => h.name.toLowerCase() !== key);
    message.headers.push({ name, value });
  }
  message.authHints = { ...message.authHints, ...hints };
}

/**
 * `decoded` is `raw_email` already decoded by the caller (it also needs the bytes, for DKIM).
 * docs/api.md: with `raw_email` the fields come from the parsed message and the required fields are
 * waived; fields also given explicitly override the parsed ones, and `urls` are merged.
 */
export async function messageFromFields(
  fields: AnalyzeFields,
  limits: ParseLimits = DEFAULT_PARSE_LIMITS,
  decoded: Buffer | null = null,
  parse: (raw: Buffer) => Promise<NormalizedMessage> = (raw) => parseRawMessage(raw, limits),
): Promise<NormalizedMessage> {
  let message: NormalizedMessage;
  if (fields.raw_email !== undefined) {
    message = await parse(decoded ?? decodeBase64Strict('raw_email', fields.raw_email));
  } else {
    // Every missing field in one answer (issue 34): a client fixes them all at once, not one per round trip.
    const missing = (['subject', 'from', 'body_text'] as const).filter((required) => fields[required] === undefined);
    if (missing.length > 0) throw badRequest(`${requiredSentence(missing)} (or send the whole message as raw_email)`);
    message = emptyMessage();
  }
  if (fields.subject !== undefined) message.subject = fields.subject;
  if (fields.from !== undefined) {
    const from = parseAddress(fields.from);
    if (!from) throw badRequest(`from: "${fields.from.slice(0, 80)}" is not an email address`);
    message.from = from;
  }
  if (fields.to !== undefined) {
    const to = parseAddressList(fields.to);
    if (to.length === 0) throw badRequest(`to: "${fields.to.slice(0, 80)}" is not an email address`);
    message.to = to;
  }
  if (fields.body_text !== undefined) message.text = fields.body_text;
  if (fields.body_html !== undefined) message.html = fields.body_html;
  if (fields.urls) message.urls = [...new Set([...message.urls, ...fields.urls])];
  if (fields.headers) applyHeaderObject(message, fields.headers);
  return message;
}
