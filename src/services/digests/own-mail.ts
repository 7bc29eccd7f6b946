/**
 * Mail phishgate writes itself (quarantine digests) carries `X-Phishgate-Signature`, an HMAC over its
 * body and its identifying header fields. When such a message comes back through a mail door (the next
 * hop routes it through the filter again), the gateway recognises it and passes it untouched instead of
 * judging a list of phishing subjects as phishing (docs/recipients.md). Without the key nobody can make
 * mail pass this way; a copy replayed with other headers or another body no longer verifies.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { DAY_MS } from '../../core/clock.js';

export const SIGNATURE_FIELD = 'X-Phishgate-Signature';
/** Header fields bound by the signature; each must appear exactly once. */
const SIGNED_FIELDS = ['from', 'to', 'subject', 'date', 'message-id'] as const;
/** A signed message older than this is judged like any other mail. */
export const OWN_MAIL_MAX_AGE_MS = 14 * DAY_MS;
const MAX_HEADER_BYTES = 256 * 1024;

/** The signing key of one link secret (a separate key per purpose). */
const ownMailKey = (secret: string): Buffer => createHmac('sha256', secret).update('phishgate own mail v1').digest();

interface Split {
  header: string;
  body: Buffer;
}

/** Header section (latin1 view, one char per byte) and body bytes, split at the first empty line. */
function split(raw: Buffer): Split | null {
  const limit = Math.min(raw.length, MAX_HEADER_BYTES);
  for (let i = 0; i < limit; i++) {
    if (raw[i] !== 0x0a) continue;
    if (raw[i + 1] === 0x0a) return { header: raw.subarray(0, i + 1).toString('latin1'), body: raw.subarray(i + 2) };
    if (raw[i + 1] === 0x0d && raw[i + 2] === 0x0a) return { header: raw.subarray(0, i + 1).toString('latin1'), body: raw.subarray(i + 3) };
  }
  return null;
}

/** Unfolded header fields by lower-cased name (values trimmed). */
function fields(header: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const unfolded = header.replace(/\r?\n[ \t]+/g, ' ');
  for (const line of unfolded.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    out.set(name, [...(out.get(name) ?? []), line.slice(colon + 1).trim()]);
  }
  return out;
}

/** SHA-256 of the body without its trailing line breaks (SMTP clients add a CRLF before the final dot). */
function bodyHash(body: Buffer): string {
  let end = body.length;
  while (end > 0 && (body[end - 1] === 0x0a || body[end - 1] === 0x0d)) end--;
  return createHash('sha256').update(body.subarray(0, end)).digest('base64');
}

function digestOf(key: Buffer, timestamp: number, hash: string, signed: Map<string, string[]>): Buffer {
  const mac = createHmac('sha256', key).update(`v1\n${timestamp}\n${hash}\n`);
  for (const name of SIGNED_FIELDS) mac.update(`${name}:${signed.get(name)?.[0] ?? ''}\n`);
  return mac.digest();
}

/** Prepends the signature field to a composed message (CRLF line ends, as nodemailer writes them). */
export function signOwnMail(raw: Buffer, secret: string, nowMs: number): Buffer {
  const parts = split(raw);
  if (!parts) throw new Error('own mail has no header section');
  const timestamp = Math.floor(nowMs / 1000);
  const hash = bodyHash(parts.body);
  const mac = digestOf(ownMailKey(secret), timestamp, hash, fields(parts.header)).toString('hex');
  return Buffer.concat([Buffer.from(`${SIGNATURE_FIELD}: v=1; t=${timestamp}; bh=${hash}; s=${mac}\r\n`, 'latin1'), raw]);
}

/** True when `raw` is mail phishgate signed with one of `secrets` (current or previous) in the last 14 days. */
export function verifyOwnMail(raw: Buffer, secrets: readonly string[], nowMs: number): boolean {
  if (!secrets.length) return false;
  const parts = split(raw);
  if (!parts) return false;
  const all = fields(parts.header);
  const signature = all.get(SIGNATURE_FIELD.toLowerCase());
  if (signature?.length !== 1) return false;
  if (SIGNED_FIELDS.some((name) => all.get(name)?.length !== 1)) return false;
  const match = /^v=1; t=(\d{1,12}); bh=([A-Za-z0-9+/=]{44}); s=([0-9a-f]{64})$/.exec(signature[0]!);
  if (!match) return false;
  const timestamp = Number(match[1]);
  if (nowMs - timestamp * 1000 > OWN_MAIL_MAX_AGE_MS || timestamp * 1000 - nowMs > DAY_MS) return false;
  if (match[2] !== bodyHash(parts.body)) return false;
  const given = Buffer.from(match[3]!, 'hex');
  return secrets.some((secret) => timingSafeEqual(digestOf(ownMailKey(secret), timestamp, match[2]!, all), given));
}
