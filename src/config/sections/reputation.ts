import { Type, type Static } from '@sinclair/typebox';
import cron from 'node-cron';
import { Section } from './common.js';

/**
 * How a zone's answers are read (docs/reputation.md "Return codes"): the big lists' own codes, or `any`
 * (every 127.0.0.0/8 answer is a listing, except the 127.255.255.0/24 "query refused" codes).
 */
export const DnsblCodes = Type.Union([
  Type.Literal('spamhaus_zen'),
  Type.Literal('spamhaus_dbl'),
  Type.Literal('surbl'),
  Type.Literal('uribl'),
  Type.Literal('any'),
]);

const Zone = Section({
  /** The zone queried, e.g. `zen.spamhaus.org` or a data-feed key's `<key>.zen.dq.spamhaus.net`. */
  zone: Type.String({ minLength: 3, maxLength: 200, pattern: '^[A-Za-z0-9-]+(\\.[A-Za-z0-9-]+)+$' }),
  /** `ip`: the connecting client's address is looked up; `domain`: sender, reply-to and link domains. */
  type: Type.Union([Type.Literal('ip'), Type.Literal('domain')]),
  codes: DnsblCodes,
});

/** Where a phishing / malware URL feed comes from and how it is read (docs/reputation.md "Feeds"). */
const Feed = Section({
  /** Shown in reasons and status ("OpenPhish"). */
  name: Type.String({ minLength: 1, maxLength: 60, pattern: '^[A-Za-z0-9 ._-]+$' }),
  format: Type.Union([Type.Literal('openphish'), Type.Literal('phishtank_json'), Type.Literal('phishtank_csv'), Type.Literal('urlhaus_csv')]),
  /** A local file path, or an http(s):// URL (fetched with If-None-Match / If-Modified-Since). */
  source: Type.String({ minLength: 1, maxLength: 2000 }),
  /** Cron expression of refreshes (node-cron, local time), e.g. `*\/30 * * * *`. */
  schedule: Type.String({ minLength: 1, maxLength: 100 }),
  /** `phishing` or `malware`: what a listing means in reasons. */
  category: Type.Union([Type.Literal('phishing'), Type.Literal('malware')]),
});

export const ReputationSection = Section({
  dnsbl: Section({
    /** Off by default: public resolvers are refused by the big lists (docs/reputation.md "Resolver"). */
    enabled: Type.Boolean(),
    /** Resolver addresses (`ip` or `ip:port`) — a local recursive resolver; empty = the system's. */
    servers: Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { maxItems: 10 }),
    /** One deadline for every lookup of a message; what has not answered by then is coverage, not a verdict. */
    timeout_ms: Type.Integer({ minimum: 50, maximum: 10_000 }),
    /** Lookups one message may cause, all zones together; beyond it the rest are skipped (coverage). */
    max_queries_per_message: Type.Integer({ minimum: 1, maximum: 500 }),
    /** Answers kept in the in-process cache. */
    cache_entries: Type.Integer({ minimum: 0, maximum: 1_000_000 }),
    /** Longest an answer is kept whatever its TTL says. */
    max_ttl_s: Type.Integer({ minimum: 0, maximum: 86_400 }),
    /** How long "not listed" (NXDOMAIN) is kept (Node does not report the negative TTL). */
    negative_ttl_s: Type.Integer({ minimum: 0, maximum: 86_400 }),
    /** Lookups of a zone in a row unanswered or failed before the zone is skipped (a worker waits for none). */
    skip_after_failures: Type.Integer({ minimum: 1, maximum: 1000 }),
    /** Seconds a zone that stopped answering is skipped before it is asked again. */
    skip_for_s: Type.Integer({ minimum: 0, maximum: 3600 }),
    zones: Type.Array(Zone, { maxItems: 20 }),
  }),
  feeds: Type.Array(Feed, { maxItems: 20 }),
  /** The tenant's own record of each sending domain (docs/reputation.md "Sender history"). */
  history: Section({
    /** Off by default: on, each recorded analysis updates its sender's row and the two history rules run. */
    enabled: Type.Boolean(),
    /** Earlier mails, none reported, before a domain's record counts as evidence of genuineness. */
    min_messages: Type.Integer({ minimum: 1, maximum: 100_000 }),
  }),
});

/** What the schema cannot say: schedules are cron expressions, names tell feeds and zones apart. */
export function reputationConfigProblem(config: Static<typeof ReputationSection>): string | null {
  const names = new Set<string>();
  for (const [i, feed] of config.feeds.entries()) {
    if (!cron.validate(feed.schedule)) return `reputation.feeds.${i}.schedule: "${feed.schedule}" is not a cron expression`;
    if (names.has(feed.name.toLowerCase())) return `reputation.feeds.${i}.name: "${feed.name}" names two feeds`;
    names.add(feed.name.toLowerCase());
    if (/^[a-z][a-z0-9+.-]*:\/\//i.test(feed.source) && !/^https?:\/\//i.test(feed.source)) return `reputation.feeds.${i}.source: only a file path or an http(s) URL`;
  }
  const zones = new Set<string>();
  for (const [i, zone] of config.dnsbl.zones.entries()) {
    if (zones.has(zone.zone.toLowerCase())) return `reputation.dnsbl.zones.${i}.zone: "${zone.zone}" is listed twice`;
    zones.add(zone.zone.toLowerCase());
  }
  return null;
}
