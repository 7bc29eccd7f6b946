/**
 * The tenant's own sender history as rules (docs/reputation.md "Sender history"). The service reads the
 * domain's row before analysis and passes it in the context (`senderHistory`); the rules only read it.
 * Free-mail domains are skipped: anyone writes from them, so their history is nobody's.
 */
import type { Detector, DetectorInput } from '../detector.js';
import type { SenderHistoryFacts } from '../types.js';
import { SENDER_FIRST_CONTACT, SENDER_HISTORY_CLEAN } from './rule-ids.js';

/** The history of this message's sender, when the service gave one for exactly this domain. */
function historyOf(facts: DetectorInput): SenderHistoryFacts | null | undefined {
  const history = facts.ctx.senderHistory;
  if (history === undefined || facts.sender.freemail || !facts.sender.registrable) return undefined;
  // A forwarded message is judged with the forwarder's context: its own sender has no history here.
  if (history && history.domain !== facts.sender.registrable) return undefined;
  return history;
}

export function createHistoryRules(options: { minMessages: number }): Detector[] {
  const firstContact: Detector = {
    ...SENDER_FIRST_CONTACT,
    run(facts) {
      const history = historyOf(facts);
      if (history === undefined || (history && history.messages > 0)) return [];
      const claim = facts.judgement?.claim;
      if (!claim || facts.judgement?.sentByClaimed === true) return [];
      return [{ strength: 1, reason: `first mail from ${facts.sender.registrable} to your organisation (it presents itself as ${claim.brand.name})` }];
    },
  };
  const clean: Detector = {
    ...SENDER_HISTORY_CLEAN,
    run(facts) {
      const history = historyOf(facts);
      if (!history || history.messages < options.minMessages || history.reported > 0) return [];
      // Only the domain's own authenticated mail inherits its record, and only when it asks nothing risky.
      if (!facts.judgement?.authenticated || facts.judgement.asks.length > 0) return [];
      // 10 earlier mails half the weight, 100 or more all of it.
      const strength = Math.min(1, Math.log10(history.messages) / 2);
      // The weight is negative (config/default.yaml): this rule votes towards legitimate.
      return [{ strength, reason: `${history.messages} earlier mails from ${history.domain}, none reported` }];
    },
  };
  return [firstContact, clean];
}
