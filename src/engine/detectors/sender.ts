import type { Brand } from '../data/brand-types.js';
import type { Detector, DetectorHit, DetectorInput } from '../detector.js';
import { FORWARDING_RELAY_DOMAINS, ON_BEHALF_SENDER_DOMAINS } from '../data/domains.js';
import { ownedOrSentFor } from '../delegates.js';
import { DISPLAY_NAME_CLAIM, displayNameClaimPoints } from '../display-name.js';
import { sameOrganisation } from '../organisation.js';
import { displayNameSpells, namedAfter } from '../organisation-name.js';
import { words } from '../text/words.js';
import { splitAddressList } from '../../mail/addresses.js';
import { isUserContentLink } from '../user-content.js';
import { hasMechanism } from './impersonation.js';
import { webLinks } from './links.js';

/** "Jane via Group", "'jane@x.org' via List": mailing lists and DMARC-rewriting forwarders. */
// Google writes "(über Google Drive)", "(tramite Google Drive)", "(a través de Google Drive)" in other languages.
const VIA = /\bvia\b|\bon behalf of\b|\bpar l'interm[ée]diaire de\b|\bim auftrag von\b|\(über |\btramite\b|\ba través de\b|\batravés d[eo]\b|\bnamens\b/i;
// The lookbehind starts a local part only where a run of its characters starts: linear (docs/performance.md).
const EMBEDDED_ADDRESS = /(?<![a-z0-9._%+-])[a-z0-9._%+-]+@([a-z0-9-]{1,63}(?:\.[a-z0-9-]{1,63}){1,6})/i;

/** The provider's own system mailboxes (RFC 5321 §4.5.1 postmaster; bounce senders). */
const SYSTEM_MAILBOX = /^(?:postmaster|mailer-daemon)@/i;

/** Words that make a display name read like an organisation or a service desk rather than a person. */
const ROLE_WORDS = new Set([
  'support', 'service', 'services', 'team', 'security', 'admin', 'administrator', 'administration', 'helpdesk', 'billing', 'account', 'accounts', 'department', 'customer', 'care', 'notification', 'notifications', 'alert', 'alerts', 'bank', 'noreply', 'reply', 'payroll', 'hr', 'it', 'webmaster', 'postmaster', 'mailbox', 'verification', 'compliance',
  'ceo', 'cfo', 'coo', 'cto', 'president', 'director', 'directeur', 'directrice', 'pdg', 'manager', 'finance', 'accounting', 'accounts', 'treasury', 'comptabilite', 'direction', 'geschaftsfuhrer', 'geschaftsfuhrung', 'vorstand', 'presidente', 'direttore', 'directora', 'gerente',
  'equipe', 'clientele', 'client', 'assistance', 'securite', 'banque', 'facturation', 'kundenservice', 'kundendienst', 'sicherheit', 'atencion', 'cliente', 'seguridad', 'assistenza', 'sicurezza', 'klantenservice',
  // The billing, accounts and support desks of the other languages ("Bestellservice", "Departamento de
  // Facturación", "Ufficio Fatturazione", "Facturatie", "Faturação"): the sender of a call-back lure's fake
  // order confirmation. Not the generic office words ("administración", "ufficio"), which name small firms.
  // A court and its summons ("Intimação Judicial - Tribunal de Justiça", "Juzgado de lo Civil"): courts write from
  // their own domains (tjsp.jus.br), never from a free-mail mailbox; a lawyer's Gmail signs with a name.
  'tribunal', 'justica', 'justicia', 'juzgado', 'judicial', 'judiciaire', 'judiciario', 'intimacao', 'citacao',
  'buchhaltung', 'abrechnung', 'rechnungsabteilung', 'rechnungsstelle', 'rechnungsservice', 'bestellservice', 'facturacion', 'contabilidad', 'soporte', 'fatturazione', 'contabilita', 'supporto', 'facturatie', 'boekhouding', 'klantendienst', 'beveiliging', 'faturacao', 'faturamento', 'contabilidade', 'suporte', 'atendimento', 'seguranca',
]);

/**
 * Everything the mail offers leads to `brand` itself: at least one link, every web link (social-network
 * footers aside) on the brand's or its family's domains — not a click-tracker, which hides where it goes,
 * nor a user's page —, no risky ask, no deceptive mechanism, no attachment, no reply diverted elsewhere.
 * Genuine brand mail from a domain the catalogue does not list looks like this; a lure needs somewhere
 * to lead.
 */
