/**
 * Categories of social-engineering language. Each language file lists word patterns per category in the
 * PhraseMatcher syntax (folded: lower-case, no accents; "|" alternatives, "~" prefix, "?" optional,
 * "*" any word). Patterns are specific phrases, not single common words, so that list mail talking about
 * passwords or payments does not fire. `bank_change` is the sender's own bank account changing ("our bank
 * details have changed", "update my direct deposit"), the ask of supplier and payroll fraud; `wire` is
 * every other transfer request; `pretext` is how such a request opens and hushes ("are you available?",
 * "keep it between us"), never an ask on its own. `share` is the wording of a file-sharing platform's notice ("X has
 * shared a document with you", "you have received files"), which SHARE_NOTICE_IMITATION weighs against who sent it.
 * `known_channel` is the safeguard a genuine change of bank details carries: check it by telephone on the
 * number the reader already has ("our usual number", "the number on our website and previous invoices"),
 * never an ask; WIRE_TRANSFER_REQUEST then leaves the bank-change wording to BANK_DETAILS_UNVERIFIED.
 * `org_credential` names the organisation's own sign-in ("log in with your company credentials", "avec vos
 * identifiants professionnels"): the salary-review lure's words, and also how HR and IT announce a portal to
 * their own staff, so it is a credential ask only from outside the recipients' organisation (judgement.ts).
 */
export const LEXICON_CATEGORIES = ['urgency', 'threat', 'credential', 'payment', 'giftcard', 'wire', 'bank_change', 'pretext', 'prize', 'archive_password', 'greeting', 'extortion', 'scam', 'crypto', 'share', 'known_channel', 'org_credential'] as const;
export type LexiconCategory = (typeof LEXICON_CATEGORIES)[number];

export type Lexicon = Partial<Record<LexiconCategory, string[]>>;

/** The categories of a scam offer's story (SCAM_OFFER_LANGUAGE): advance fees, crypto claims, dating, casino bonuses. */
export const SCAM_STORY_CATEGORIES: readonly LexiconCategory[] = ['scam', 'crypto'];

/**
 * Categories that tell a story about the reader (a threat to the account, a prize, extortion) or make an offer
 * (a scam story, a crypto claim): mail that has one is neither plain correspondence (judgement.ts) nor a
 * brand's ordinary mail from an unlisted domain of its own (unlisted-brand-domain.ts).
 */
export const STORY_CATEGORIES: ReadonlySet<string> = new Set<LexiconCategory>(['threat', 'prize', 'extortion', ...SCAM_STORY_CATEGORIES]);

/** "your", "Ihr", "votre" … (folded) in the languages of the lexicon: words that address the reader's own things. */
export const READER_POSSESSIVES: ReadonlySet<string> = new Set(['your', 'ihr', 'ihre', 'ihres', 'ihrem', 'ihren', 'dein', 'deine', 'deinem', 'votre', 'vos', 'ton', 'ta', 'tu', 'su', 'tuo', 'tua', 'suo', 'sua', 'uw', 'jouw', 'je', 'seu', 'teu', 'twoje', 'twoja', 'twoj', 'twojego', 'ditt', 'din', 'dina', 'vas', 'vase', 'vasi']);

/**
 * The categories that ask the reader to hand something over: credentials, a payment, a transfer, new bank
 * details, gift cards. A "never" before them, a report about them or a list footer around them makes them
 * no ask (negation.ts, reported.ts); in a mail that has one, a brand is never a mere mention (facts.ts).
 */
export const HAND_OVER_CATEGORIES: ReadonlySet<string> = new Set<LexiconCategory>(['credential', 'payment', 'wire', 'bank_change', 'giftcard']);
