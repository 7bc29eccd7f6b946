import type { Detector } from '../detector.js';
import { categoryOf } from '../lexicon/index.js';
import { sameOrganisation } from '../organisation.js';
import { describeForeignAccount, foreignAccount } from '../text/iban.js';

/**
 * Supplier and payroll fraud (docs/detection.md "How a verdict is reached"): the mail asks to pay into a
 * new account ("our bank details have changed", "update my direct deposit", "nouveau RIB", "neue
 * Bankverbindung") and nothing shows that the sender is who it says: it is not authenticated and writes
 * from a free-mail address, or it diverts replies to another organisation, or the new account is abroad:
 * an IBAN of a country that neither the sender's domain nor the mail's language points to (a German
 * supplier's new account in Lithuania is how money mules are paid). A genuine change of bank details is
 * confirmed by telephone, never by e-mail alone, so the mail is at least worth a warning.
 */
export const bankDetailsUnverified: Detector = {
  id: 'BANK_DETAILS_UNVERIFIED',
  group: 'identity',
  indicator: 'impersonation',
  description: 'Asks to pay into new bank details from a free-mail address, with replies diverted to another organisation, or into an account abroad, without authentication',
  run({ phrases, sender, judgement, message, ruleText, language }) {
    const ask = phrases.find((hit) => categoryOf(hit.tag) === 'bank_change');
    if (!ask || !sender.domain) return [];
    if (judgement?.authenticated && !sender.freemail) return [];
    const recipients = new Set([...message.to, ...message.cc].map((r) => r.address.toLowerCase()));
    const diverted = sender.replyTo.find((r) => !recipients.has(r.address) && r.registrable && !sameOrganisation(r.domain, sender.domain));
    if (sender.freemail) return [{ strength: 1, reason: `Asks to pay into new bank details ("${ask.text}") from the free-mail address ${sender.address}: confirm by telephone before paying` }];
    if (diverted) return [{ strength: 1, reason: `Asks to pay into new bank details ("${ask.text}") and diverts replies to ${diverted.address}: confirm by telephone before paying` }];
    const abroad = foreignAccount(ruleText, sender.domain, language);
    if (abroad) return [{ strength: 1, reason: `Asks to pay into new bank details ("${ask.text}"): ${describeForeignAccount(abroad, sender.domain, language)}; confirm by telephone before paying` }];
    return [];
  },
};
