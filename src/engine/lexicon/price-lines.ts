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
const OPEN_ENDS = new Set(['of', 'de', 'di', 'del', 'della', 'van', 'von', 'da', 'do', 'dos', 'des', 'du', 'dei', 'der', 'for', 'pour', 'para', 'per', 'voor', 'fur']);
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

/** The lexicon's hits without payment phrases that are lines of a bill. */
export function withoutPriceLines(hits: readonly PhraseHit[], words: readonly string[]): PhraseHit[] {
  return hits.filter((hit) => categoryOf(hit.tag) !== 'payment' || !priceLine(words, hit));
}
