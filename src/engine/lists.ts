import { domainOf, type NormalizedMessage } from '../core/message.js';
import type { SenderAuth } from '../mail/auth-results.js';
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

const describe = (entry: ListEntryRef): string => `${entry.type} ${entry.value}${entry.note ? ` (${entry.note})` : ''}`;

/**
 * Contract §4: block beats allow; an allow entry is ignored when the message fails sender
 * authentication for that domain (the classic bypass is spoofing an allow-listed domain).
 */
export function decideLists(message: NormalizedMessage, blockList: ListEntryRef[], allowList: ListEntryRef[], auth: SenderAuth): ListDecision {
  const senders = [message.from?.address, message.envelope?.mailFrom ?? message.returnPath].filter((a): a is string => !!a);
  for (const sender of senders) {
    const entry = blockList.find((e) => matches(e, sender));
    if (entry) return { kind: 'blocked', entry, reason: `Sender ${sender} is on the block list: ${describe(entry)}` };
  }
  const from = message.from?.address;
  const entry = from ? allowList.find((e) => matches(e, from)) : undefined;
  if (!entry || !from) return { kind: 'none', notes: [] };
  if (auth.dmarc === 'fail' || auth.spf === 'fail') {
    const failed = auth.dmarc === 'fail' ? 'DMARC' : 'SPF';
    return { kind: 'none', notes: [`Allow-list entry ${describe(entry)} ignored: ${failed} failed for ${domainOf(from)}`] };
  }
  return { kind: 'allowed', entry, reason: `Sender ${from} is on the allow list: ${describe(entry)}` };
}
