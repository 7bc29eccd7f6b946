/**
 * Word-level view of text shared by the language rules and the brand finder: lower-case, accents
 * stripped ("vérifiez" → "verifiez", "ß" → "ss"), compatibility forms unfolded (NFKD: "𝐕𝐞𝐫𝐢𝐟𝐲" and
 * fullwidth "Ｖｅｒｉｆｙ" → "verify", a filter-evasion trick), split on anything that is not a letter or digit.
 * Invisible characters and Cyrillic/Greek letters inside Latin words are undone first (normalise.ts), so
 * "Pay\u200bPal" and "Pаypal" read as "paypal" for every keyword match (docs/detection.md "Normalisation").
 * Everything here is linear in the input.
 */
import { normaliseText } from './normalise.js';

const LIGATURES: Record<string, string> = { ß: 'ss', œ: 'oe', æ: 'ae', ø: 'o', đ: 'd', ł: 'l', ı: 'i' };

const ASCII_ONLY = /^[\x00-\x7f]*$/;

/** Lower-case, diacritics removed, common ligatures expanded. */
export function fold(text: string): string {
  return foldNormalised(normaliseText(text));
}

/** `fold` of text `normaliseText` has already read. */
function foldNormalised(normalised: string): string {
  // ASCII has no compatibility forms, diacritics or ligatures: lower-casing is all that is left to do.
  return ASCII_ONLY.test(normalised) ? normalised.toLowerCase() : foldUnicode(normalised);
}

function foldUnicode(normalised: string): string {
  return normalised
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[ßœæøđłı]/g, (c) => LIGATURES[c] ?? c);
}

const WORD = /[\p{L}\p{N}]+/gu;

function wordsOf(text: string, max: number): string[] {
  // A text under 2 × max characters cannot hold more than max words: String#match collects them without
  // building a match object per word (a twentieth of an analysis of HTML mail went to matchAll here).
  if (text.length < 2 * max) return text.match(WORD) ?? [];
  const out: string[] = [];
  for (const match of text.matchAll(WORD)) {
    out.push(match[0]);
    if (out.length >= max) break;
  }
  return out;
}

/**
 * Folded words as a reader is shown them in a reason: `fold` splits each Hangul syllable into its letters
 * (NFKD), which look the same but are not the text a reader searches or copies; NFC puts them back together.
 * What folding removed (accents, Japanese voicing marks) stays removed.
 */
export const shownAsWritten = (folded: string): string => folded.normalize('NFC');

/** Folded words of `text`, at most `max` of them. */
export function words(text: string, max = Number.MAX_SAFE_INTEGER): string[] {
  return wordsOf(fold(text), max);
}

/** Words as written (case and accents kept), for keywords that only count when capitalised ("Orange"). */
export function rawWords(text: string, max = Number.MAX_SAFE_INTEGER): string[] {
  return wordsOf(normaliseText(text), max);
}

/**
 * `words` and `rawWords` of the same text, normalising it once (most callers want both). On ASCII text
 * the two lists hold the same words in the same order, only the case differs: a caller that reads a raw
 * word only where its folded form qualifies says so with `rawWanted`, and when no folded word does, the
 * raw list (a second pass over a long body) is left empty.
 */
export function wordViews(text: string, max = Number.MAX_SAFE_INTEGER, rawWanted?: (folded: readonly string[]) => boolean): { folded: string[]; raw: string[] } {
  const normalised = normaliseText(text);
  const ascii = ASCII_ONLY.test(normalised);
  const folded = wordsOf(ascii ? normalised.toLowerCase() : foldUnicode(normalised), max);
  return { folded, raw: ascii && rawWanted && !rawWanted(folded) ? [] : wordsOf(normalised, max) };
}

/** A sentence ends at ". ", "! ", "? " (punctuation followed by a space: "3.5" and "paypal.com" go on) or a blank line. */
const SENTENCE_END = /[.!?]\s|\n[^\S\n]*\n/;

/**
 * Indices (into `words(text, max)`) of the words that open a new sentence, in order. Linear: each gap
 * between two words is read once.
 */
export function sentenceStarts(text: string, max = Number.MAX_SAFE_INTEGER): number[] {
  const folded = foldNormalised(normaliseText(text));
  const starts: number[] = [];
  let index = 0;
  let gapStart = 0;
  for (const match of folded.matchAll(WORD)) {
    if (index >= max) break;
    const at = match.index ?? 0;
    if (index > 0 && SENTENCE_END.test(folded.slice(gapStart, at))) starts.push(index);
    gapStart = at + match[0].length;
    index++;
  }
  return starts;
}

const ADDRESS_DELIMITER = /[\s<>()"',;:@[\]]/;

/**
 * Replaces e-mail addresses with a space: scans out from each "@" (at most 64 characters before, 255
 * after) instead of running a regular expression from every position, so it is linear on any input.
 */
export function removeAddresses(text: string): string {
  let at = text.indexOf('@');
  if (at < 0) return text;
  const parts: string[] = [];
  let copied = 0;
  while (at >= 0) {
    let start = at;
    while (start > copied && at - start < 64 && !ADDRESS_DELIMITER.test(text[start - 1]!)) start--;
    let end = at + 1;
    while (end < text.length && end - at < 256 && !ADDRESS_DELIMITER.test(text[end]!)) end++;
    if (start < at && end > at + 1) {
      parts.push(text.slice(copied, start), ' ');
      copied = end;
    }
    at = text.indexOf('@', Math.max(end, at + 1));
  }
  parts.push(text.slice(copied));
  return parts.join('');
}
