/**
 * Session cookie and CSRF checks of the console (docs/console.md, "Security"). The cookie holds only a
 * random token (HttpOnly: no script reads it; SameSite=Strict: no other site's page sends it); every
 * form carries the session's CSRF token, compared in constant time, and a POST whose Origin or
 * Sec-Fetch-Site says it came from another site is refused before that.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../core/errors.js';
import type { ConsoleUser } from '../../services/console/sessions.js';
import type { ConsoleContext } from './context.js';
import { text, type Fields } from './forms.js';

export const SESSION_COOKIE = 'phishgate_console';
/** Holds the sign-in form's token before there is a session (login CSRF: double-submit). */
export const SIGN_IN_COOKIE = 'phishgate_console_signin';

export function readCookie(request: FastifyRequest, name: string): string | null {
  const header = request.headers.cookie;
  if (!header || header.length > 8192) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}

/** `Secure` whenever the console is reached over HTTPS (directly, or through a trusted proxy). */
export function setCookie(reply: FastifyReply, ctx: ConsoleContext, name: string, value: string, maxAgeSeconds: number): void {
  const secure = reply.request.protocol === 'https' ? '; Secure' : '';
  const path = ctx.at('/');
  reply.header('Set-Cookie', [...cookieList(reply), `${name}=${value}; Path=${path}; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Strict${secure}`]);
}

export function clearCookie(reply: FastifyReply, ctx: ConsoleContext, name: string): void {
  setCookie(reply, ctx, name, '', 0);
}

function cookieList(reply: FastifyReply): string[] {
  const existing = reply.getHeader('set-cookie');
  if (existing === undefined) return [];
  return Array.isArray(existing) ? existing.map(String) : [String(existing)];
}

export const newFormToken = (): string => randomBytes(24).toString('base64url');

export function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && left.length > 0 && timingSafeEqual(left, right);
}

/**
 * A POST from another site's page is refused whatever it carries. Browsers say where a request comes
 * from in Sec-Fetch-Site; older ones only in Origin (which is "null" from opaque origins: refused).
 */
export function refuseCrossSite(request: FastifyRequest): void {
  const refuse = () => new AppError('scope_required', 'Form posted from another site: refused');
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none') throw refuse();
  const origin = request.headers.origin;
  if (origin === undefined) return;
  let host: string;
  try {
    host = new URL(origin).host;
  } catch {
    throw refuse();
  }
  if (host !== request.headers.host) throw refuse();
}

/** Every state-changing console request: same site, and the session's CSRF token in the form. */
export function checkCsrf(request: FastifyRequest, user: ConsoleUser, fields: Fields): void {
  refuseCrossSite(request);
  if (!sameToken(text(fields, '_csrf', 100), user.csrfToken)) throw new AppError('scope_required', 'The form is missing its security token or it is out of date; reload the page and try again');
}
