/**
 * Undoing what attackers do to text so that keyword matching reads what a person reads
 * (docs/detection.md "Normalisation"): invisible and format characters, Unicode tag characters,
 * Cyrillic/Greek letters inside Latin words, and ASCII look-alikes ("PayPaI", "rnicrosoft", "0ffice").
 * Everything here is a single pass over the text: linear, no backtracking patterns.
 */
import { isMixedScript } from './confusables.js';

/**
 * Characters that render as nothing (or only change direction) and that no word needs: zero-width
 * spaces and joiners, directional marks, soft hyphen, word joiner and invisible operators, variation
 * selectors, byte-order mark, Hangul fillers, Mongolian vowel separator.
 */
const INVISIBLE_CLASS = '[\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u202a-\u202e\u2060-\u206f\u3164\ufe00-\ufe0f\ufeff\uffa0\u{e0000}-\u{e007f}\u{e0100}-\u{e01ef}]';
const INVISIBLE = new RegExp(INVISIBLE_CLASS, 'u');
/** Unicode tag characters (U+E0000–E007F): invisible ASCII copies, legitimate only in flag emoji. */
const TAG = /[\u{e0000}-\u{e007f}]/u;
/** The black flag that subdivision flags (England, Scotland, Wales) build from tag characters. */
const FLAG_BASE = '\u{1f3f4}';

export interface Cleaned {
  text: string;
  /** Invisible characters found between two letters, or tag characters outside a flag emoji. */
  hidden: number;
}

const isLetter = (c: string | undefined): boolean => c !== undefined && /\p{L}/u.test(c);

/**
 * Combining marks of other scripts (Syriac, Arabic, Hebrew, Devanagari …) placed on Latin letters:
 * "aܿlܿeܿrܿt Aܿmܿaܿzܿoܿn" reads as "alert Amazon" but matches no word. Marks that Latin text uses (the
 * combining diacritics blocks) are kept.
 */
const MARK = /\p{Mn}/u;
const FOREIGN_MARK_ANYWHERE = /[^\P{Mn}\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]/u;
const LATIN_MARK = /[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]/u;
const isLatinLetter = (c: string | undefined): boolean => c !== undefined && /[a-zA-Z\u00c0-\u024f]/.test(c);
const isForeignMarkOnLatin = (c: string, previous: string | undefined): boolean => MARK.test(c) && !LATIN_MARK.test(c) && isLatinLetter(previous);

/** Every character `removeInvisible` may drop: invisible ones and marks of other scripts. */
const HIDING = new RegExp(`${INVISIBLE_CLASS}|${FOREIGN_MARK_ANYWHERE.source}`, 'gu');
const LETTER_AT = /\p{L}/uy;

/** The last code point of text[from, to) (a surrogate pair counts as one, as `for…of` reads it). */
function lastCodePoint(text: string, from: number, to: number): string {
  const low = text.charCodeAt(to - 1);
  const high = text.charCodeAt(to - 2);
  const pair = to - 2 >= from && low >= 0xdc00 && low <= 0xdfff && high >= 0xd800 && high <= 0xdbff;
  return text.slice(pair ? to - 2 : to - 1, to);
}

/**
 * Removes invisible and format characters; counts those that split a word or hide text. Modern HTML mail
 * pads its preview line with zero-width characters, so most of its text has some: the text between two
 * of them is copied as one slice rather than character by character.
 */
export function removeInvisible(text: string): Cleaned {
  if (!INVISIBLE.test(text) && !FOREIGN_MARK_ANYWHERE.test(text)) return { text, hidden: 0 };
  const parts: string[] = [];
  let hidden = 0;
  let previousVisible: string | undefined;
  let inFlag = false;
  let pending = 0;
  let copied = 0;
  /** Keeps text[from, to), all visible characters. */
  const keep = (from: number, to: number): void => {
    if (from >= to) return;
    LETTER_AT.lastIndex = from;
    if (pending > 0 && LETTER_AT.test(text)) hidden += pending;
    pending = 0;
    previousVisible = lastCodePoint(text, from, to);
    inFlag = previousVisible === FLAG_BASE;
    parts.push(text.slice(from, to));
  };
  for (const match of text.matchAll(HIDING)) {
    const c = match[0];
    const at = match.index ?? 0;
    keep(copied, at);
    copied = at + c.length;
    if (isForeignMarkOnLatin(c, previousVisible)) {
      pending++;
      continue;
    }
    if (INVISIBLE.test(c)) {
      if (TAG.test(c)) {
        if (!inFlag) hidden++;
      } else if (isLetter(previousVisible)) {
        pending++;
      }
      continue;
    }
    // A mark of another script that follows no Latin letter is kept like any visible character.
    keep(at, copied);
  }
  keep(copied, text.length);
  return { text: parts.join(''), hidden };
}

