/**
 * `http.trust_proxy` as Fastify's `trustProxy` (docs/security.md "Reverse proxy"). Addresses/CIDRs go to
 * Fastify as they are (proxy-addr checks each hop against them). A number of hops goes as a function:
 * Fastify 5 reads a bare number as "trust nothing" (it cannot check the immediate peer), which would put
 * every client behind the proxy in one rate-limit bucket — one client's failed sign-ins would lock out
 * everyone. The function trusts the `hops` nearest peers, the classic meaning; docs/security.md says why
 * it is only safe when nothing but the proxy can reach phishgate.
 */
export type TrustProxySetting = false | number | string[];
export type FastifyTrustProxy = false | string[] | ((address: string, hop: number) => boolean);

export function fastifyTrustProxy(setting: TrustProxySetting): FastifyTrustProxy {
  if (setting === false) return false;
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  // Validated at load (config/loader.ts), where entries are trimmed before parsing: trimmed here too.
  return setting.map((entry) => entry.trim());
}
