import type { Detector, EvidenceKind } from './detector.js';

/**
 * What each built-in rule's finding is evidence of (docs/detection.md "Two independent facts before an
 * accusation", table in docs/evidence-kinds.md). The evidence gate (evidence-gate.ts) reads kinds, never
 * rule ids: context alone stays below `suspicious`, one of identity / intent / mechanism needs
 * corroboration, `phishing` needs two of them. A rule from outside this table (a reputation rule, a
 * plug-in) declares `kinds` on its Detector.
 */
export interface RuleEvidence {
  kinds: readonly EvidenceKind[];
  /**
   * From this strength on, one finding stands alone as the fact of a not-safe verdict (a look-alike host, a
   * credential form): it reaches `suspicious` without corroboration. A hit may also say so itself (`strong`).
   */
  strongFrom?: number;
  /** From this strength on, the finding is of these kinds instead (a context rule whose strongest form has no benign use). */
  from?: { strength: number; kinds: readonly EvidenceKind[] };
  /**
   * The finding says nothing about who sends, only how the mail addresses the reader ("Dear Customer"): beside
   * a finding that vouches for the sender (kind `genuine`: every link to its own site, an aligned signature) it
   * is no second fact for an accusing finding (docs/detection.md "Two independent facts before an accusation").
   */
  noSecondBesideGenuine?: true;
  /** Why the rule has its kind, for the table in the docs. */
  why: string;
}

