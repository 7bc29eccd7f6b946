/**
 * Sender authentication as a service step before the engine (docs/authentication.md): verify what we can
 * (DNS through the bounded resolver), sort the headers' results by provenance, and hand the engine one
 * plain `AuthenticationFacts` object (it crosses into worker threads and is stored with the result).
 */
import type { Logger } from 'pino';
import type { Config } from '../../config/schema.js';
import type { AuthenticationFacts } from '../../core/authentication.js';
import { domainOf, type NormalizedMessage } from '../../core/message.js';
import { parseNetworks } from '../../core/networks.js';
import { headerAuth } from '../../mail/auth-headers.js';
import { combineFacts } from '../../mail/auth-combine.js';
import { budgetedResolve, createCachedResolve, createNodeResolve, type CacheStats, type DnsResolve } from './resolver.js';
import { verifyMessage, type VerifiedFacts, type VerifyEnvelope, type VerifyOptions } from './verify.js';

export interface AuthenticateInput {
  /** The message as received; null for API calls without raw_email (DKIM cannot be checked then). */
  raw: Buffer | null;
  envelope: VerifyEnvelope;
  message: NormalizedMessage;
  tenantId: string;
}

export interface AuthenticationService {
  authenticate(input: AuthenticateInput): Promise<AuthenticationFacts>;
  /** Cache counters of the shared resolver (null when verification is off). */
  cacheStats(): CacheStats | null;
  readonly authservId: string;
}

export interface AuthenticationDeps {
  /** Replaces Node's resolver under the cache (tests use a stub; production leaves it unset). */
  resolve?: DnsResolve;
  logger?: Logger;
  now?: () => number;
}

/** No DNS, nothing trusted: only what a library user gets without configuring anything. */
export const VERIFICATION_OFF: Config['auth'] = {
  verify: false,
  authserv_id: 'phishgate',
  add_header: false,
  trusted_authserv_ids: [],
  trusted_arc_sealers: [],
  trusted_api_tenants: [],
  internal_networks: [],
  min_key_bits: 1024,
  spf: { max_lookups: 10, max_void_lookups: 2 },
  dns: { servers: [], timeout_ms: 2000, cache_entries: 0, cache_ttl_s: 0, negative_ttl_s: 0, max_queries_per_message: 1 },
};

/** A message whose verification blew up (a mailauth bug, say) is reported as temperror everywhere, never as a pass. */
function failedVerification(reason: string): VerifiedFacts {
  return {
    spfSkipped: reason,
    dkim: [],
    dmarc: { result: 'temperror', domain: '', policy: null, provenance: 'verified', comment: reason },
    arc: { result: 'none', instance: 0, sealer: '', trusted: false, provenance: 'none' },
  };
}

export function createAuthenticationService(config: Config['auth'], deps: AuthenticationDeps = {}): AuthenticationService {
  const trust = { trustedIds: config.trusted_authserv_ids.map((id) => id.toLowerCase()), ownId: config.authserv_id.toLowerCase() };
  const trustedTenants = new Set(config.trusted_api_tenants);
  const cached = config.verify
    ? createCachedResolve(deps.resolve ?? createNodeResolve({ servers: config.dns.servers, timeoutMs: config.dns.timeout_ms }), {
        entries: config.dns.cache_entries,
        ttlMs: config.dns.cache_ttl_s * 1000,
        negativeTtlMs: config.dns.negative_ttl_s * 1000,
        ...(deps.now ? { now: deps.now } : {}),
      })
    : null;
  const options: VerifyOptions = {
    authservId: config.authserv_id,
    trustedArcSealers: config.trusted_arc_sealers.map((s) => s.toLowerCase()),
    internalNetworks: parseNetworks(config.internal_networks, 'auth.internal_networks'),
    minKeyBits: config.min_key_bits,
    spfMaxLookups: config.spf.max_lookups,
    spfMaxVoidLookups: config.spf.max_void_lookups,
  };

  return {
    authservId: config.authserv_id,
    cacheStats: () => cached?.stats() ?? null,
    async authenticate({ raw, envelope, message, tenantId }) {
      const fromDomain = message.from?.address ? domainOf(message.from.address) : '';
      let verified: VerifiedFacts | null = null;
      if (cached) {
        // Without the raw message only SPF and DMARC can be checked: a From line is all DMARC needs.
        const input = raw ?? (fromDomain ? Buffer.from(`From: <${message.from!.address.replace(/[\r\n<>]/g, '')}>\r\n\r\n`) : null);
        try {
          if (input) verified = await verifyMessage(input, envelope, budgetedResolve(cached, config.dns.max_queries_per_message), options);
        } catch (error) {
          deps.logger?.warn({ err: error }, 'authentication: verification failed; results are temperror');
          verified = failedVerification('verification failed');
        }
      }
      const header = headerAuth(message.headers, trust, message.authHints, trustedTenants.has(tenantId));
      return combineFacts({ verified, ...(cached ? {} : { notVerified: 'verification is off (auth.verify)' }), header, fromDomain });
    },
  };
}
