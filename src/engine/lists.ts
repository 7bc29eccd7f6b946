import { domainOf, type NormalizedMessage } from '../core/message.js';
import { alignedDomains, type SenderAuth } from '../mail/auth-results.js';
import type { ListEntryRef } from './types.js';

export type ListDecision =
  | { kind: 'blocked'; entry: ListEntryRef; reason: string }
  | { kind: 'allowed'; entry: ListEntryRef; reason: string }
  | { kind: 'none'; notes: string[] };

function matches(entry: ListEntryRef, address: string): boolean {
  const lower = address.toLowerCase();
  if (entry.type === 'email') return lower === entry.value;
  const domain = domainOf(lower);
  return domain === entry.value || domain.endsWith(`.${entry.value}`);
}

export const describeEntry = (entry: ListEntryRef): string => `${entry.type} ${entry.value}${entry.note ? ` (${entry.note})` : ''}`;

/** The allow entry the From address matches, if any. */
export function allowEntryFor(message: NormalizedMessage, allowList: readonly ListEntryRef[]): { entry: ListEntryRef; from: string } | null {
  const from = message.from?.address;
  const entry = from ? allowList.find((e) => matches(e, from)) : undefined;
  return entry && from ? { entry, from } : null;
}

/**
 * How an allow entry stands with the (counted) authentication of the From domain
 * (docs/authentication.md "Allow list"): an aligned pass makes it count, a failure voids it, and
 * anything else leaves it a bounded hint (rule ALLOW_LIST_UNVERIFIED), never a verdict.
 */
export type AllowStanding = { kind: 'aligned-pass'; how: string } | { kind: 'fail'; why: string } | { kind: 'unverified' };

export function allowStanding(fromDomain: string, auth: SenderAuth): AllowStanding {
  if (auth.dmarc === 'fail') return { kind: 'fail', why: `DMARC failed for ${fromDomain}` };
  if (auth.spf === 'fail') return { kind: 'fail', why: `SPF failed for ${auth.spfDomain || fromDomain}` };
  if (auth.dmarc === 'pass' && alignedDomains(auth.dmarcDomain || fromDomain, fromDomain)) return { kind: 'aligned-pass', how: 'DMARC passed' };
  const dkim = auth.dkimPassDomains.find((d) => alignedDomains(d, fromDomain));
  if (dkim) return { kind: 'aligned-pass', how: `aligned DKIM signature of ${dkim}` };
  if (auth.spf === 'pass' && alignedDomains(auth.spfDomain, fromDomain)) return { kind: 'aligned-pass', how: `aligned SPF pass for ${auth.spfDomain}` };
  return { kind: 'unverified' };
}

/**
 * Block beats allow; an allow entry decides the verdict only on an aligned authentication pass for the
 * From domain, and is ignored (with a note) when authentication fails for it — spoofing an allow-listed
 * domain is the classic bypass.
 */
export function decideLists(message: NormalizedMessage, blockList: ListEntryRef[], allowList: ListEntryRef[], auth: SenderAuth): ListDecision {
  const senders = [message.from?.address, message.envelope?.mailFrom ?? message.returnPath].filter((a): a is string => !!a);
  for (const sender of senders) {
    const entry = blockList.find((e) => matches(e, sender));
    if (entry) return { kind: 'blocked', entry, reason: `Sender ${sender} is on the block list: ${describeEntry(entry)}` };
  }
  const found = allowEntryFor(message, allowList);
  if (!found) return { kind: 'none', notes: [] };
  const standing = allowStanding(domainOf(found.from), auth);
  if (standing.kind === 'fail') return { kind: 'none', notes: [`Allow-list entry ${describeEntry(found.entry)} ignored: ${standing.why}`] };
  if (standing.kind === 'unverified') return { kind: 'none', notes: [] };
  return { kind: 'allowed', entry: found.entry, reason: `Sender ${found.from} is on the allow list (${standing.how}): ${describeEntry(found.entry)}` };
}
