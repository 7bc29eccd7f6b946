/**
 * Mail phishgate writes itself (quarantine digests) carries `X-Phishgate-Signature`, an HMAC over its
 * body, its whole header section and whom it is for (tenant and envelope recipients). When such a message
 * comes back through a mail door (the next hop routes it through the filter again), the gateway recognises
 * it and passes it untouched instead of judging a list of phishing subjects as phishing (docs/recipients.md).
 * Without the key nobody can make mail pass this way. A copy with any header field added, removed or
 * changed (Content-Type, Content-Transfer-Encoding, Reply-To, …), another body, or sent to another tenant
 * or recipient no longer verifies and is judged like any other mail (docs/security.md "Hardening, second
 * round"; version 1 signed the body and five fields only). The one exception are trace fields MTAs add
 * on the way (TRACE_FIELDS): they change nothing a reader or a MIME parser sees.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { DAY_MS } from '../../core/clock.js';

export const SIGNATURE_FIELD = 'X-Phishgate-Signature';
/** Identifying fields that must appear exactly once (all fields are signed; these may not be doubled). */
const SINGLE_FIELDS = ['from', 'to', 'subject', 'date', 'message-id', 'content-type', 'mime-version'] as const;
/** Fields MTAs and verifiers add in transit, left out of the signature (RFC 5321 §4.4, RFC 8601, RFC 8617). */
const TRACE_FIELDS = new Set(['received', 'return-path', 'delivered-to', 'x-original-to', 'dkim-signature', 'authentication-results', 'arc-seal', 'arc-message-signature', 'arc-authentication-results']);
/** A signed message older than this is judged like any other mail. */
export const OWN_MAIL_MAX_AGE_MS = 14 * DAY_MS;
const MAX_HEADER_BYTES = 256 * 1024;

/**
 * Whom a signed message is for. It verifies only for this tenant, and for envelope recipients among those it
 * was sent to: an MTA that splits a message per recipient (docs/milter.md suggests
 * `destination_recipient_limit = 1`) hands each admin its share of an admin digest, which still verifies;
 * anyone else among the recipients does not.
 */
export interface OwnMailAudience {
  tenantId: string;
  recipients: readonly string[];
}

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

interface HeaderFields {
  /** Unfolded values by lower-cased name (trimmed). */
  byName: Map<string, string[]>;
  /** Every unfolded field line in order, as written (a line without a colon is kept too: it is signed). */
  lines: Array<{ name: string; line: string }>;
}

function fields(header: string): HeaderFields {
  const byName = new Map<string, string[]>();
  const lines: HeaderFields['lines'] = [];
  const unfolded = header.replace(/\r?\n[ \t]+/g, ' ');
  for (const line of unfolded.split(/\r?\n/)) {
    if (line === '') continue;
    const colon = line.indexOf(':');
    const name = (colon > 0 ? line.slice(0, colon) : line).trim().toLowerCase();
    lines.push({ name, line });
    if (colon > 0) byName.set(name, [...(byName.get(name) ?? []), line.slice(colon + 1).trim()]);
  }
  return { byName, lines };
}

/** Recipients as a set: case of the address and the MTA's order do not matter. */
const recipientSet = (recipients: readonly string[]): string[] => [...new Set(recipients.map((r) => r.trim().toLowerCase()))].sort();
const audienceLine = (tenantId: string, recipients: readonly string[]): string => `${tenantId}\n${recipients.join(',')}`;

/** SHA-256 of the body without its trailing line breaks (SMTP clients add a CRLF before the final dot). */
function bodyHash(body: Buffer): string {
  let end = body.length;
  while (end > 0 && (body[end - 1] === 0x0a || body[end - 1] === 0x0d)) end--;
  return createHash('sha256').update(body.subarray(0, end)).digest('base64');
}

/** The MAC over time, body hash, audience and every header field but the signature and trace fields, in order. */
function digestOf(key: Buffer, timestamp: number, hash: string, header: HeaderFields, who: string): Buffer {
  const mac = createHmac('sha256', key).update(`v2\n${timestamp}\n${hash}\n${who.length}:${who}\n`);
  for (const { name, line } of header.lines) {
    if (name === SIGNATURE_FIELD.toLowerCase() || TRACE_FIELDS.has(name)) continue;
    // Length-prefixed: no field can be made to read as two, or two as one.
    mac.update(`${line.length}:${line}\n`);
  }
  return mac.digest();
}

/** Prepends the signature field to a composed message (CRLF line ends, as nodemailer writes them). */
export function signOwnMail(raw: Buffer, secret: string, nowMs: number, audience: OwnMailAudience): Buffer {
  const parts = split(raw);
  if (!parts) throw new Error('own mail has no header section');
  const timestamp = Math.floor(nowMs / 1000);
  const hash = bodyHash(parts.body);
  const recipients = recipientSet(audience.recipients);
  const mac = digestOf(ownMailKey(secret), timestamp, hash, fields(parts.header), audienceLine(audience.tenantId, recipients)).toString('hex');
  // The recipients travel in the field (r=, signed), so a door can check the ones it sees are among them.
  const r = Buffer.from(recipients.join(','), 'utf8').toString('base64url');
  return Buffer.concat([Buffer.from(`${SIGNATURE_FIELD}: v=2; t=${timestamp}; r=${r}; bh=${hash}; s=${mac}\r\n`, 'latin1'), raw]);
}

/**
 * True when `raw` is mail phishgate signed with one of `secrets` (current or previous) in the last 14 days,
 * for `audience` (the tenant the door routes the mail to and its envelope recipients), unchanged.
 */
export function verifyOwnMail(raw: Buffer, secrets: readonly string[], nowMs: number, audience: OwnMailAudience): boolean {
  if (!secrets.length) return false;
  const parts = split(raw);
  if (!parts) return false;
  const all = fields(parts.header);
  const signature = all.byName.get(SIGNATURE_FIELD.toLowerCase());
  if (signature?.length !== 1) return false;
  if (SINGLE_FIELDS.some((name) => all.byName.get(name)?.length !== 1)) return false;
  const match = /^v=2; t=(\d{1,12}); r=([A-Za-z0-9_-]{1,65536}); bh=([A-Za-z0-9+/=]{44}); s=([0-9a-f]{64})$/.exec(signature[0]!);
  if (!match) return false;
  const signedFor = Buffer.from(match[2]!, 'base64url').toString('utf8').split(',');
  const signedSet = new Set(signedFor);
  const arriving = recipientSet(audience.recipients);
  if (!arriving.length || !arriving.every((r) => signedSet.has(r))) return false;
  const timestamp = Number(match[1]);
  if (nowMs - timestamp * 1000 > OWN_MAIL_MAX_AGE_MS || timestamp * 1000 - nowMs > DAY_MS) return false;
  if (match[3] !== bodyHash(parts.body)) return false;
  const given = Buffer.from(match[4]!, 'hex');
  const who = audienceLine(audience.tenantId, signedFor);
  return secrets.some((secret) => timingSafeEqual(digestOf(ownMailKey(secret), timestamp, match[3]!, all, who), given));
}
