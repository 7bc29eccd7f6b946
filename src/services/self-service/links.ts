/**
 * One-click links of quarantine digests (docs/recipients.md, "Self-service links"). A link carries what
 * it allows — tenant, recipient, quarantined message, action, expiry and a random link id — and an
 * HMAC-SHA256 over exactly those bytes, keyed from the link secret. Links signed with the current or a
 * previous secret are accepted (rotation: PHISHGATE_LINK_SECRET, PHISHGATE_LINK_SECRETS_PREVIOUS).
 * Nothing in a link is believed before its signature is checked, and the check reads bounded input only.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const LINK_ACTIONS = ['preview', 'release', 'release_allow', 'delete'] as const;
export type LinkAction = (typeof LINK_ACTIONS)[number];

export interface LinkClaims {
  tenantId: string;
  recipient: string;
  quarantineId: string;
  action: LinkAction;
  /** Milliseconds since the epoch (stored as seconds). */
  expiresAt: number;
  /** Random id: a used link is remembered by it. */
  linkId: string;
}

export type LinkCheck = { ok: true; claims: LinkClaims } | { ok: false; reason: 'invalid' | 'expired' };

/** Longer tokens are refused before any decoding. */
export const MAX_TOKEN_CHARS = 1500;
const MAX_FIELD = 400;

/** The link key of one secret (a separate key per purpose: own-mail signatures use another). */
const linkKey = (secret: string): Buffer => createHmac('sha256', secret).update('phishgate self-service link v1').digest();
/** The key binding a confirmation form to its link (CSRF tokens). */
export const formKey = (secret: string): Buffer => createHmac('sha256', secret).update('phishgate self-service form v1').digest();

const mac = (key: Buffer, payload: string): Buffer => createHmac('sha256', key).update(payload).digest();

export function signLink(claims: Omit<LinkClaims, 'linkId'> & { linkId?: string }, secret: string): string {
  const body = {
    v: 1,
    t: claims.tenantId,
    r: claims.recipient,
    q: claims.quarantineId,
    a: claims.action,
    e: Math.floor(claims.expiresAt / 1000),
    n: claims.linkId ?? randomBytes(12).toString('base64url'),
  };
  const payload = Buffer.from(JSON.stringify(body)).toString('base64url');
  return `${payload}.${mac(linkKey(secret), payload).toString('base64url')}`;
}

const isField = (value: unknown): value is string => typeof value === 'string' && value.length > 0 && value.length <= MAX_FIELD;

/** Checks signature (any of `secrets`), shape and expiry; says only "invalid" or "expired". */
export function verifyLink(token: string, secrets: readonly string[], nowMs: number): LinkCheck {
  if (!secrets.length || token.length > MAX_TOKEN_CHARS) return { ok: false, reason: 'invalid' };
  const match = /^([A-Za-z0-9_-]{1,1400})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return { ok: false, reason: 'invalid' };
  const [, payload, signature] = match as unknown as [string, string, string];
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== 32 || !secrets.some((secret) => timingSafeEqual(mac(linkKey(secret), payload), given))) return { ok: false, reason: 'invalid' };
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
  } catch {
    return { ok: false, reason: 'invalid' };
  }
  if (body === null || typeof body !== 'object' || body.v !== 1) return { ok: false, reason: 'invalid' };
  const { t, r, q, a, e, n } = body;
  if (!isField(t) || !isField(r) || !isField(q) || !isField(n) || !LINK_ACTIONS.includes(a as LinkAction) || typeof e !== 'number' || !Number.isInteger(e)) return { ok: false, reason: 'invalid' };
  if (e * 1000 <= nowMs) return { ok: false, reason: 'expired' };
  return { ok: true, claims: { tenantId: t, recipient: r, quarantineId: q, action: a as LinkAction, expiresAt: e * 1000, linkId: n } };
}

/** The form token of a link for one browser (its cookie value): a cross-site form cannot know it. */
export function formToken(secret: string, browserNonce: string, token: string): string {
  return createHmac('sha256', formKey(secret)).update(`${browserNonce}\n${token}`).digest('base64url');
}

export function checkFormToken(secrets: readonly string[], browserNonce: string, token: string, given: string): boolean {
  const bytes = Buffer.from(given, 'base64url');
  if (bytes.length !== 32) return false;
  return secrets.some((secret) => timingSafeEqual(Buffer.from(formToken(secret, browserNonce, token), 'base64url'), bytes));
}

/** `publicUrl` joined with the self-service path (a public URL may live under a path prefix). */
export function linkUrl(publicUrl: string, token: string): string {
  const base = publicUrl.endsWith('/') ? publicUrl : `${publicUrl}/`;
  return new URL(`self-service/l/${token}`, base).toString();
}
