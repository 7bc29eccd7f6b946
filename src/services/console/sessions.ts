/**
 * Console sessions (docs/console.md): an API key is exchanged once for a random session token kept in
 * an HttpOnly cookie; the database keeps only the token's SHA-256. Every request re-reads the key, so a
 * revoked key ends its sessions at once, and the session's principal is the key's own (same tenant,
 * mode and scopes as the REST API would give it). Operators (config `console.operator_keys`) may look
 * at another tenant or mode, still with their key's scopes.
 */
import { createHash, randomBytes } from 'node:crypto';
import { HOUR_MS, MINUTE_MS, toIso } from '../../core/clock.js';
import type { ApiKey, Principal, Tenant } from '../../core/domain.js';
import { AppError, notFound } from '../../core/errors.js';
import { findApiKey } from '../../store/repositories/api-keys.js';
import {
  deleteConsoleSession,
  deleteStaleConsoleSessions,
  findConsoleSession,
  insertConsoleSession,
  setConsoleSessionView,
  touchConsoleSession,
  type ConsoleSessionRow,
} from '../../store/repositories/console-sessions.js';
import { findTenant, listTenants } from '../../store/repositories/tenants.js';
import type { ServiceContext } from '../context.js';
import type { KeyService } from '../keys.js';

export interface ConsoleSessionOptions {
  idleMs: number;
  absoluteMs: number;
  /** API key ids whose holders are operators. */
  operatorKeys: readonly string[];
}

export const DEFAULT_CONSOLE_SESSION_OPTIONS: ConsoleSessionOptions = { idleMs: 30 * MINUTE_MS, absoluteMs: 12 * HOUR_MS, operatorKeys: [] };

/** A signed-in person as every console page sees them. */
export interface ConsoleUser {
  sessionId: string;
  csrfToken: string;
  key: ApiKey;
  operator: boolean;
  /** The tenant and mode being looked at; actions run as this principal. */
  principal: Principal & { key: ApiKey };
  /** The key's own tenant. */
  homeTenantId: string;
  expiresAt: string;
}

/** last_seen_at is written at most this often, so page views do not all turn into writes. */
const TOUCH_INTERVAL_MS = MINUTE_MS;
const TOKEN_BYTES = 32;

export const hashSessionToken = (token: string): string => createHash('sha256').update(token).digest('hex');
const newToken = (): string => randomBytes(TOKEN_BYTES).toString('base64url');

export function createConsoleSessionService(ctx: ServiceContext, keys: KeyService, options: ConsoleSessionOptions) {
  const { store, clock } = ctx;
  const isOperator = (keyId: string): boolean => options.operatorKeys.includes(keyId);

  return {
    /** Checks the key exactly as the REST API does (format, hash, revocation) and opens a session. */
    async signIn(secret: string): Promise<{ token: string; expiresAt: string; maxAgeSeconds: number }> {
      const principal = await keys.authenticate(secret.trim());
      const token = newToken();
      const now = clock.now();
      const expiresAt = toIso(now + options.absoluteMs);
      await insertConsoleSession(store.db, {
        id: hashSessionToken(token),
        keyId: principal.key.id,
        operator: isOperator(principal.key.id),
        viewTenantId: principal.tenant.id,
        viewLivemode: principal.livemode,
        csrfToken: newToken(),
        createdAt: toIso(now),
        lastSeenAt: toIso(now),
        expiresAt,
      });
      return { token, expiresAt, maxAgeSeconds: Math.floor(options.absoluteMs / 1000) };
    },

    /** The session's user, or null when the token is unknown, expired (idle or absolute) or its key revoked. */
    async resolve(token: string): Promise<ConsoleUser | null> {
      if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
      const session = await findConsoleSession(store.db, hashSessionToken(token));
      if (!session) return null;
      const now = clock.now();
      const end = async (): Promise<null> => {
        await deleteConsoleSession(store.db, session.id);
        return null;
      };
      if (Date.parse(session.expiresAt) <= now || Date.parse(session.lastSeenAt) + options.idleMs <= now) return end();
      const key = await findApiKey(store.db, session.keyId);
      if (!key || key.revokedAt) return end();
      // Operator rights follow the configuration as it is now, not as it was at sign-in.
      const operator = session.operator && isOperator(key.id);
      const viewTenantId = operator ? session.viewTenantId : key.tenantId;
      const livemode = operator ? session.viewLivemode : key.mode === 'live';
      const tenant = await findTenant(store.db, viewTenantId);
      if (!tenant) return end();
      if (now - Date.parse(session.lastSeenAt) >= TOUCH_INTERVAL_MS) await touchConsoleSession(store.db, session.id, toIso(now));
      return userOf(session, key, operator, tenant, livemode);
    },

    async signOut(token: string): Promise<void> {
      await deleteConsoleSession(store.db, hashSessionToken(token));
    },

    /** Operators only: look at (and act for) another tenant or mode. */
    async switchView(user: ConsoleUser, tenantId: string, livemode: boolean): Promise<void> {
      if (!user.operator) throw new AppError('scope_required', 'Only operators may look at another tenant or mode');
      if (!(await findTenant(store.db, tenantId))) throw notFound(`tenant ${tenantId}`);
      await setConsoleSessionView(store.db, user.sessionId, tenantId, livemode);
    },

    /** Every tenant, for the operator's tenant picker. */
    async tenantsFor(user: ConsoleUser): Promise<Tenant[]> {
      return user.operator ? listTenants(store.db) : [user.principal.tenant];
    },

    /** Ends sessions past either expiry (run by the retention job and at sign-in). */
    purge: () => deleteStaleConsoleSessions(store.db, toIso(clock.now()), toIso(clock.now() - options.idleMs)),
  };
}

function userOf(session: ConsoleSessionRow, key: ApiKey, operator: boolean, tenant: Tenant, livemode: boolean): ConsoleUser {
  return {
    sessionId: session.id,
    csrfToken: session.csrfToken,
    key,
    operator,
    principal: { tenant, livemode, key },
    homeTenantId: key.tenantId,
    expiresAt: session.expiresAt,
  };
}

export type ConsoleSessionService = ReturnType<typeof createConsoleSessionService>;
