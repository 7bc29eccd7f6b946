/**
 * Categories of social-engineering language. Each language file lists word patterns per category in the
 * PhraseMatcher syntax (folded: lower-case, no accents; "|" alternatives, "~" prefix, "?" optional,
 * "*" any word). Patterns are specific phrases, not single common words, so that list mail talking about
 * passwords or payments does not fire.
 */
export const LEXICON_CATEGORIES = ['urgency', 'threat', 'credential', 'payment', 'giftcard', 'wire', 'prize', 'archive_password', 'greeting', 'extortion', 'scam', 'crypto'] as const;
export type LexiconCategory = (typeof LEXICON_CATEGORIES)[number];

export type Lexicon = Partial<Record<LexiconCategory, string[]>>;
