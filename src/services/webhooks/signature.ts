/**
 * `X-Service-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>` (docs/api.md).
 * Signed at send time, per attempt, so a retry a day later still passes a receiver's 5-minute check.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const SIGNATURE_HEADER = 'X-Service-Signature';
export const EVENT_ID_HEADER = 'X-Service-Event-Id';
/** What receivers are told to accept (docs/webhooks.md). */
export const DEFAULT_TOLERANCE_SECONDS = 300;

export function signatureDigest(secret: string, timestamp: number, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

export function signatureHeader(secret: string, body: string, nowMs: number): string {
  const timestamp = Math.floor(nowMs / 1000);
  return `t=${timestamp},v1=${signatureDigest(secret, timestamp, body)}`;
}

export type VerifyResult = { ok: true; timestamp: number } | { ok: false; reason: 'malformed' | 'mismatch' | 'expired' };

/**
 * What a receiver does (and what our tests do with a real receiver): parse, recompute over the raw body,
 * compare in constant time, reject stale timestamps. Several `v1=` entries are allowed (secret rotation).
 */
export function verifySignature(header: string | undefined, secret: string, body: string, nowMs: number, toleranceSeconds = DEFAULT_TOLERANCE_SECONDS): VerifyResult {
  if (!header) return { ok: false, reason: 'malformed' };
  let timestamp: number | null = null;
  const candidates: string[] = [];
  for (const part of header.split(',')) {
    const [key, value] = part.trim().split('=', 2);
    if (key === 't' && value && /^\d+$/.test(value)) timestamp = Number(value);
    if (key === 'v1' && value && /^[0-9a-f]{64}$/.test(value)) candidates.push(value);
  }
  if (timestamp === null || candidates.length === 0) return { ok: false, reason: 'malformed' };
  const expected = Buffer.from(signatureDigest(secret, timestamp, body), 'hex');
  if (!candidates.some((candidate) => timingSafeEqual(Buffer.from(candidate, 'hex'), expected))) return { ok: false, reason: 'mismatch' };
  if (Math.abs(nowMs / 1000 - timestamp) > toleranceSeconds) return { ok: false, reason: 'expired' };
  return { ok: true, timestamp };
}