const CYRILLIC_GREEK_TO_LATIN: Record<string, string> = {
  а: 'a', в: 'b', е: 'e', ё: 'e', к: 'k', м: 'm', н: 'h', о: 'o', р: 'p', с: 'c', т: 't', у: 'y', х: 'x', ѕ: 's', і: 'i', ї: 'i', ј: 'j', ԁ: 'd', һ: 'h', ӏ: 'l', ԛ: 'q', ԝ: 'w', ү: 'y', ո: 'n', ս: 'u',
  А: 'A', В: 'B', Е: 'E', К: 'K', М: 'M', Н: 'H', О: 'O', Р: 'P', С: 'C', Т: 'T', Х: 'X', Ѕ: 'S', І: 'I', Ј: 'J',
  α: 'a', ε: 'e', ι: 'i', κ: 'k', ν: 'v', ο: 'o', ρ: 'p', τ: 't', υ: 'u', χ: 'x', ω: 'w',
  Α: 'A', Β: 'B', Ε: 'E', Ζ: 'Z', Η: 'H', Ι: 'I', Κ: 'K', Μ: 'M', Ν: 'N', Ο: 'O', Ρ: 'P', Τ: 'T', Υ: 'Y', Χ: 'X',
};

/**
 * Letters of other scripts that pass for Latin ones inside a Latin word ("aᥴcount" with Tai Le ᥴ, "ꓑayꓑal"
 * with Lisu ꓑ, "Micrօsoft" with Armenian օ): Armenian, Cherokee, Lisu, Tai Le and Coptic look-alikes, and
 * the IPA letters ɑ, ɡ, ɩ (docs/detection.md "Normalisation"). Only these letters count: Latin beside
 * Japanese or Thai in one word is ordinary writing there.
 */
const OTHER_SCRIPT_TO_LATIN: Record<string, string> = {
  օ: 'o', ս: 'u', ո: 'n', հ: 'h', ց: 'g', զ: 'q', ա: 'w', Օ: 'O', Ս: 'U', Տ: 'S',
  Ꭺ: 'A', Ᏼ: 'B', Ꮯ: 'C', Ꭰ: 'D', Ꭼ: 'E', Ꮐ: 'G', Ꮋ: 'H', Ꭻ: 'J', Ꮶ: 'K', Ꮮ: 'L', Ꮇ: 'M', Ꮲ: 'P', Ꮪ: 'S', Ꭲ: 'T', Ꮩ: 'V', Ꮃ: 'W', Ꮓ: 'Z',
  ꓮ: 'A', ꓐ: 'B', ꓚ: 'C', ꓓ: 'D', ꓰ: 'E', ꓝ: 'F', ꓖ: 'G', ꓧ: 'H', ꓲ: 'I', ꓙ: 'J', ꓗ: 'K', ꓡ: 'L', ꓟ: 'M', ꓠ: 'N', ꓳ: 'O', ꓑ: 'P', ꓣ: 'R', ꓢ: 'S', ꓔ: 'T', ꓴ: 'U', ꓦ: 'V', ꓪ: 'W', ꓫ: 'X', ꓬ: 'Y', ꓜ: 'Z',
  ᥴ: 'c', ᥱ: 'e', ⲟ: 'o', ⲣ: 'p', ⲥ: 'c', Ⲟ: 'O', Ⲣ: 'P', Ⲥ: 'C', ɑ: 'a', ɡ: 'g', ɩ: 'i',
};
const OTHER_LOOKALIKE = new RegExp(`[${Object.keys(OTHER_SCRIPT_TO_LATIN).join('')}]`, 'u');

/**
 * A word holding a look-alike letter of another script (Armenian, Cherokee, Lisu, Tai Le, Coptic): unlike a
 * Cyrillic letter a bilingual typist may slip into a Latin word, nobody types these by accident. Not the IPA
 * letters ɑ, ɡ, ɩ: they are Latin, and some African orthographies write them.
 */
export const hasOtherScriptLookalike = (word: string): boolean => OTHER_LOOKALIKE.test(word.replace(/[ɑɡɩ]/gu, ''));
const ASCII_LETTER = /[a-zA-Z]/;