export const RULE_EVIDENCE: Readonly<Record<string, RuleEvidence>> = {
  // Links
  HREF_TEXT_MISMATCH: { kinds: ['mechanism'], strongFrom: 1, why: 'link text that names one site and goes to another; strong when it shows the brand, the sender\'s own site or an IP' },
  URL_IP_HOST: { kinds: ['context'], from: { strength: 1, kinds: ['mechanism'] }, why: 'a bare IP address in place of a host name (strength 1) hides who runs the page: a mechanism, strong on its own in mail presenting itself as a brand outside tech, software, security and services (display name or sender address), whose own mail never sends readers to a numeric address; written out where the reader sees it in mail that claims, asks and tells nothing (0.4) it hides nothing: context' },
  URL_USERINFO: { kinds: ['mechanism'], strongFrom: 1, why: '"user@host" URLs that put a trusted name in front of the real host: no benign use in mail' },
  URL_DATA_OR_JAVASCRIPT: { kinds: ['context'], why: 'big publishers\' newsletters carry javascript: links too' },
  URL_SHORTENER: { kinds: ['context'], why: 'shorteners are everyday marketing' },
  URL_SUSPICIOUS_TLD: { kinds: ['context'], why: 'a cheap top-level domain says nothing about who writes' },
  URL_MANY_SUBDOMAINS: { kinds: ['context'], why: 'CDNs and trackers stack labels too' },
  URL_FREE_HOSTING: { kinds: ['context'], from: { strength: 1, kinds: ['mechanism'] }, why: 'forms, shared documents and site builders anyone can publish on are context (genuine surveys use them); anonymous buckets, tunnels, IPFS and serverless hosts (strength 1) hide who runs the page: a mechanism' },
  URL_REDIRECT: { kinds: ['context'], why: 'redirects are how click-tracking works' },
  URL_LOGIN_PATH: { kinds: ['context'], why: 'account notices link to their login page' },
  URL_HOMOGRAPH: { kinds: ['mechanism'], strongFrom: 1, why: 'a host spelt in mixed scripts to imitate another name' },
  URL_LOOKALIKE: { kinds: ['mechanism'], strongFrom: 0.8, why: 'a host built to look like a brand\'s or your own' },
  URL_OVERLONG_HOST: { kinds: ['mechanism'], why: 'host names beyond DNS limits only hide the real domain' },
  QR_CODE_LURE: { kinds: ['intent'], why: 'asks the reader to scan a code to act on an account' },
  LINK_POSES_AS_FILE: { kinds: ['mechanism'], why: 'link text presented as an attached file that is a web page' },
  // HTML
  HTML_FORM: { kinds: ['context'], from: { strength: 1, kinds: ['mechanism', 'intent'] }, strongFrom: 1, why: 'a form with a password field (strength 1) asks for credentials in the mail itself: a mechanism and an ask, strong on its own; without one it is a search box or a poll posting elsewhere, as newsletters carried them, context' },
  HTML_HIDDEN_TEXT: { kinds: ['context'], why: 'preheaders and hidden spacers are marketing practice' },
  HTML_IMAGE_ONLY: { kinds: ['context'], why: 'image newsletters are common' },
  UNICODE_OBFUSCATION: { kinds: ['mechanism'], why: 'styled look-alike letters and invisible splits evade filters' },
  CONTENT_BEYOND_LIMITS: { kinds: ['mechanism'], strongFrom: 1, why: 'content hidden past the limits the sender chose to exceed: alone suspicious, never phishing' },
  // Sender
  SENDER_LOOKALIKE: { kinds: ['identity'], strongFrom: 0.8, why: 'the sender domain imitates a brand\'s or your own' },
  DISPLAY_NAME_BRAND: { kinds: ['identity'], why: 'the display name claims a brand the address does not belong to' },
  DISPLAY_NAME_ADDRESS: { kinds: ['identity'], why: 'the display name shows an address the mail does not come from' },
  FROM_DISPLAY_FRAGMENT: { kinds: ['mechanism'], strongFrom: 1, why: 'a From field that makes mail programs show another sender' },
  DISPLAY_NAME_RECIPIENT: { kinds: ['identity'], why: 'presents outside mail as coming from your own organisation' },
  RECIPIENT_IN_SUBJECT: { kinds: ['context'], why: 'mail merges quote addresses too' },
  FREEMAIL_CORPORATE: { kinds: ['identity'], why: 'a free-mail address speaking as a company or service' },
  REPLY_TO_OTHER_DOMAIN: { kinds: ['mechanism'], why: 'replies diverted to another domain' },
  REPLY_IN_TEXT_ELSEWHERE: { kinds: ['intent'], why: 'asks to write to another address than the sender\'s' },
  SENDER_DOMAIN_SUSPICIOUS: { kinds: ['context'], why: 'a young or odd sender domain says nothing alone' },
  SENDER_LINKS_ALIGNED: { kinds: ['genuine'], why: 'links stay with the sender\'s own domain' },
  INTERNAL_AUTHENTICATED: { kinds: ['genuine'], why: 'authenticated mail from your own organisation' },
  DISGUISED_TEXT: { kinds: ['mechanism'], strongFrom: 0.01, why: 'a brand or ask written apart, or a word in mixed scripts, to evade filters: on none of 2,069 genuine mails of the corpora' },
  // Authentication
  AUTH_FAIL: { kinds: ['identity'], strongFrom: 0.7, why: 'the sender address is not authenticated; strong when its owner asks receivers to act on it' },
  AUTH_ALIGNED_PASS: { kinds: ['genuine'], why: 'authenticated sender' },
  ALLOW_LIST_UNVERIFIED: { kinds: ['context'], why: 'an allow-listed address that is not authenticated: the list does not apply' },
  BRAND_DKIM_ALIGNED: { kinds: ['genuine'], why: 'signed by the brand\'s own domain' },
  BRAND_DMARC_REJECT: { kinds: ['identity'], strongFrom: 1, why: 'a brand domain that publishes p=reject failed DMARC' },
  // Language
  URGENCY_LANGUAGE: { kinds: ['context'], why: 'deadlines are in genuine notices too' },
  EXTORTION_LANGUAGE: { kinds: ['intent'], strongFrom: 0.01, why: 'sextortion and threat-for-payment wording has no benign reading' },
  CREDENTIAL_REQUEST: { kinds: ['intent'], why: 'asks to sign in, confirm or type credentials' },
  PAYMENT_REQUEST: { kinds: ['intent'], why: 'asks to pay or update card details' },
  GIFT_CARD_REQUEST: { kinds: ['intent'], why: 'asks for gift cards or their codes' },
  WIRE_TRANSFER_REQUEST: { kinds: ['intent'], why: 'asks for a transfer or new bank details' },
  PRIZE_SCAM_LANGUAGE: { kinds: ['context'], why: 'prize wording is retail wording too' },
  SCAM_OFFER_LANGUAGE: { kinds: ['intent'], why: 'advance-fee, investment and dating-scam stories ask for money or a reply to a stranger' },
  GENERIC_GREETING: { kinds: ['context'], noSecondBesideGenuine: true, why: '"Dear customer" is everyday; beside a fact vouching for the sender it corroborates nothing' },
  // Attachments
  ATTACH_EXECUTABLE: { kinds: ['mechanism', 'intent'], strongFrom: 0.01, why: 'a program to run' },
  ATTACH_MACRO: { kinds: ['mechanism', 'intent'], strongFrom: 0.01, why: 'a document that runs code' },
  ATTACH_HTML: { kinds: ['mechanism', 'intent'], strongFrom: 0.01, why: 'a local web page that bypasses link scanning' },
  ATTACH_DOUBLE_EXTENSION: { kinds: ['mechanism', 'intent'], strongFrom: 0.01, why: 'a file name disguising its type' },
  ATTACH_ENCRYPTED_ARCHIVE: { kinds: ['mechanism', 'intent'], strongFrom: 0.8, why: 'an archive scanners cannot open, strong when its password comes with it' },
  // Brand, the decision model's identity rules
  BRAND_SPOOFING: { kinds: ['identity'], why: 'the mail presents itself as a brand it is not sent by' },
  BRAND_AUTHENTIC: { kinds: ['genuine'], why: 'the brand\'s own authenticated domain' },
  IMPERSONATION_WITH_ASK: { kinds: ['identity', 'intent'], why: 'a claimed identity and a risky ask in one finding' },
  LINKS_DISOWN_SENDER: { kinds: ['identity', 'intent'], why: 'asks to act on links that belong to neither the sender nor the brand it claims' },
  BANK_DETAILS_UNVERIFIED: { kinds: ['intent'], why: 'new bank details without a verified channel' },
  SHARE_NOTICE_IMITATION: { kinds: ['identity'], why: 'imitates a platform\'s share notice from elsewhere' },
  DEPARTMENT_FROM_OUTSIDE: { kinds: ['identity'], why: 'an internal department writing from outside' },
  // Assisting stages
  CLASSIFIER_PHISH: { kinds: ['context'], why: 'the classifier assists, it never accuses' },
  CLASSIFIER_HAM: { kinds: ['genuine'], why: 'the classifier\'s pull towards legitimate' },
  LLM_VERDICT: { kinds: ['context'], why: 'a hosted model\'s opinion assists, it is not a fact of the mail' },
};

/** The kinds of `rule`'s finding at `strength`: declared on the rule, else from the table, else context. */
export function kindsOf(rule: Pick<Detector, 'id' | 'kinds'>, strength = 0): readonly EvidenceKind[] {
  if (rule.kinds) return rule.kinds;
  const entry = RULE_EVIDENCE[rule.id];
  if (!entry) return ['context'];
  return entry.from && strength >= entry.from.strength ? entry.from.kinds : entry.kinds;
}

/** Whether a finding of `rule` at `strength` stands alone (see RuleEvidence.strongFrom). */
export function strongAt(rule: Pick<Detector, 'id'>, strength: number, hitSaysStrong: boolean): boolean {
  const from = RULE_EVIDENCE[rule.id]?.strongFrom;
  return hitSaysStrong || (from !== undefined && strength >= from);
}

/** Whether `rule`'s finding may corroborate an accusing one beside a genuineness finding (RuleEvidence.noSecondBesideGenuine). */
export function secondBesideGenuine(rule: Pick<Detector, 'id'>): boolean {
  return RULE_EVIDENCE[rule.id]?.noSecondBesideGenuine !== true;
}
