/**
 * REPLY_IN_TEXT_ELSEWHERE: the text asks the reader to write to another free-mail address than the
 * sender's ("Write me to anna80@gmail.com", "Kindly reply to my private email …"). Romance and advance-fee
 * scams move the conversation to a mailbox the sending infrastructure never sees; it is the body's
 * version of REPLY_TO_OTHER_DOMAIN (docs/detection.md "Rules"). Work is bounded: the first 8,000
 * characters of the text, at most 20 "@" signs, an 80-character window before each.
 *
 * Also a button that opens a mail to another organisation than the sender's and reads as a report ("Report
 * the user", subject "Report-User-Now", "Not you?"): the unusual-sign-in lure's way to have the reader
 * write to the scammer. Bounded: the first 200 HTML links.
 */
import type { Detector, DetectorHit, DetectorInput } from '../detector.js';
import { addressFacts } from '../facts.js';
import { sameOrganisation } from '../organisation.js';
import { decodeUriComponentOrKeep } from '../../core/uri.js';

const MAX_CHARS = 8000;
const MAX_ADDRESSES = 20;
const WINDOW = 80;
const LOCAL_CHAR = /[a-z0-9._%+-]/i;
const DOMAIN = /^[a-z0-9-]{1,63}(?:\.[a-z0-9-]{1,63}){1,4}/i;

/** What a scammer writes right before the address, in the corpus languages (lower-case, searched with includes). */
const INVITATIONS = [
  'write me', 'write to me', 'reply me', 'reply to me', 'reply to my', 'respond to me', 'email me', 'e-mail me', 'email to me', 'mail me', 'contact me on', 'contact me via', 'contact me through',
  'my private email', 'my private e-mail', 'my personal email', 'my personal e-mail', 'my direct email', 'for response', 'for reply', 'for more details', 'send me an email',
  'me escreva', 'escreva-me', 'responda-me', 'meu e-mail', 'meu email', 'escríbeme', 'escribeme', 'mi correo', 'écrivez-moi', 'ecrivez-moi', 'mon adresse e-mail', 'mon adresse mail', 'mon adresse privée', 'mon adresse personnelle', 'me contacter à', 'contactez-moi',
  'schreib mir', 'schreiben sie mir', 'meine private e-mail', 'meine e-mail-adresse', 'scrivimi', 'la mia email', 'la mia e-mail', 'schrijf me', 'mijn e-mail',
];

/** The local part ending just before `at` (at most 64 characters), read backwards: linear. */
function localPartBefore(text: string, at: number): string {
  let start = at;
  while (start > 0 && at - start < 64 && LOCAL_CHAR.test(text[start - 1]!)) start--;
  return text.slice(start, at);
}

/** A report or "not you" button, in its text or in the subject it fills in, in the seven languages. */
const REPORT_BUTTON = /\b(?:report|unusual|not you|wasn.?t (?:me|you)|block (?:the|this)|secure (?:my|your) account|signal(?:er|ez)|(?:c.?)?(?:n.?)?[ée]tait pas (?:moi|vous)|war ich nicht|nicht ich|missbrauch melden|verdacht melden|no (?:fui|he sido) yo|no eras t[uú]|denunciar|reportar|segnala|non ero io|non sono stato io|was ik niet|niet ik|n[aã]o fui eu|n[aã]o (?:foi|era) voc[eê])/i;
const MAX_LINKS = 200;

/** A mailto query is form-encoded: "+" is a space there. */
const decodeFormValue = (value: string): string => decodeUriComponentOrKeep(value.replace(/\+/g, ' '));

/**
 * A report button that opens a mail to a free-mail mailbox: no brand routes "Not you?" to gmail.com, so
 * mail from a brand's own address carrying one is forged (brand.ts, docs/detection.md "Is the sender that
 * identity?"). The address, or null.
 */
export function freemailReportButton(input: Pick<DetectorInput, 'html' | 'sender' | 'message'>): string | null {
  const address = reportButtonElsewhere(input)?.address;
  return address !== undefined && addressFacts(address).freemail ? address : null;
}

function reportButtonElsewhere({ html, sender, message }: Pick<DetectorInput, 'html' | 'sender' | 'message'>): (DetectorHit & { address: string }) | null {
  for (const link of (html?.links ?? []).slice(0, MAX_LINKS)) {
    if (!/^mailto:/i.test(link.url)) continue;
    const [to = '', query = ''] = link.url.slice(7, 1000).split('?', 2);
    const address = decodeFormValue(to).split(',')[0]!.trim().toLowerCase();
    const domain = address.slice(address.lastIndexOf('@') + 1);
    if (!address.includes('@') || !domain) continue;
    if (address === sender.address.toLowerCase() || (sender.domain && sameOrganisation(domain, sender.domain))) continue;
    if (message.to.some((a) => a.address.toLowerCase() === address)) continue;
    const subject = decodeFormValue(/(?:^|&)subject=([^&]{0,200})/i.exec(query)?.[1] ?? '');
    const shown = REPORT_BUTTON.test(link.text) ? link.text : REPORT_BUTTON.test(subject) ? subject : null;
    if (shown === null) continue;
    return { strength: 0.6, reason: `A "${shown.slice(0, 40)}" button opens a mail to ${address}, not to the sender`, address };
  }
  return null;
}

export const replyInTextElsewhere: Detector = {
  id: 'REPLY_IN_TEXT_ELSEWHERE',
  group: 'sender',
  description: 'The text asks you to write to another free-mail address than the sender\'s (romance and advance-fee scams), or a report button opens a mail to another organisation',
  run(input) {
    const { bodyText, sender, message } = input;
    const button = reportButtonElsewhere(input);
    if (button) return [{ strength: button.strength, reason: button.reason }];
    const text = bodyText.slice(0, MAX_CHARS);
    const own = new Set([sender.address.toLowerCase(), ...message.to.map((a) => a.address.toLowerCase()), ...message.cc.map((a) => a.address.toLowerCase())]);
    let at = text.indexOf('@');
    for (let n = 0; at >= 0 && n < MAX_ADDRESSES; n++, at = text.indexOf('@', at + 1)) {
      const local = localPartBefore(text, at);
      const domain = DOMAIN.exec(text.slice(at + 1, at + 1 + 260))?.[0]?.toLowerCase();
      if (!local || !domain) continue;
      const address = `${local.toLowerCase()}@${domain}`;
      if (own.has(address) || !addressFacts(address).freemail) continue;
      const before = text.slice(Math.max(0, at - local.length - WINDOW), at - local.length).toLowerCase();
      const invitation = INVITATIONS.find((phrase) => before.includes(phrase));
      if (invitation) return [{ strength: 0.6, reason: `The text asks you to write to the free-mail address ${address} ("${invitation}"), not to the sender` }];
    }
    return [];
  },
};