function leadsOnlyToBrand(input: DetectorInput, brand: Brand): boolean {
  const { brands, sender } = input;
  if ((input.judgement?.asks.length ?? 0) > 0 || hasMechanism(input) || input.message.attachments.length > 0) return false;
  if (sender.replyTo.some((r) => r.registrable !== sender.registrable && !ownedOrSentFor(brands, brand, r.domain))) return false;
  const links = webLinks(input, brand);
  return links.length > 0 && links.every((u) => !isUserContentLink(u.info!) && ownedOrSentFor(brands, brand, u.info!.host));
}

export const displayNameBrand: Detector = {
  id: 'DISPLAY_NAME_BRAND',
  group: 'sender',
  // Reads the asks and mechanisms other rules found (leadsOnlyToBrand).
  stage: 2,
  indicator: 'impersonation',
  description: 'The display name names a brand the sender address does not belong to',
  run(input) {
    const { sender, brands } = input;
    if (!sender.displayName || VIA.test(sender.displayName) || !sender.domain) return [];
    // A person's own name ("Marie Leclerc" <marie.leclerc@…>) or a club named after a town is no brand claim.
    if (displayNameClaimPoints(sender.displayName, sender.address) < DISPLAY_NAME_CLAIM) return [];
    const found = brands.mentions(words(sender.displayName, 50), sender.displayName.split(/[^\p{L}\p{N}]+/u).slice(0, 50));
    for (const brand of found.keys()) {
      if (ownedOrSentFor(brands, brand, sender.domain)) continue;
      // Named right after the sender's own name ("Lockergnome Apple Core" <…@lockergnome.com>): the topic
      // of its newsletter, which the claim does not count (facts.ts, brand-mention.ts).
      if (!input.claims.some((c) => c.brand === brand && c.where.includes('display name'))) continue;
      // The brand's name on the sender's own unlisted domain, proven by the mail and asking nothing
      // (unlisted-brand-domain.ts): no contradiction between the name and the address.
      if (input.judgement?.unlistedDomain && input.judgement.claim?.brand === brand && !hasMechanism(input)) continue;
      // The brand's name with every link on the brand: BRAND_SPOOFING weighs the unproven sender; this
      // rule would only restate it.
      if (leadsOnlyToBrand(input, brand)) return [];
      return [{ strength: 1, reason: `Display name "${sender.displayName.slice(0, 60)}" claims ${brand.name}, but the address ${sender.address} does not belong to ${brand.name}`, brand: brand.name }];
    }
    return [];
  },
};

/** The names delivery systems write on bounces (no address, or an empty one). */
const SYSTEM_SENDER_NAME = /mailer-daemon|postmaster|mail delivery|delivery (?:subsystem|system|status)|mail system/i;
/** A From with no address is one finding: alone, suspicious at most (docs/detection.md "Rules"). */
const NO_ADDRESS_STRENGTH = 0.6;

/**
 * `From: "Brand", _ <x@lure.example>` or `From: Brand, <a@x>, Office, <b@y>`: more than one member in the
 * From field. Mail programs show the first phrase as the sender while the address is another; RFC 5322
 * allows several authors only with a Sender field, which genuine mail practically never uses. No genuine
 * mail of the labelled corpora does it (docs/detection.md "Rules").
 */
export const fromDisplayFragment: Detector = {
  id: 'FROM_DISPLAY_FRAGMENT',
  group: 'sender',
  indicator: 'impersonation',
  description: 'The From field does not tie the name shown to one address: it lists several members, or a name with no address',
  run({ message, sender }) {
    const field = message.headers.find((h) => h.name.toLowerCase() === 'from');
    if (!field) return [];
    const members = splitAddressList(field.value.slice(0, 2000));
    if (members.length >= 2) {
      return [{ strength: 1, reason: `The From field lists ${members.length} members ("${members[0]!.slice(0, 60)}", …): mail programs show the first as the sender, which is not the address it came from` }];
    }
    // "Sara Davenport" <>, a bare name, an empty field: nobody can be answered or checked. Bounces come
    // from the null sender ("<>", RFC 5321 §4.5.5) or name the provider's delivery system without an
    // address: that is how delivery reports are sent, not a disguise.
    if (sender.address || field.value.trim() === '<>' || SYSTEM_SENDER_NAME.test(sender.displayName)) return [];
    const shown = field.value.trim().slice(0, 60);
    return [{ strength: NO_ADDRESS_STRENGTH, reason: shown ? `The From field "${shown}" names a sender but gives no address` : 'The From field is empty: the mail names no sender' }];
  },
};

