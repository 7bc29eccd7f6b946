import type { PhraseHit } from '../text/phrase-matcher.js';
import { categoryOf } from './index.js';
import { firstAbove, sentenceOpensBetween } from './negation.js';

/**
 * A list's footer manages the subscription: "click here if you want to update your information or
 * unsubscribe", "Pour mettre à jour vos informations ou vous désinscrire", "Ihre Daten aktualisieren oder
 * sich abmelden". The words of a credential ask are there, but what the sentence offers is leaving the list
 * (docs/detection.md "What does it ask"). An ask in the same sentence as a word for unsubscribing, within
 * LIST_REACH words of it, is dropped. A lure's own unsubscribe line is a sentence of its own and takes
 * nothing from the ask before it ("Update your information to restore access. To unsubscribe, click
 * here"). Folded words (lower case, no accents), every language of the lexicon.
 */
const UNSUBSCRIBE_WORDS: ReadonlySet<string> = new Set([
  'unsubscribe', 'unsubscribing', 'optout',
  'desinscrire', 'desinscrivez', 'desinscription', 'desabonner', 'desabonnez', 'desabonnement',
  'abmelden', 'abbestellen', 'abmeldung', 'abbestellung',
  'desuscribirse', 'desuscribir', 'desuscribete', 'desuscripcion',
  'disiscriviti', 'disiscriversi', 'disiscrizione',
  'afmelden', 'uitschrijven', 'uitschrijving',
  'descadastrar', 'descadastre', 'descadastramento',
]);

/**
 * Two-word forms: "opt out". Not "dar de baja": a lure's "su cuenta será dada de baja si no verifica sus
 * datos" threatens closing the account in the very sentence of its ask.
 */
const UNSUBSCRIBE_PAIRS: ReadonlyArray<readonly [string, string]> = [['opt', 'out']];

const LIST_ASK_CATEGORIES: ReadonlySet<string> = new Set(['credential']);

/** Words between the ask and the unsubscribe word, either side: one clause of a footer. */
const LIST_REACH = 10;

function isUnsubscribeAt(words: readonly string[], i: number): boolean {
  const word = words[i]!;
  if (UNSUBSCRIBE_WORDS.has(word)) return true;
  const next = words[i + 1];
  return next !== undefined && UNSUBSCRIBE_PAIRS.some(([a, b]) => a === word && b === next);
}

/**
 * The lexicon's hits without credential asks of a list-management sentence. `sentences` gives the word
 * indices that open a sentence (text/words.ts sentenceStarts); it is called only when a credential ask and
 * an unsubscribe word are both present. Linear in the text: one pass for the unsubscribe words, a binary
 * search per ask.
 */
export function withoutListManagement(hits: readonly PhraseHit[], words: readonly string[], sentences: () => readonly number[] = () => []): PhraseHit[] {
  if (!hits.some((h) => LIST_ASK_CATEGORIES.has(categoryOf(h.tag)))) return [...hits];
  const offers: number[] = [];
  for (let i = 0; i < words.length; i++) if (isUnsubscribeAt(words, i)) offers.push(i);
  if (offers.length === 0) return [...hits];
  const starts = sentences();
  const managesList = (hit: PhraseHit): boolean => {
    const end = hit.index + hit.text.split(' ').length - 1;
    // The nearest unsubscribe word at or after the ask's start, and the one before it.
    const k = firstAbove(offers, hit.index - 1);
    const after = offers[k];
    if (after !== undefined && after - end <= LIST_REACH && !sentenceOpensBetween(starts, hit.index, after)) return true;
    const before = offers[k - 1];
    return before !== undefined && hit.index - before <= LIST_REACH && !sentenceOpensBetween(starts, before, hit.index);
  };
  return hits.filter((h) => !LIST_ASK_CATEGORIES.has(categoryOf(h.tag)) || !managesList(h));
}
