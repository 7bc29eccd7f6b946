import type { PhraseHit } from '../text/phrase-matcher.js';
import { categoryOf } from './index.js';
import { sentenceOpensBetween } from './negation.js';

/**
 * Warnings about phishing quote the lure's ask: "fake parcel texts ask you to pay the shipping fee",
 * "gefälschte E-Mails … Zollgebühren zu bezahlen", "valse e-mails namens PostNL (betaal de
 * verzendkosten)". A security newsletter, a bank's fraud notice or an IT department's awareness mail
 * reports that ask; it does not make it (docs/detection.md "How a verdict is reached", question 3). An ask
 * in the same sentence as a word naming fake messages or scammers, or in the sentence after it ("Darin
 * werden Sie aufgefordert …"), is dropped. The words name the fake message or its author, never fraud in
 * general: a lure's own "we detected fraudulent activity, confirm your card" keeps its ask.
 * Folded words (lower case, no accents), every language of the lexicon.
 */
const REPORT_WORDS = new Set([
  // English
  'phishing', 'smishing', 'vishing', 'scam', 'scams', 'scammer', 'scammers', 'fraudster', 'fraudsters', 'fake', 'impersonating',
  // French
  'hameconnage', 'arnaque', 'arnaques', 'arnaqueurs', 'escroc', 'escrocs', 'escroquerie', 'escroqueries', 'faux', 'fausses', 'usurpent', 'usurpant', 'cybercriminels', 'fraudeurs',
  // German
  'betruger', 'betrugern', 'betrugsmasche', 'gefalschte', 'gefalschten', 'gefalschter', 'cyberkriminelle', 'kriminelle',
  // Spanish
  'estafa', 'estafas', 'estafadores', 'timo', 'timos', 'suplantan', 'suplantando', 'ciberdelincuentes',
  // Italian
  'truffa', 'truffe', 'truffatori', 'malevole', 'malevoli', 'spacciandosi', 'falsi', 'finti', 'finte',
  // Dutch
  'oplichters', 'oplichting', 'valse', 'nep', 'phishingmails', 'criminelen',
  // Portuguese
  'golpe', 'golpes', 'golpistas', 'burla', 'burlas', 'burloes', 'fraudadores', 'falsos', 'falsas', 'criminosos',
]);

/**
 * "To protect your account from fraudsters, we have disabled it. Re-verify your account": a lure names the
 * threat it pretends to guard against. A report word a few words after one of these is no report.
 */
const PROTECT_WORDS = new Set(['protect', 'protection', 'safeguard', 'proteger', 'protegerle', 'protegerte', 'schutzen', 'schutz', 'proteggere', 'proteggerti', 'proteggerla', 'protezione', 'beschermen', 'bescherming', 'protecao', 'protegermos']);
const PROTECT_REACH = 8;

const ASK_CATEGORIES = new Set(['credential', 'payment', 'wire', 'bank_change', 'giftcard']);

/** Words looked at either side of an ask: a report names the fake message close to what it asks. */
const REACH = 30;

/** How many sentence openings may lie between the report word and the ask: the same sentence, or the next one. */
const SENTENCES_APART = 1;

function sentencesBetween(starts: readonly number[], from: number, to: number): number {
  let count = 0;
  for (const s of starts) {
    if (s > to) break;
    if (s > from) count++;
  }
  return count;
}

function guardedAgainst(words: readonly string[], index: number): boolean {
  for (let i = Math.max(0, index - PROTECT_REACH); i < index; i++) if (PROTECT_WORDS.has(words[i]!)) return true;
  return false;
}

/**
 * The lexicon's hits without asks a warning reports. `sentences` gives the word indices that open a
 * sentence (text/words.ts sentenceStarts); it is called only when an ask and a report word are both present.
 */
export function withoutReportedAsks(hits: readonly PhraseHit[], words: readonly string[], sentences: () => readonly number[] = () => []): PhraseHit[] {
  if (!hits.some((h) => ASK_CATEGORIES.has(categoryOf(h.tag)))) return [...hits];
  const reports: number[] = [];
  for (let i = 0; i < words.length; i++) if (REPORT_WORDS.has(words[i]!) && !guardedAgainst(words, i)) reports.push(i);
  if (reports.length === 0) return [...hits];
  const starts = sentences();
  const reported = (index: number): boolean =>
    reports.some((r) => {
      if (Math.abs(r - index) > REACH) return false;
      const [from, to] = r < index ? [r, index] : [index, r];
      // A report word after the ask must share its sentence; one before may open the sentence before.
      return r < index ? sentencesBetween(starts, from, to) <= SENTENCES_APART : !sentenceOpensBetween(starts, from, to);
    });
  return hits.filter((h) => !ASK_CATEGORIES.has(categoryOf(h.tag)) || !reported(h.index));
}
