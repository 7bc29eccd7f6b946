/**
 * Disguised identity and asks (docs/detection.md "Normalisation"): the places a reader trusts — display
 * name, subject, link text — read once as written and once normalised (invisible characters removed,
 * mixed-script words in Latin, ASCII look-alikes read as the letters they imitate). A brand or a risky ask
 * that only appears once the disguise is undone, or that sits next to invisible characters, is evidence
 * on its own: nobody writes "PayPaI" or "Micro\u200bsoft" by accident, nor "P a y P a l" or "Pay.Pal.".
 */
import type { BrandIndex } from './brand-index.js';
import type { Brand } from './data/brand-types.js';
import { categoryOf } from './lexicon/index.js';
import type { PhraseMatcher } from './text/phrase-matcher.js';
import { hasOtherScriptLookalike, joinSpacedLetters, lookalikeReadings, removeInvisible, unconfuse } from './text/normalise.js';
import { wordViews } from './text/words.js';

export interface Disguise {
  /** "display name", "subject", "link text". */
  where: string;
  /** The text as written, cut for reasons. */
  shown: string;
  how: 'invisible characters' | 'mixed scripts' | 'look-alike letters' | 'letters written apart' | 'strike-through overlays';
  /** What the disguise hides: a brand's name or a risky ask. */
  brand: Brand | null;
  ask: string | null;
}

/** Combining overlays (U+0334–U+0338) drawn through letters. */
const OVERLAY = /[\u0334-\u0338]/gu;

/** Lexicon categories that are a risky ask or pressure (docs/detection.md "What does it ask"). */
const ASK_CATEGORIES = new Set(['credential', 'payment', 'giftcard', 'wire', 'bank_change', 'threat', 'urgency']);

/** Replaces each word that has an ASCII look-alike reading by that reading. */
export function readLookalikes(text: string): string {
  const readings = lookalikeReadings(text, 200);
  if (readings.length === 0) return text;
  const map = new Map(readings.map((r) => [r.word, r.reading]));
  return text.replace(/[\p{L}\p{N}|]+/gu, (w) => map.get(w) ?? w);
}

function asksIn(lexicon: PhraseMatcher, folded: string[]): string[] {
  return lexicon.find(folded, 50).filter((h) => ASK_CATEGORIES.has(categoryOf(h.tag))).map((h) => h.text);
}

/** Letters and punctuation only, lower-case: "E.ON" and "e.on" are the same writing. */
const spelling = (text: string): string => text.toLowerCase().replace(/[\s]+/gu, ' ');

/**
 * A brand or an ask that appears only once words written apart are joined ("T E M U", "Pay.Pal.",
 * "V-e-r-i-f-y"). A brand that writes its own name with dots or spaces ("E.ON", "U.S. Bank") is not
 * disguised by doing so: a brand whose catalogued name is in the text as written does not count.
 */
function writtenApart(read: string, sample: string, brands: BrandIndex, lexicon: PhraseMatcher, plainReading: () => { brands: Map<Brand, number>; asks: readonly string[] }): { brand: Brand | null; ask: string | null } | null {
  const joined = joinSpacedLetters(read);
  if (joined === read.trim().split(/\s+/u).join(' ')) return null;
  const { brands: plainBrands, asks: plainAsks } = plainReading();
  const joinedWords = wordViews(joined, 60);
  const written = spelling(sample);
  const brand = [...brands.mentions(joinedWords.folded, joinedWords.raw).keys()].find((b) => !plainBrands.has(b) && !written.includes(spelling(b.name))) ?? null;
  const ask = asksIn(lexicon, joinedWords.folded).find((a) => !plainAsks.includes(a)) ?? null;
  return brand || ask ? { brand, ask } : null;
}

/** Disguises in one place; at most one per place (the strongest kind). */
function inspect(where: string, text: string, brands: BrandIndex, lexicon: PhraseMatcher): Disguise | null {
  if (!text) return null;
  const sample = text.slice(0, 500);
  const shown = sample.slice(0, 80);
  // Each reading is made once (these run for the display name, the subject and up to 50 link texts), and
  // the plain one only when a disguise is to be compared with it: most texts have nothing to undo.
  let plain: { brands: Map<Brand, number>; asks: string[] } | null = null;
  const plainReading = (): { brands: Map<Brand, number>; asks: string[] } => {
    if (plain) return plain;
    const plainWords = wordViews(sample, 60);
    plain = { brands: brands.mentions(plainWords.folded, plainWords.raw), asks: asksIn(lexicon, plainWords.folded) };
    return plain;
  };
  const firstBrand = (found: Map<Brand, number>): Brand | null => found.keys().next().value ?? null;

  const cleaned = removeInvisible(sample);
  const unconfused = unconfuse(cleaned.text);
  const read = readLookalikes(unconfused.text);
  if (read !== sample) {
    const { brands: plainBrands, asks: plainAsks } = plainReading();
    const readWords = wordViews(read, 60);
    const readBrands = brands.mentions(readWords.folded, readWords.raw);
    const newBrand = [...readBrands.keys()].find((b) => !plainBrands.has(b)) ?? null;
    const newAsk = asksIn(lexicon, readWords.folded).find((a) => !plainAsks.includes(a)) ?? null;
    if (newBrand || newAsk) return { where, shown, how: 'look-alike letters', brand: newBrand, ask: newAsk };
  }
  const apart = writtenApart(read, sample, brands, lexicon, plainReading);
  if (apart) return { where, shown, how: 'letters written apart', ...apart };
  const hidden = cleaned.hidden;
  const mixed = unconfused.mixed.length;
  if (hidden > 0 || mixed > 0) {
    const { brands: plainBrands, asks: plainAsks } = plainReading();
    if (plainBrands.size > 0 || plainAsks.length > 0) return { where, shown, how: hidden > 0 ? 'invisible characters' : 'mixed scripts', brand: firstBrand(plainBrands), ask: plainAsks[0] ?? null };
  }
  // Even with nothing recognisable behind it, a display name or subject written with Cyrillic letters
  // inside Latin words ("Mееt Ukrаiniаn Wоmеn") or struck through letter by letter ("P̶e̶n̶d̶i̶n̶g̶") is
  // written to pass filters; it counts, more weakly (detectors/disguise.ts).
  if (where !== 'link text' && mixed >= 2) return { where, shown, how: 'mixed scripts', brand: null, ask: null };
  // One word suffices when its foreign letter is Tai Le, Lisu, Cherokee, Armenian, Coptic or IPA ("Support
  // aᥴcount team"): no keyboard slip puts one of those into a Latin word.
  if (where !== 'link text' && unconfused.mixed.some(hasOtherScriptLookalike)) return { where, shown, how: 'mixed scripts', brand: null, ask: null };
  if (where !== 'link text' && (sample.match(OVERLAY) ?? []).length >= 4) return { where, shown, how: 'strike-through overlays', brand: null, ask: null };
  return null;
}

/** Disguises in the display name, the subject and up to 50 link texts. */
export function findDisguises(input: { displayName: string; subject: string; linkTexts: readonly string[] }, brands: BrandIndex, lexicon: PhraseMatcher): Disguise[] {
  const found: Disguise[] = [];
  const places: Array<[string, string]> = [['display name', input.displayName], ['subject', input.subject], ...input.linkTexts.slice(0, 50).map((t): [string, string] => ['link text', t])];
  for (const [where, text] of places) {
    const disguise = inspect(where, text, brands, lexicon);
    if (disguise) found.push(disguise);
    if (found.length >= 5) break;
  }
  return found;
}
