import { PhraseMatcher } from '../text/phrase-matcher.js';
import { EN } from './en.js';
import { FR } from './fr.js';
import { DE, ES, IT, NL, PT } from './others.js';
import { CS, DA, EL, FI, HU, ID, KO, NO, PL, RO, RU, SV, TR } from './basic.js';
import { LEXICON_CATEGORIES, type Lexicon, type LexiconCategory } from './types.js';

export const LEXICONS: Readonly<Record<string, Lexicon>> = { en: EN, fr: FR, de: DE, es: ES, it: IT, nl: NL, pt: PT, pl: PL, sv: SV, cs: CS, tr: TR, da: DA, no: NO, fi: FI, ro: RO, hu: HU, ru: RU, id: ID, el: EL, ko: KO };

/** One matcher over every language; each hit's tag is "category:language". */
export function createLexiconMatcher(lexicons: Readonly<Record<string, Lexicon>> = LEXICONS): PhraseMatcher {
  const entries: Array<{ pattern: string; tag: string }> = [];
  for (const [language, lexicon] of Object.entries(lexicons)) {
    for (const category of LEXICON_CATEGORIES) {
      for (const pattern of lexicon[category] ?? []) entries.push({ pattern, tag: `${category}:${language}` });
    }
  }
  return new PhraseMatcher(entries);
}

export const categoryOf = (tag: string): LexiconCategory => tag.slice(0, tag.indexOf(':')) as LexiconCategory;
