import { Type } from '@sinclair/typebox';
import { Section } from './common.js';

const Names = Type.Array(Type.String({ minLength: 1, maxLength: 253, pattern: '^[^\\s;]+$' }), { maxItems: 1000 });

/** Sender authentication: verification, trust in other MTAs' results, DNS limits (docs/authentication.md). */
export const AuthSection = Section({
  /** Check SPF, DKIM, DMARC and ARC ourselves (needs DNS); false = only trusted headers count. */
  verify: Type.Boolean(),
  /** authserv-id of the Authentication-Results header phishgate writes; incoming copies with it are removed. */
  authserv_id: Type.String({ minLength: 1, maxLength: 253, pattern: '^[A-Za-z0-9._-]+$' }),
  /** Add our Authentication-Results header to mail the doors tag. */
  add_header: Type.Boolean(),
  /** authserv-ids of the admin's own MTAs whose Authentication-Results are believed. */
  trusted_authserv_ids: Names,
  /** ARC sealers (ARC-Seal d=) whose passing chain may vouch for forwarded mail. */
  trusted_arc_sealers: Names,
  /** Tenants whose REST `headers` spf/dkim/dmarc values are believed. */
  trusted_api_tenants: Type.Array(Type.String({ minLength: 1 }), { maxItems: 10000 }),
  /** Client networks (CIDR) of the admin's own relays: no SPF check for mail handed over by them. */
  internal_networks: Type.Array(Type.String({ minLength: 1 }), { maxItems: 1000 }),
  /** Shortest DKIM/ARC key accepted, in bits. */
  min_key_bits: Type.Integer({ minimum: 512, maximum: 8192 }),
  spf: Section({
    /** RFC 7208 §4.6.4: DNS-querying mechanisms and modifiers per check. */
    max_lookups: Type.Integer({ minimum: 1, maximum: 50 }),
    /** RFC 7208 §4.6.4: lookups answering no records. */
    max_void_lookups: Type.Integer({ minimum: 0, maximum: 20 }),
  }),
  dns: Section({
    /** Resolver addresses (`ip` or `ip:port`); empty = the system's resolvers. */
    servers: Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { maxItems: 10 }),
    /** Each lookup gives up after this long (the result becomes temperror). */
    timeout_ms: Type.Integer({ minimum: 50, maximum: 60000 }),
    /** Answers kept in the process-wide cache. */
    cache_entries: Type.Integer({ minimum: 0, maximum: 1000000 }),
    /** How long an answer is kept (Node does not report TTLs of TXT and MX records). */
    cache_ttl_s: Type.Integer({ minimum: 0, maximum: 86400 }),
    /** How long "no such name / no such record" is kept. */
    negative_ttl_s: Type.Integer({ minimum: 0, maximum: 86400 }),
    /** DNS queries one message may cause, all methods together; beyond it lookups fail (temperror). */
    max_queries_per_message: Type.Integer({ minimum: 1, maximum: 1000 }),
  }),
});