/** A letter of Greek or Cyrillic, or one of OTHER_SCRIPT_TO_LATIN: what can make a word mixed. */
const SUSPECT = new RegExp(`[\\u0370-\\u052f${Object.keys(OTHER_SCRIPT_TO_LATIN).join('')}]`, 'gu');
/** The word (a run of letters and digits) starting at `lastIndex`. */
const WORD_AT = /[\p{L}\p{N}]+/uy;
const WORD_CHAR = /[\p{L}\p{N}]/uy;
const WORD_CHAR_AT = (text: string, at: number): boolean => {
  WORD_CHAR.lastIndex = at;
  return WORD_CHAR.test(text);
};
/** Index of the code point before `at` (one or two UTF-16 units back), -1 at the start. */
function previousCodePoint(text: string, at: number): number {
  const low = text.charCodeAt(at - 1);
  const high = text.charCodeAt(at - 2);
  return at >= 2 && low >= 0xdc00 && low <= 0xdfff && high >= 0xd800 && high <= 0xdbff ? at - 2 : at - 1;
}
/** Greek and Cyrillic blocks (confusables.ts `scriptOf`): without one of them no word can mix scripts. */
const GREEK_OR_CYRILLIC = /[\u0370-\u052f]/;

export interface Unconfused {
  text: string;
  /** Words that mixed Latin with Cyrillic, Greek or other look-alike letters and were rewritten in Latin. */
  mixed: string[];
}

/**
 * Rewrites words that mix Latin with Cyrillic or Greek look-alikes ("Pаypal" with a Cyrillic а), or with
 * the look-alike letters of other scripts (OTHER_SCRIPT_TO_LATIN), in Latin. Words written wholly in
 * another script are text in that language and stay as they are.
 */
export function unconfuse(text: string): Unconfused {
  // Most mail has no Greek, Cyrillic or other look-alike letters at all: one scan instead of a script check per word.
  const cyrillicOrGreek = GREEK_OR_CYRILLIC.test(text);
  const other = OTHER_LOOKALIKE.test(text);
  if (!cyrillicOrGreek && !other) return { text, mixed: [] };
  const mixed: string[] = [];
  // Only a word holding one of those letters can change: each is found from such a letter, not by
  // visiting every word of the text (Russian or Greek mail has thousands).
  const parts: string[] = [];
  let copied = 0;
  SUSPECT.lastIndex = 0;
  for (let match = SUSPECT.exec(text); match; match = SUSPECT.exec(text)) {
    const at = match.index;
    if (at < copied || !WORD_CHAR_AT(text, at)) continue;
    let start = at;
    for (let before = previousCodePoint(text, start); before >= copied && WORD_CHAR_AT(text, before); before = previousCodePoint(text, before)) start = before;
    WORD_AT.lastIndex = start;
    const word = WORD_AT.exec(text)![0];
    const end = start + word.length;
    SUSPECT.lastIndex = end;
    const mixesOther = other && OTHER_LOOKALIKE.test(word) && ASCII_LETTER.test(word);
    if (!mixesOther && !(cyrillicOrGreek && isMixedScript(word))) continue;
    let latin = '';
    for (const c of word) latin += CYRILLIC_GREEK_TO_LATIN[c] ?? OTHER_SCRIPT_TO_LATIN[c] ?? c;
    if (mixed.length < 20) mixed.push(word);
    parts.push(text.slice(copied, start), latin);
    copied = end;
  }
  if (copied === 0) return { text, mixed };
  parts.push(text.slice(copied));
  return { text: parts.join(''), mixed };
}

/** What `asciiLookalike` may read differently: a digit or "|" it reads as a letter, "I", an opening "l", "rn", "vv". */
const MAY_READ_DIFFERENTLY = /[0135|I]|^l|rn|vv/;

/**
 * The ASCII look-alike reading of one word as written (case matters): digits among letters read as
 * letters (0 → o, 1 → l, 3 → e, 5 → s), a capital I after a lower-case letter (or after an I read as
 * l) reads as l ("PayPaI", "WaIIet"), a capital I opening an otherwise lower-case word as L ("Iogin", "Iedger"), and a lower-case l opening an otherwise
 * upper-case word reads as I ("lTAUCARD") and one opening a lower-case word before a consonant as i ("ltaucard"),
 * "|" as l, "rn" as m, "vv" as w. Null when the word has none of these. Callers compare what a keyword
 * search finds in this reading with what it finds in the word itself: only new finds count.
 */
