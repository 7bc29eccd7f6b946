import type { PhraseHit } from '../text/phrase-matcher.js';
import { categoryOf } from './index.js';
import { HAND_OVER_CATEGORIES, SCAM_STORY_CATEGORIES } from './types.js';
import { firstAbove, NOT_WORDS, sentenceOpensBetween } from './negation.js';

/**
 * Warnings about phishing quote the lure's ask: "fake parcel texts ask you to pay the shipping fee",
 * "gefälschte E-Mails … Zollgebühren zu bezahlen", "valse e-mails namens PostNL (betaal de
 * verzendkosten)". A security newsletter, a bank's fraud notice or an IT department's awareness mail
 * reports that ask; it does not make it (docs/detection.md "How a verdict is reached", question 3). An ask
 * after a word naming fake messages or scammers in the same sentence is dropped. The words name the fake
 * message or its author, never fraud in general: a lure's own "we detected fraudulent activity, confirm
 * your card" keeps its ask. Folded words (lower case, no accents), every language of the lexicon.
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
 * Words that call the messages themselves fake ("gefälschte E-Mails", "falsi SMS") reach one sentence
 * further: a report describes them, then what they ask ("… sind im Umlauf. Darin werden Sie aufgefordert,
 * Zollgebühren zu bezahlen"). A lure's security alert names an attempt or its author instead ("We blocked a
 * phishing attempt on your account. Confirm your identity", "Betrüger haben versucht … Bestätigen Sie Ihre
 * Daten"), and its next sentence's ask stands.
 */
const FAKE_MESSAGE_WORDS = new Set(['fake', 'faux', 'fausses', 'gefalschte', 'gefalschten', 'gefalschter', 'falsi', 'finti', 'finte', 'valse', 'nep', 'falsos', 'falsas']);

/**
 * "To protect your account from fraudsters, we have disabled it. Re-verify your account": a lure names the
 * threat it pretends to guard against. A report word a few words after one of these is no report.
 */
const PROTECT_WORDS = new Set(['protect', 'protection', 'safeguard', 'proteger', 'protegerle', 'protegerte', 'schutzen', 'schutz', 'proteggere', 'proteggerti', 'proteggerla', 'protezione', 'beschermen', 'bescherming', 'protecao', 'protegermos']);
const PROTECT_REACH = 8;


/** Words looked at either side of an ask: a report names the fake message close to what it asks. */
const REACH = 30;

/** How many sentence openings may lie between a fake-message word and the ask: the same sentence, or the next one. */
const SENTENCES_APART = 1;

/** Sentence openings after word `from` and at or before word `to`, by binary search: a text may have 200,000. */
function sentencesBetween(starts: readonly number[], from: number, to: number): number {
  return firstAbove(starts, to) - firstAbove(starts, from);
}

/**
 * "This is not a scam. Verify your account": a lure's own reassurance names the word too. A report word a
 * plain negation precedes by at most this many words reports nothing.
 */
const DENIAL_REACH = 3;

function denied(words: readonly string[], index: number): boolean {
  for (let i = Math.max(0, index - DENIAL_REACH); i < index; i++) if (NOT_WORDS.has(words[i]!)) return true;
  return false;
}

function guardedAgainst(words: readonly string[], index: number): boolean {
  for (let i = Math.max(0, index - PROTECT_REACH); i < index; i++) if (PROTECT_WORDS.has(words[i]!)) return true;
  return false;
}

/**
 * A scam's story the sentence itself calls a scam: "regulators warn of a surge in crypto investment scams
 * promising guaranteed returns", "lottery and prize notices asking a fee are fraud". A news digest or a bank's
 * fraud page names the bait to describe it; the scam does not call its own offer a scam ("this is not a scam" is
 * denied, "to protect you from scams" guarded against). Only the same sentence counts, either side of the
 * phrase: a lure that warns of fakes and then makes its offer ("Beware of fake airdrop sites. Claim your
 * airdrop …") keeps the offer.
 */
const REPORTABLE_STORIES: ReadonlySet<string> = new Set([...SCAM_STORY_CATEGORIES, 'prize']);

/**
 * Beside a scam's story, fraud names it too ("crypto investment fraud", "Betrug mit Krypto-Anlagen"): an ask keeps
 * its force beside "fraud" ("we detected fraudulent activity, confirm your card"), a story told as fraud is news.
 */
const FRAUD_WORDS = new Set(['fraud', 'frauds', 'fraude', 'fraudes', 'betrug', 'frode', 'frodi']);

/**
 * The lexicon's hits without asks a warning reports, and without scam stories a sentence calls scams.
 * `sentences` gives the word indices that open a sentence (text/words.ts sentenceStarts); it is called only
 * when such a hit and a report word are both present.
 */
export function withoutReportedAsks(hits: readonly PhraseHit[], words: readonly string[], sentences: () => readonly number[] = () => []): PhraseHit[] {
  const isAsk = (h: PhraseHit): boolean => HAND_OVER_CATEGORIES.has(categoryOf(h.tag));
  const isStory = (h: PhraseHit): boolean => REPORTABLE_STORIES.has(categoryOf(h.tag));
  if (!hits.some((h) => isAsk(h) || isStory(h))) return [...hits];
  const reports: number[] = [];
  const storyReports: number[] = [];
  for (let i = 0; i < words.length; i++) {
    const report = REPORT_WORDS.has(words[i]!);
    if (!report && !FRAUD_WORDS.has(words[i]!)) continue;
    if (guardedAgainst(words, i) || denied(words, i)) continue;
    if (report) reports.push(i);
    storyReports.push(i);
  }
  if (storyReports.length === 0) return [...hits];
  const starts = sentences();
  // Only the report words within REACH of a hit are looked at (reports ascend): the cost stays linear
  // in the text however many report words and sentences it repeats (test/engine/reported-asks.test.ts).
  // A report names the fake message, then what it asks: only report words before the ask count ("confirm
  // your details to block the scammer" is a lure's ask).
  const reportedAsk = (index: number): boolean => {
    for (let k = firstAbove(reports, index - REACH - 1); k < reports.length && reports[k]! < index; k++) {
      const r = reports[k]!;
      if (FAKE_MESSAGE_WORDS.has(words[r]!) ? sentencesBetween(starts, r, index) <= SENTENCES_APART : !sentenceOpensBetween(starts, r, index)) return true;
    }
    return false;
  };
  const reportedStory = (index: number): boolean => {
    for (let k = firstAbove(storyReports, index - REACH - 1); k < storyReports.length && storyReports[k]! <= index + REACH; k++) {
      const r = storyReports[k]!;
      if (r < index ? !sentenceOpensBetween(starts, r, index) : !sentenceOpensBetween(starts, index, r)) return true;
    }
    return false;
  };
  return hits.filter((h) => (isAsk(h) ? !reportedAsk(h.index) : !isStory(h) || !reportedStory(h.index)));
}
