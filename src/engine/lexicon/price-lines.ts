import type { PhraseHit } from '../text/phrase-matcher.js';
import { categoryOf } from './index.js';

/**
 * An order confirmation lists what was paid: "Shipping fee: £2.95", "Versandkosten: 4,95 €",
 * "Verzendkosten: gratis", "zzgl. Versandkosten". The parcel-fee lure asks to pay that fee ("pay the
 * shipping fee of £1.99", "Zahlen Sie die Zollgebühr"). A payment phrase naming a cost that is followed by
 * its price, or preceded by a price or "plus"/"including", is a line of a bill, not an ask, and is dropped
 * (docs/detection.md "Rules", PAYMENT_REQUEST). Folded words: "£2.95" reads "2 95", "EUR 1.85" reads "eur 1 85".
 */

/** Words after which a phrase ends in an open question, not a noun: "confirm the payment of EUR 1.85" is an ask. */
/** Also "på" (a fee of, Scandinavian), "w wysokości" (in the amount of, Polish), "sebesar" (Indonesian), "в размере" (Russian). */
const OPEN_ENDS = new Set(['of', 'de', 'di', 'del', 'della', 'van', 'von', 'da', 'do', 'dos', 'des', 'du', 'dei', 'der', 'for', 'pour', 'para', 'per', 'voor', 'fur', 'pa', 'wysokosci', 'sebesar', 'размере']);
const CURRENCIES = new Set(['eur', 'euro', 'euros', 'gbp', 'usd', 'chf', 'dkk', 'sek', 'nok', 'pln', 'brl']);
const FREE = new Set(['free', 'gratis', 'gratuit', 'gratuite', 'gratuits', 'offert', 'offerts', 'kostenlos', 'kostenfrei', 'gratuita', 'gratuito', 'gratuitos', 'gratuiti', 'inclusive']);
/** Words that put a cost beside a price: "zzgl. Versandkosten", "plus shipping", "inkl. Versand", "hors frais de port". */
const PRICE_PREFIXES = new Set(['zzgl', 'zuzuglich', 'inkl', 'inklusive', 'exkl', 'plus', 'incl', 'including', 'excl', 'excluding', 'hors', 'sin', 'senza', 'exclusief', 'inclusief', 'excluindo', 'incluindo']);

const isNumber = (word: string | undefined): boolean => word !== undefined && /^\d+$/.test(word);

function priceLine(words: readonly string[], hit: PhraseHit): boolean {
  const length = hit.text.split(' ').length;
  const last = hit.text.slice(hit.text.lastIndexOf(' ') + 1);
  if (OPEN_ENDS.has(last)) return false;
  const next = words[hit.index + length];
  if (isNumber(next) || (next !== undefined && FREE.has(next))) return true;
  if (next !== undefined && CURRENCIES.has(next) && isNumber(words[hit.index + length + 1])) return true;
  const before = words[hit.index - 1];
  return before !== undefined && (PRICE_PREFIXES.has(before) || isNumber(before));
}

/**
 * A French bill states its late-payment terms by law (Code de commerce, L441-10): "tout retard de paiement
 * entraîne des pénalités de retard au taux de trois fois le taux d'intérêt légal ainsi qu'une indemnité
 * forfaitaire de 40 €". The penalty there is a term of the bill: "pénalités"/"majoration" followed by "de
 * retard" with a rate, an article or the fixed indemnity within the next words is no threat to the reader.
 */
const PENALTY_WORDS = new Set(['penalite', 'penalites', 'majoration']);
const TERMS_WORDS = new Set(['taux', 'interet', 'indemnite', 'article', 'l441', 'code']);
const TERMS_REACH = 12;

function latePaymentTerms(words: readonly string[], hit: PhraseHit): boolean {
  if (!PENALTY_WORDS.has(hit.text) || words[hit.index + 1] !== 'de' || words[hit.index + 2] !== 'retard') return false;
  for (let i = hit.index + 3; i < Math.min(words.length, hit.index + 3 + TERMS_REACH); i++) if (TERMS_WORDS.has(words[i]!)) return true;
  return false;
}

/** The lexicon's hits without payment phrases that are lines of a bill, nor penalties that are its legal terms. */
export function withoutPriceLines(hits: readonly PhraseHit[], words: readonly string[]): PhraseHit[] {
  return hits.filter((hit) => {
    const category = categoryOf(hit.tag);
    if (category === 'payment') return !priceLine(words, hit);
    if (category === 'threat') return !latePaymentTerms(words, hit);
    return true;
  });
}