export function asciiLookalike(word: string): string | null {
  if (word.length < 3 || word.length > 40) return null;
  // Without one of the characters read differently, the reading is the word itself (most words).
  if (!MAY_READ_DIFFERENTLY.test(word)) return null;
  let letters = 0;
  for (const c of word) if (/[a-zA-Z]/.test(c)) letters++;
  if (letters < 2) return null;
  let out = '';
  for (let i = 0; i < word.length; i++) {
    const c = word[i]!;
    const before = word[i - 1];
    const after = word[i + 1];
    const amongLetters = (before !== undefined && /[a-zA-Z]/.test(before)) || (after !== undefined && /[a-zA-Z]/.test(after));
    if (c === '0' && amongLetters) out += 'o';
    else if ((c === '1' || c === '|') && amongLetters) out += 'l';
    else if (c === '3' && amongLetters) out += 'e';
    else if (c === '5' && amongLetters) out += 's';
    // After a lower-case letter, or after an I already read as l ("WaIIet"), a capital I reads as l.
    else if (c === 'I' && before !== undefined && /[a-z]/.test(out[out.length - 1] ?? '')) out += 'l';
    // Opening an otherwise lower-case word it stands for the capital L ("Iedger" reads "Ledger"), so
    // case-sensitive brand keywords find it too.
    else if (c === 'I' && i === 0 && word.length >= 3 && /[a-z]/.test(after ?? '') && /^I[a-z]+$/.test(word)) out += 'L';
    else if (c === 'l' && i === 0 && /^l[A-Z]{2,}$/.test(word)) out += 'I';
    // Opening an otherwise lower-case word it reads as i ("ltaucard", "lnstagram"): few words start with
    // "l" + consonant, and only a brand this reading reveals counts.
    else if (c === 'l' && i === 0 && /^l[a-z]{3,}$/.test(word) && !/[aeiouy]/.test(after ?? 'a')) out += 'i';
    else out += c;
  }
  out = out.replace(/rn/g, 'm').replace(/vv/g, 'w');
  return out === word ? null : out;
}

/** Words of `text` as written, with their look-alike readings where they have one. */
export function lookalikeReadings(text: string, max = 200): Array<{ word: string; reading: string }> {
  const out: Array<{ word: string; reading: string }> = [];
  let seen = 0;
  for (const match of text.matchAll(/[\p{L}\p{N}|]+/gu)) {
    if (++seen > max) break;
    const reading = asciiLookalike(match[0]);
    if (reading) out.push({ word: match[0], reading });
  }
  return out;
}

/** Invisible characters removed and mixed-script words rewritten: the text every matcher reads. */
export function normaliseText(text: string): string {
  const cleaned = removeInvisible(text).text;
  return unconfuse(cleaned).text;
}

/** Separators written between the letters of one word to break it up: "N.e.t.f.l.i.x", "P-a-y-P-a-l", "N*e*t*f*l*i*x". */
const SPACED_WORD = /^\p{L}(?:[.\-_*·•|/+]\p{L}){2,}[.\-_*·•|/+]?$/u;
/** Separators that split a word into halves ("Pay.Pal", "Wells_Fargo"); not the hyphen, which German and Dutch compounds use. */
const HALF_SEPARATORS = /[._*·•]+/u;
const LETTERS_ONLY = /^\p{L}+$/u;
const SINGLE_LETTER = /^\p{L}$/u;

/** One token read whole: "N.e.t.f.l.i.x" → "Netflix", "Pay.Pal." → "PayPal"; other tokens as written. */
function joinToken(token: string): string {
  if (SPACED_WORD.test(token)) return token.replace(/[^\p{L}]/gu, '');
  if (!HALF_SEPARATORS.test(token)) return token;
  const groups = token.split(HALF_SEPARATORS).filter((g) => g.length > 0);
  if (groups.length < 2 || groups.length > 12 || !groups.every((g) => LETTERS_ONLY.test(g))) return token;
  return groups.join('');
}

/**
 * The text with words written apart put back together (docs/detection.md "Normalisation"): three or more
 * single letters in a row separated by spaces ("T E M U") or by one separator each ("N.e.t.f.l.i.x",
 * "P-a-y-P-a-l") read as one word, and a word broken by dots, stars or underscores ("Pay.Pal.",
 * "Net*flix") read whole. Linear: one pass over at most 60 tokens of the first 500 characters. Callers
 * compare what a search finds in this reading with what it finds as written; only new finds count.
 */
export function joinSpacedLetters(text: string): string {
  const tokens = text.slice(0, 500).split(/\s+/u).filter((t) => t.length > 0).slice(0, 60).map(joinToken);
  const out: string[] = [];
  let run: string[] = [];
  const flush = (): void => {
    if (run.length >= 3) out.push(run.join(''));
    else out.push(...run);
    run = [];
  };
  for (const token of tokens) {
    if (SINGLE_LETTER.test(token)) run.push(token);
    else {
      flush();
      out.push(token);
    }
  }
  flush();
  return out.join(' ');
}
