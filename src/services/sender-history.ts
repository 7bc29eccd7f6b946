/**
 * The tenant's own sender history (docs/reputation.md "Sender history"): the row of the sending registrable
 * domain read before analysis (into the engine's context), one more message counted in the transaction that
 * stores the analysis, and feedback moving "released" and "reported". Never a scan of stored analyses.
 */
import type { Kysely } from 'kysely';
import type { NormalizedMessage } from '../core/message.js';
import type { SenderHistoryFacts } from '../engine/types.js';
import { registrableDomain } from '../mail/url-info.js';
import type { Database } from '../store/schema.js';
import { countSenderMessage, findSenderHistory, moveSenderHistory, type SenderHistoryScope } from '../store/repositories/sender-history.js';

/** The registrable domain history is kept under, '' when the message has no usable From address. */
export function senderDomainOf(address: string | null | undefined): string {
  // A stored "Name <addr>" keeps the address between the last angle brackets.
  const plain = address?.match(/<([^<>]*)>\s*$/)?.[1] ?? address ?? '';
  const at = plain.lastIndexOf('@');
  if (at < 0) return '';
  const domain = plain.slice(at + 1).trim().toLowerCase().replace(/\.$/, '');
  if (!domain || domain.length > 253) return '';
  return registrableDomain(domain) || domain;
}

export async function senderHistoryFor(db: Kysely<Database>, scope: SenderHistoryScope, message: NormalizedMessage): Promise<SenderHistoryFacts | null | undefined> {
  const domain = senderDomainOf(message.from?.address);
  if (!domain) return undefined;
  const row = await findSenderHistory(db, scope, domain);
  return row && { domain: row.domain, firstSeen: row.firstSeen, messages: row.messages, judgedSafe: row.judgedSafe, released: row.released, reported: row.reported };
}

export async function countSender(trx: Kysely<Database>, scope: SenderHistoryScope, message: NormalizedMessage, at: string, verdict: string | null): Promise<void> {
  const domain = senderDomainOf(message.from?.address);
  if (domain) await countSenderMessage(trx, scope, domain, at, verdict === 'safe');
}

interface Label {
  label: string;
  source: string;
}

/**
 * A label replaces the analysis's previous one: "reported" counts analyses labelled phishing, "released"
 * those released from quarantine as not phishing; the move is the difference between the two labels.
 */
export async function moveByFeedback(trx: Kysely<Database>, scope: SenderHistoryScope, from: string, before: Label | undefined, after: Label): Promise<void> {
  const domain = senderDomainOf(from);
  if (!domain) return;
  const reported = (l: Label | undefined): number => (l?.label === 'phishing' ? 1 : 0);
  const released = (l: Label | undefined): number => (l?.label === 'ham' && l.source === 'release' ? 1 : 0);
  await moveSenderHistory(trx, scope, domain, { reported: reported(after) - reported(before), released: released(after) - released(before) });
}
