import type { PhraseHit } from '../text/phrase-matcher.js';
import { categoryOf } from './index.js';
import { HAND_OVER_CATEGORIES } from './types.js';

/**
 * Everyday mail says what it is not: "no rush, y a pas d'urgence", "nicht dringend", "non è urgente";
 * and banks warn what they never ask: "A Caixa nunca lhe pede códigos ou dados de acesso", "non ti
 * chiederà mai codici o credenziali". A pressure phrase right after a plain negation, or an ask a few
 * words after "never", says the opposite of the lure it resembles (docs/detection.md "Rules", language).
 * Folded words (lower case, no accents), every language of the lexicon.
 */
export const NOT_WORDS: ReadonlySet<string> = new Set(['not', 'no', 'nothing', 'nicht', 'kein', 'keine', 'nichts', 'pas', 'sans', 'rien', 'non', 'niet', 'geen', 'niets', 'nao', 'sem', 'nada', 'nem', 'ni']);
// Also Swedish and Danish, Norwegian, Finnish, Czech, Polish, Turkish, Romanian, Hungarian, Russian, Greek.
const NEVER = new Set(['never', 'niemals', 'nie', 'jamais', 'nunca', 'mai', 'nooit', 'jamas', 'aldrig', 'aldri', 'koskaan', 'nikdy', 'nigdy', 'asla', 'niciodata', 'soha', 'никогда', 'ποτε']);

/**
 * Words looked back from a phrase: "no es urgente" (2), "y a pas d urgence" (2); "nunca lhe pede codigos ou
 * dados" (6), "ne vous demandera jamais de reveler votre mot de passe, votre OTP, votre carte de credit ou vos
 * informations bancaires" (14: a "never" covers the list it opens, to the end of its sentence). A plain negation only undoes a one-word pressure term ("urgence", "dringend"): in "if it is
 * not scheduled within 48 hours" the deadline stands.
 */
const NOT_REACH = 2;
const NEVER_REACH = 15;

/**
 * A negation reaches back only within its sentence: in "We will never ask for your PIN. Confirm your
 * account details today", the bank-style disclaimer does not undo the ask that follows it.
 * `sentenceStarts` (ascending word indices that open a sentence) is read only when a negation is near.
 */
function precededBy(words: readonly string[], index: number, set: ReadonlySet<string>, reach: number, sentenceStarts: () => readonly number[]): boolean {
  for (let i = Math.max(0, index - reach); i < index; i++) {
    if (!set.has(words[i]!)) continue;
    if (!sentenceOpensBetween(sentenceStarts(), i, index)) return true;
  }
  return false;
}

/** First index of ascending `sorted` whose value is above `value` (binary search). */
export function firstAbove(sorted: readonly number[], value: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (sorted[middle]! <= value) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Does a sentence open after word `from` and at or before word `to`? Binary search over ascending starts. */
export function sentenceOpensBetween(starts: readonly number[], from: number, to: number): boolean {
  const next = firstAbove(starts, from);
  return next < starts.length && starts[next]! <= to;
}

/**
 * The lexicon's hits without pressure phrases under a negation and asks under "never" in the same
 * sentence. `sentences` gives the word indices that open a sentence (text/words.ts sentenceStarts); it is
 * called at most once, and only when a negation word is near a hit.
 */
export function withoutNegated(hits: readonly PhraseHit[], words: readonly string[], sentences: () => readonly number[] = () => []): PhraseHit[] {
  let starts: readonly number[] | null = null;
  const sentenceStarts = (): readonly number[] => (starts ??= sentences());
  return hits.filter((hit) => {
    const category = categoryOf(hit.tag);
    if (category === 'urgency') return !(hit.text.indexOf(' ') < 0 && precededBy(words, hit.index, NOT_WORDS, NOT_REACH, sentenceStarts)) && !precededBy(words, hit.index, NEVER, NEVER_REACH, sentenceStarts);
    if (HAND_OVER_CATEGORIES.has(category)) return !precededBy(words, hit.index, NEVER, NEVER_REACH, sentenceStarts);
    return true;
  });
}
