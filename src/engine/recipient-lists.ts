import type { NormalizedMessage } from '../core/message.js';
import type { SenderAuth } from '../mail/auth-results.js';
import type { ListDecision } from './lists.js';
import type { AnalysisContext, ListEntryRef } from './types.js';

type DecideLists = (message: NormalizedMessage, blockList: ListEntryRef[], allowList: ListEntryRef[], auth: SenderAuth) => ListDecision;

/**
 * Recipients' own entries before the tenant-wide ones (docs/recipients.md). One analysis serves every
 * recipient of a tenant, so a recipient's entry decides only when all of them decide the same way (a
 * message to bob alone follows bob's entries; one to bob and carol only if carol's entries agree);
 * otherwise the tenant-wide lists decide. Within one recipient's entries the usual rules hold (block
 * beats allow, an allow entry is ignored when sender authentication fails).
 */
export function decideAllLists(message: NormalizedMessage, ctx: AnalysisContext, auth: SenderAuth, decide: DecideLists): ListDecision {
  const perRecipient = (ctx.recipientLists ?? []).map((own) => ({ recipient: own.recipient, decision: decide(message, own.blockList, own.allowList, auth) }));
  const first = perRecipient[0]?.decision;
  const notes = perRecipient.flatMap(({ recipient, decision }) => (decision.kind === 'none' ? decision.notes.map((n) => `${n} (entry of ${recipient})`) : []));
  if (first && first.kind !== 'none' && perRecipient.every(({ decision }) => decision.kind === first.kind)) {
    const whose = perRecipient.map((r) => r.recipient).join(', ');
    return { ...first, reason: `${first.reason} (${perRecipient.length > 1 ? 'entries of' : 'entry of'} ${whose})` };
  }
  const tenant = decide(message, ctx.blockList, ctx.allowList, auth);
  return tenant.kind === 'none' ? { kind: 'none', notes: [...notes, ...tenant.notes] } : tenant;
}