export const displayNameAddress: Detector = {
  id: 'DISPLAY_NAME_ADDRESS',
  group: 'sender',
  indicator: 'impersonation',
  description: 'The display name shows an e-mail address of another domain than the real sender',
  run({ sender }) {
    if (!sender.displayName || VIA.test(sender.displayName)) return [];
    const match = EMBEDDED_ADDRESS.exec(sender.displayName);
    const shownDomain = match?.[1]?.toLowerCase();
    if (!match || !shownDomain || sameOrganisation(shownDomain, sender.domain)) return [];
    if (FORWARDING_RELAY_DOMAINS.has(sender.registrable) || FORWARDING_RELAY_DOMAINS.has(sender.domain)) return [];
    return [{ strength: 1, reason: `Display name shows ${match[0]} but the mail comes from ${sender.address || 'another address'}` }];
  },
};

/** A host with a label named after the organisation (weberdruck.service-now.com for weber-druck.de). */
const namedHost = (host: string, registrable: string): boolean => host.split('.').some((label) => namedAfter(label.replace(/-/g, ''), registrable));

export const displayNameRecipient: Detector = {
  id: 'DISPLAY_NAME_RECIPIENT',
  group: 'sender',
  indicator: 'impersonation',
  description: "The display name carries the recipient's own domain or organisation name while the sender is outside it",
  run(input) {
    const { sender, recipientDomains } = input;
    if (!sender.displayName || recipientDomains.has(sender.registrable)) return [];
    const name = sender.displayName.toLowerCase();
    for (const domain of recipientDomains) {
      const at = name.indexOf(domain);
      // The whole domain, not inside a longer host name ("neko1.example.com" does not show "example.com").
      if (at >= 0 && !/[a-z0-9.-]/.test(name[at - 1] ?? ' ') && !/[a-z0-9-]/.test(name[at + domain.length] ?? ' ')) {
        return [{ strength: 1, reason: `Display name "${sender.displayName.slice(0, 60)}" uses your domain ${domain}, but the mail comes from ${sender.registrable || 'outside'}` }];
      }
    }
    // The recipient organisation's name written as words ("Weber Druck IT" to weber-druck.de): the mail
    // presents itself as your own IT, HR or payroll (docs/detection.md "Who does the mail claim to be").
    // Not the organisation's own tools on a platform, whose host is named after it (weberdruck.service-now.com),
    // nor a catalogued service's notice (a SharePoint site named after the company), nor "… via …".
    // Nor a free-mail address: the organisation's own people in a group of their own (the parents'
    // association of a school, a works council, a staff sports club) write under its name from Gmail;
    // a free-mail address posing as its IT or HR is FREEMAIL_CORPORATE's.
    if (sender.ownBrand || sender.freemail || VIA.test(sender.displayName)) return [];
    const links = webLinks(input);
    for (const domain of recipientDomains) {
      if (!displayNameSpells(sender.displayName, domain)) continue;
      if (namedHost(sender.domain, domain)) continue;
      // The organisation's own tool on a vendor's domain (an HR platform) links to its space there.
      if (links.length > 0 && links.every((u) => namedHost(u.info!.host, domain))) continue;
      return [{ strength: 1, reason: `Display name "${sender.displayName.slice(0, 60)}" presents the mail as coming from your own organisation (${domain}), but it comes from ${sender.registrable || 'outside'}` }];
    }
    return [];
  },
};

export const recipientInSubject: Detector = {
  id: 'RECIPIENT_IN_SUBJECT',
  group: 'sender',
  description: "The subject quotes the recipient's own address (\"Mailbox jane@example.com is full\")",
  run({ message, sender }) {
    const subject = message.subject.toLowerCase();
    for (const r of message.to.slice(0, 5)) {
      const address = r.address.toLowerCase();
      if (address.includes('@') && address !== sender.address && subject.includes(address)) {
        return [{ strength: 1, reason: `The subject quotes the recipient's address ${address}` }];
      }
    }
    return [];
  },
};

/**
 * A reference number in a display name: six digits or more in a row, not a phone number (with its country
 * code, "+31612345678", or national, "0612345678": tradespeople sign with theirs). People do not put
 * numbers in their names; "INTIMAÇÃO 991122", "BB - Restitua seu IRPF [96492727663]", "Your Order #2548574"
 * are a system's notice, and from a free-mail mailbox an imitation of one. No genuine message of the labelled corpora has one (docs/detection.md "Rules").
 */
