import { createHash, timingSafeEqual } from 'node:crypto';
import { AppError, badRequest, notFound } from '../core/errors.js';
import { toIso } from '../core/clock.js';
import { randomBase62 } from '../core/ids.js';
import type { ApiKey, KeyMode, Principal, Scope, Tenant } from '../core/domain.js';
import { findApiKey, findApiKeyWithTenant, insertApiKey, listApiKeys, revokeApiKey, touchApiKey } from '../store/repositories/api-keys.js';
import { findTenant } from '../store/repositories/tenants.js';
import type { ServiceContext } from './context.js';

/** docs/api.md: `svc_live_…` / `svc_test_…`; 40 base62 characters ≈ 238 bits of randomness. */
const SECRET_LENGTH = 40;
const KEY_FORMAT = /^svc_(live|test)_[0-9A-Za-z]{32,128}$/;
/** last_used_at is written at most this often per key, so reads do not turn into writes. */
const TOUCH_INTERVAL_MS = 60_000;

export const hashKey = (key: string): string => createHash('sha256').update(key).digest('hex');

export interface NewKey {
  tenantId: string;
  name: string;
  scopes: Scope[];
  mode: KeyMode;
}

export function createKeyService({ store, clock, newId }: ServiceContext, options: { maxActiveKeys?: number } = {}) {
  const lastTouched = new Map<string, number>();

  return {
    /** Returns the full key once; only its hash is stored. */
    async create(input: NewKey): Promise<{ apiKey: ApiKey; secret: string }> {
      const tenant = await findTenant(store.db, input.tenantId);
      if (!tenant) throw notFound(`tenant ${input.tenantId}`);
      // Each key has its own rate bucket: a cap on active keys bounds what minting keys can buy (docs/security.md).
      if (options.maxActiveKeys !== undefined) {
        const active = (await listApiKeys(store.db, tenant.id)).filter((k) => k.revokedAt === null).length;
        if (active >= options.maxActiveKeys) throw badRequest(`at most ${options.maxActiveKeys} active API keys per tenant; revoke one first`);
      }
      const secret = `svc_${input.mode}_${randomBase62(SECRET_LENGTH)}`;
      const apiKey: ApiKey = {
        id: newId('key'),
        tenantId: tenant.id,
        name: input.name,
        mode: input.mode,
        scopes: [...new Set(input.scopes)],
        prefix: secret.slice(0, 13),
        createdAt: toIso(clock.now()),
        revokedAt: null,
        lastUsedAt: null,
      };
      await insertApiKey(store.db, apiKey, hashKey(secret));
      return { apiKey, secret };
    },

    /**
     * Bearer key → principal. The key is hashed before the lookup, so the database search never
     * compares secret material; the final comparison is constant-time.
     */
    async authenticate(presented: string): Promise<Principal & { key: ApiKey }> {
      // Created only when needed: an error captures a stack trace, which every request would pay for.
      const invalid = (): AppError => new AppError('invalid_api_key', 'The API key is not recognised');
      if (!KEY_FORMAT.test(presented)) throw invalid();
      const digest = hashKey(presented);
      const found = await findApiKeyWithTenant(store.db, digest);
      if (!found || !timingSafeEqual(Buffer.from(found.keyHash, 'hex'), Buffer.from(digest, 'hex'))) throw invalid();
      if (found.key.revokedAt) throw new AppError('invalid_api_key', 'The API key has been revoked');
      const tenant: Tenant = found.tenant;
      const now = clock.now();
      if (now - (lastTouched.get(found.key.id) ?? 0) >= TOUCH_INTERVAL_MS) {
        lastTouched.set(found.key.id, now);
        await touchApiKey(store.db, found.key.id, toIso(now));
      }
      return { tenant, key: found.key, livemode: found.key.mode === 'live' };
    },

    list: (tenantId: string, mode?: KeyMode): Promise<ApiKey[]> => listApiKeys(store.db, tenantId, mode),

    async get(id: string): Promise<ApiKey> {
      const key = await findApiKey(store.db, id);
      if (!key) throw notFound(`key ${id}`);
      return key;
    },

    async revoke(id: string): Promise<ApiKey> {
      const key = await findApiKey(store.db, id);
      if (!key) throw notFound(`key ${id}`);
      await revokeApiKey(store.db, id, toIso(clock.now()));
      return (await findApiKey(store.db, id))!;
    },
  };
}

export type KeyService = ReturnType<typeof createKeyService>;
