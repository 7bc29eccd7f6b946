import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../core/errors.js';
import type { Principal, Scope } from '../core/domain.js';
import type { KeyService } from '../services/keys.js';
import type { QuotaService, QuotaState } from '../services/quota.js';
import { takeInTurn, type RateDecision, type RateLimit, type RateLimiter } from '../services/rate-limiter.js';

/** Scope each route requires (docs/api.md); `public` routes need no key. */
export type RouteScope = Scope | 'public';

declare module 'fastify' {
  interface FastifyContextConfig {
    scope?: RouteScope;
  }
  interface FastifyRequest {
    principal: Principal | null;
    quotaState: QuotaState | null;
  }
}

export interface AuthDeps {
  keys: KeyService;
  quota: QuotaService;
  rateLimiter: RateLimiter;
  defaultRate: RateLimit;
  /** rate_limit.per_tenant: a bucket per tenant beside the per-key ones (null or absent = none). */
  tenantRate?: RateLimit | null;
}

export function requirePrincipal(request: FastifyRequest): Principal {
  if (!request.principal) throw new AppError('missing_authorization', 'Authorization header is missing');
  return request.principal;
}

function bearerToken(header: string | undefined): string {
  if (!header || !header.trim()) {
    throw new AppError('missing_authorization', 'Authorization header is missing; send "Authorization: Bearer <API key>"');
  }
  const match = /^Bearer[ \t]+(\S+)\s*$/i.exec(header);
  if (!match) throw new AppError('missing_authorization', 'Authorization header must use the Bearer scheme: "Authorization: Bearer <API key>"');
  return match[1]!;
}

const hasScope = (granted: Scope[], needed: Scope): boolean => granted.includes('admin') || granted.includes(needed);

/**
 * Order matters: authenticate (401), then the per-key rate limit (429, so a key hammering routes it may
 * not use is still slowed), then the route's scope (403). Unknown routes answer 404 without a key.
 */
export function installAuth(app: FastifyInstance, deps: AuthDeps): void {
  app.decorateRequest('principal', null);
  app.decorateRequest('quotaState', null);

  app.addHook('onRequest', async (request) => {
    const scope = request.routeOptions.config.scope;
    if (request.is404 || scope === 'public') return;
    const principal = await deps.keys.authenticate(bearerToken(request.headers.authorization));
    request.principal = principal;

    const limit: RateLimit = {
      perSecond: principal.tenant.ratePerSecond ?? deps.defaultRate.perSecond,
      burst: principal.tenant.rateBurst ?? deps.defaultRate.burst,
    };
    const keyBucket = { key: `key:${principal.key.id}`, limit };
    const refusedByKey = (decision: RateDecision): AppError =>
      new AppError('rate_limited', `Rate limit of ${limit.perSecond} requests/s (burst ${limit.burst}) exceeded`, {
        retryAfterSeconds: decision.retryAfterSeconds,
      });
    // Minting keys must not multiply the rate (docs/security.md "Rate limits"): the tenant's own bucket,
    // never tighter than the tenant's per-key limit, asked only once the key's bucket allowed the request.
    if (deps.tenantRate) {
      const tenantLimit: RateLimit = { perSecond: Math.max(deps.tenantRate.perSecond, limit.perSecond), burst: Math.max(deps.tenantRate.burst, limit.burst) };
      const [byKey, shared] = await takeInTurn(deps.rateLimiter, keyBucket, { key: `tenant:${principal.tenant.id}`, limit: tenantLimit });
      if (!byKey.allowed) throw refusedByKey(byKey);
      if (shared && !shared.allowed) {
        throw new AppError('rate_limited', `Tenant rate limit of ${tenantLimit.perSecond} requests/s (burst ${tenantLimit.burst}) over all its keys exceeded`, {
          retryAfterSeconds: shared.retryAfterSeconds,
        });
      }
    } else {
      const decision = await deps.rateLimiter.take(keyBucket.key, limit);
      if (!decision.allowed) throw refusedByKey(decision);
    }
    const needed = scope ?? 'admin';
    if (!hasScope(principal.key.scopes, needed)) throw new AppError('scope_required', `This operation requires the "${needed}" scope`);
  });

  // Quota headers on every response, errors included (docs/api.md). Read as the answer goes out, unless the
  // route already knows it (an analysis is charged and returns the new state: one statement fewer per analysis).
  // Without the database the headers say 0, as for a request without a valid key; the answer itself says why.
  app.addHook('onSend', async (request, reply) => {
    if (request.principal && !request.quotaState) request.quotaState = await deps.quota.state(request.principal.tenant).catch(() => null);
    reply.headers(quotaHeaders(request.quotaState));
  });
}

/** `X-Quota-*` for a tenant's quota state; zeros when the request carried no valid key. */
export function quotaHeaders(state: QuotaState | null): Record<string, string> {
  return {
    'X-Quota-Used': String(state?.used ?? 0),
    'X-Quota-Limit': state ? (state.limit === null ? 'unlimited' : String(state.limit)) : '0',
    'X-Quota-Remaining': state ? (state.remaining === null ? 'unlimited' : String(state.remaining)) : '0',
  };
}

export function grantsAll(granted: Scope[], wanted: Scope[]): boolean {
  return wanted.every((s) => hasScope(granted, s));
}
