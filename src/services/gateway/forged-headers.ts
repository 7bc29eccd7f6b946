/**
 * Header fields only phishgate may write: `X-Phishgate-*`, and Authentication-Results carrying our own
 * authserv-id (docs/authentication.md "What the MTA must and must not add"). Copies arriving from outside
 * are forgeries; the doors remove them before passing the mail on.
 */
import { authservIdOf } from '../../mail/auth-results.js';
import { PHISHGATE_HEADER_PREFIX } from '../../core/gateway.js';

export function isForgedHeader(name: string, value: string, ownAuthservId: string | null | undefined): boolean {
  const key = name.trim().toLowerCase();
  if (key.startsWith(PHISHGATE_HEADER_PREFIX)) return true;
  return !!ownAuthservId && key === 'authentication-results' && authservIdOf(value) === ownAuthservId.toLowerCase();
}
