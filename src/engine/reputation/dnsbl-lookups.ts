/**
 * All block-list lookups of one message (docs/reputation.md "DNS block lists"): the connecting client's
 * address on the IP zones, the registrable domains of the sender, the reply-to addresses and every link
 * (after unwrapping) on the domain zones. They run in parallel under one deadline; at most
 * `maxQueries` are sent (sender and reply-to first, then links in order). Whatever did not answer in time,
 * failed, or was refused by the list is coverage — never a listing.
 */
import type { MessageFacts } from '../facts.js';
import { decodeAnswer, type DnsblCodesName, type Listing } from './dnsbl-codes.js';
import { ipQueryName, isPrivateAddress } from './dnsbl-names.js';
import type { DnsblAnswer, DnsblResolve } from './dnsbl-resolver.js';
import type { ZoneHealth } from './dnsbl-health.js';
import { countAnswer, emptyZoneCounters, type ZoneCounters } from './dnsbl-counters.js';

export interface DnsblZone {
  zone: string;
  type: 'ip' | 'domain';
  codes: DnsblCodesName;
}

export type TargetRole = 'client' | 'sender' | 'reply-to' | 'link';

export interface DnsblHit extends Listing {
  zone: string;
  role: TargetRole;
  /** The address or domain that is listed. */
  target: string;
}

export interface DnsblOutcome {
  hits: DnsblHit[];
  /** Coverage notes: refusals, failures, lookups past the deadline, lookups skipped past the budget. */
  notes: string[];
}

export interface DnsblSettings {
  zones: readonly DnsblZone[];
  timeoutMs: number;
  maxQueries: number;
}

interface Target {
  role: TargetRole;
  value: string;
}

/** Client first, then sender and reply-to, then links: the budget goes to what the sender controls least. */
function targetsOf(facts: MessageFacts): { ip: Target[]; domain: Target[] } {
  const ip: Target[] = [];
  const client = facts.message.envelope?.clientAddress;
  // Only the address the door saw (SMTP peer or trusted XFORWARD, milter connect, the API's client_ip),
  // never one from a header the sender wrote (docs/reputation.md).
  if (client && !isPrivateAddress(client)) ip.push({ role: 'client', value: client });
  const seen = new Set<string>(facts.recipientDomains);
  const domain: Target[] = [];
  const add = (role: TargetRole, value: string | undefined): void => {
    const name = value?.toLowerCase().replace(/\.$/, '');
    if (!name || !name.includes('.') || seen.has(name)) return;
    seen.add(name);
    domain.push({ role, value: name });
  };
  add('sender', facts.sender.registrable);
  for (const reply of facts.sender.replyTo) add('reply-to', reply.registrable);
  for (const url of facts.urls) if (url.info && !url.info.isIp && !url.info.overlongHost) add('link', url.info.domain);
  return { ip, domain };
}

interface Planned {
  zone: DnsblZone;
  target: Target;
  name: string;
}

function plan(facts: MessageFacts, settings: DnsblSettings): { planned: Planned[]; skipped: number } {
  const { ip, domain } = targetsOf(facts);
  const all: Planned[] = [];
  for (const target of ip) {
    for (const zone of settings.zones) {
      if (zone.type !== 'ip') continue;
      const name = ipQueryName(target.value, zone.zone);
      if (name) all.push({ zone, target, name });
    }
  }
  for (const target of domain) {
    for (const zone of settings.zones) if (zone.type === 'domain') all.push({ zone, target, name: `${target.value}.${zone.zone}` });
  }
  return { planned: all.slice(0, settings.maxQueries), skipped: Math.max(0, all.length - settings.maxQueries) };
}

const LATE = Symbol('late');

export async function lookUpMessage(facts: MessageFacts, settings: DnsblSettings, resolve: DnsblResolve, counters: Map<string, ZoneCounters>, health: ZoneHealth, signal?: AbortSignal, onWaiting?: () => void): Promise<DnsblOutcome> {
  const { planned: wanted, skipped } = plan(facts, settings);
  const outcome: DnsblOutcome = { hits: [], notes: [] };
  if (skipped) outcome.notes.push(`DNS block lists: ${skipped} lookups past the limit of ${settings.maxQueries} per message were not sent`);
  const resting = new Set(wanted.filter((p) => health.skipped(p.zone.zone)).map((p) => p.zone.zone));
  for (const zone of resting) outcome.notes.push(`DNS block list ${zone} skipped: it did not answer recently; not counted (docs/reputation.md)`);
  const planned = wanted.filter((p) => !resting.has(p.zone.zone));
  if (!planned.length) return outcome;
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<typeof LATE>((done) => {
    timer = setTimeout(() => done(LATE), settings.timeoutMs);
    signal?.addEventListener('abort', () => done(LATE), { once: true });
  });
  const count = (zone: string): ZoneCounters => {
    let c = counters.get(zone);
    if (!c) counters.set(zone, (c = emptyZoneCounters()));
    return c;
  };
  let late = 0;
  const refusedZones = new Map<string, string>();
  const failedZones = new Set<string>();
  const all = Promise.all(
    planned.map(async ({ zone, target, name }) => {
      const c = count(zone.zone);
      c.queries++;
      let answer: DnsblAnswer | typeof LATE;
      const started = performance.now();
      try {
        answer = await Promise.race([resolve(name), deadline]);
        if (answer !== LATE) countAnswer(c, performance.now() - started);
      } catch {
        c.failed++;
        failedZones.add(zone.zone);
        health.failed(zone.zone);
        return;
      }
      if (answer === LATE) {
        c.late++;
        late++;
        health.failed(zone.zone);
        return;
      }
      // A cached answer was not the server's: counting it would make a zone whose server went silent look
      // healthy whenever a cached name is asked, and every message would wait for it again.
      if (!answer.cached) health.answered(zone.zone);
      const decoded = decodeAnswer(zone.codes, answer.addresses);
      if (decoded.refused) {
        c.refused++;
        refusedZones.set(zone.zone, decoded.refused);
        return;
      }
      if (decoded.unknown.length) outcome.notes.push(`DNS block list ${zone.zone} answered unknown code ${decoded.unknown.join(', ')} for ${target.value}; ignored`);
      if (decoded.listings.length) c.listed++;
      for (const listing of decoded.listings) outcome.hits.push({ ...listing, zone: zone.zone, role: target.role, target: target.value });
    }),
  );
  // Every query has gone out: from here the message only waits, and its worker can start another one.
  onWaiting?.();
  await all;
  clearTimeout(timer);
  for (const [zone, code] of refusedZones) outcome.notes.push(`DNS block list ${zone} refused the query (${code}: public resolver or volume limit); not counted (docs/reputation.md "Resolver")`);
  for (const zone of failedZones) outcome.notes.push(`DNS block list ${zone}: lookup failed; not counted`);
  if (late) outcome.notes.push(`DNS block lists: ${late} lookups unanswered within ${settings.timeoutMs} ms; not counted`);
  return outcome;
}