function referenceNumberIn(displayName: string): string | null {
  for (const m of displayName.slice(0, 200).matchAll(/\d{6,}/g)) if (!isPhoneNumber(m[0], displayName[m.index - 1])) return m[0];
  return null;
}
const isPhoneNumber = (digits: string, before: string | undefined): boolean => before === '+' || (digits.startsWith('0') && digits.length >= 9 && digits.length <= 11);
/** Alone a numbered display name stays below suspicious (FREEMAIL_CORPORATE 1.5 × 0.5); beside an ask it counts. */
const REFERENCE_STRENGTH = 0.5;

export const freemailCorporate: Detector = {
  id: 'FREEMAIL_CORPORATE',
  group: 'sender',
  indicator: 'impersonation',
  description: 'A free-mail address presenting itself as a brand, a company department or a service desk',
  run({ sender, brands }) {
    if (!sender.freemail || !sender.displayName || VIA.test(sender.displayName)) return [];
    // The mail provider's own staff write from its domain: "Yahoo Customer Care" <…@yahoo.com>.
    const provider = brands.ownerOf(sender.domain);
    const folded = words(sender.displayName, 30);
    if (provider && brands.mentions(folded, sender.displayName.split(/[^\p{L}\p{N}]+/u)).has(provider)) return [];
    const claims = displayNameClaimPoints(sender.displayName, sender.address) >= DISPLAY_NAME_CLAIM;
    const brand = claims ? [...brands.mentions(folded, sender.displayName.split(/[^\p{L}\p{N}]+/u)).keys()][0] : undefined;
    if (brand && !brands.owns(brand, sender.domain)) {
      return [{ strength: 1, reason: `Free-mail address ${sender.address} presents itself as ${brand.name}`, brand: brand.name }];
    }
    // Its system mailboxes (RFC 5321 postmaster, mailer-daemon) are the provider itself: "Postmaster"
    // <postmaster@aol.com> returning undeliverable mail is no free-mail user posing as a service
    // (a brand named in the display name still counts, above).
    if (SYSTEM_MAILBOX.test(sender.address)) return [];
    const role = folded.find((w) => ROLE_WORDS.has(w));
    if (role && role !== 'it' && role !== 'hr') return [{ strength: 0.6, reason: `Free-mail address ${sender.address} presents itself as a service ("${sender.displayName.slice(0, 60)}")` }];
    if (role && /\b(IT|HR)\b/.test(sender.displayName)) return [{ strength: 0.6, reason: `Free-mail address ${sender.address} presents itself as a department ("${sender.displayName.slice(0, 60)}")` }];
    const reference = referenceNumberIn(sender.displayName);
    if (reference) return [{ strength: REFERENCE_STRENGTH, reason: `Free-mail address ${sender.address} presents itself as a numbered notice ("${sender.displayName.slice(0, 60)}"): a protocol, contract or order number is a company system's voice, not a person's` }];
    return [];
  },
};

export const replyToOtherDomain: Detector = {
  id: 'REPLY_TO_OTHER_DOMAIN',
  group: 'sender',
  indicator: 'impersonation',
  description: 'Replies are diverted to a free-mail mailbox on another domain than the sender (mailing lists excepted)',
  run({ sender, message }) {
    // "Jane via List" with Reply-To Jane: the list rewrote From for DMARC and kept her address.
    if (!sender.registrable || VIA.test(sender.displayName)) return [];
    // A shop's or a website form's platform writes for its user and replies go to that user (domains.ts).
    if (ON_BEHALF_SENDER_DOMAINS.has(sender.registrable)) return [];
    if (message.sender && /-(bounces|owner|request)@|^owner-/i.test(message.sender.address)) return [];
    const recipients = new Set([...message.to, ...message.cc].map((r) => r.address.toLowerCase()));
    const hits: DetectorHit[] = [];
    for (const reply of sender.replyTo) {
      if (recipients.has(reply.address) || reply.address === sender.address) continue;
      // Replies to another organisation's domain are routine (mailing lists, DMARC rewriting, helpdesks);
      // replies diverted to a free-mail mailbox are the scam pattern.
      if (reply.registrable === sender.registrable || !reply.freemail) continue;
      const strength = sender.freemail ? 0.5 : 1;
      hits.push({ strength, reason: `Replies go to the free-mail address ${reply.address}, not to the sender's domain ${sender.registrable}` });
    }
    return hits.sort((a, b) => b.strength - a.strength).slice(0, 1);
  },
};
