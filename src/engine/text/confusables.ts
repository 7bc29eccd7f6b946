/**
 * Homograph helpers: a "skeleton" that maps characters which look alike to one ASCII form (a small
 * subset of Unicode TR39 confusables covering Cyrillic, Greek and digit tricks seen in phishing), script
 * detection for mixed-script labels, and a bounded Damerau-Levenshtein distance.
 */

const CONFUSABLE: Record<string, string> = {
  // Cyrillic
  а: 'a', в: 'b', е: 'e', ё: 'e', к: 'k', м: 'm', н: 'h', о: 'o', р: 'p', с: 'c', т: 't', у: 'y', х: 'x', ѕ: 's', і: 'i', ї: 'i', ј: 'j', ԁ: 'd', ɡ: 'g', һ: 'h', ӏ: 'l', ԛ: 'q', ԝ: 'w', ү: 'y', ь: 'b', ո: 'n', ս: 'u',
  // Greek
  α: 'a', β: 'b', ε: 'e', ι: 'i', κ: 'k', ν: 'v', ο: 'o', ρ: 'p', τ: 't', υ: 'u', χ: 'x', ω: 'w', γ: 'y', η: 'n',
  // Latin look-alikes and digits
  ı: 'i', ł: 'l', ɩ: 'i', ǀ: 'l', '0': 'o', '1': 'l', '3': 'e', '5': 's', '7': 't', '4': 'a', '@': 'a', '$': 's', '|': 'l',
};

/** Multi-character look-alikes applied after single characters ("rn" reads as "m"). */
const SEQUENCES: Array<[RegExp, string]> = [
  [/rn/g, 'm'],
  [/vv/g, 'w'],
  [/cl/g, 'd'],
  [/ii/g, 'u'],
];

/** Lower-case ASCII skeleton of a domain label, accents dropped, confusables mapped, hyphens removed. */
export function skeleton(label: string): string {
  const folded = label.toLowerCase().normalize('NFD').replace(/[\u0300-\u036f]/g, '');
  let out = '';
  for (const c of folded) out += CONFUSABLE[c] ?? c;
  out = out.replace(/[-_.]/g, '');
  for (const [pattern, replacement] of SEQUENCES) out = out.replace(pattern, replacement);
  return out;
}

export type Script = 'latin' | 'cyrillic' | 'greek' | 'other';

function scriptOf(c: string): Script | null {
  const code = c.codePointAt(0) ?? 0;
  if (code < 0x80) return /[a-z]/i.test(c) ? 'latin' : null;
  if (code >= 0x00c0 && code <= 0x024f) return 'latin';
  if (code >= 0x0370 && code <= 0x03ff) return 'greek';
  if (code >= 0x0400 && code <= 0x052f) return 'cyrillic';
  return 'other';
}

/** Scripts used by letters of `label` (digits and hyphens are neutral). */
export function scriptsOf(label: string): Set<Script> {
  const scripts = new Set<Script>();
  for (const c of label) {
    const script = scriptOf(c);
    if (script) scripts.add(script);
  }
  return scripts;
}

/** The code points `scriptOf` calls Latin, and those it calls Greek or Cyrillic. */
const LATIN = /[a-zA-Z\u00c0-\u024f]/;
const GREEK_OR_CYRILLIC = /[\u0370-\u052f]/;

/** True when a label mixes Latin with Cyrillic or Greek letters: the classic homograph. */
export function isMixedScript(label: string): boolean {
  // Same answer as scriptsOf(label) has latin and (cyrillic or greek), without a Set per word.
  return GREEK_OR_CYRILLIC.test(label) && LATIN.test(label);
}

/** a[from..] equals b[from + shift..] to the end of both. */
function tailsEqual(a: string, b: string, from: number, shift: number): boolean {
  if (a.length - from !== b.length - from - shift) return false;
  for (let i = from; i < a.length; i++) if (a[i] !== b[i + shift]) return false;
  return true;
}

/**
 * 0, 1, or 2 for "more than one": the optimal-string-alignment distance up to 1 in one pass without
 * allocating. Look-alike checks compare each new domain label with every catalogue label of its length
 * (src/engine/brand-index.ts), and most of them ask only "one edit or not".
 */
function distanceUpToOne(a: string, b: string): number {
  if (a === b) return 0;
  const [longer, shorter] = a.length >= b.length ? [a, b] : [b, a];
  if (longer.length - shorter.length > 1) return 2;
  let i = 0;
  while (i < shorter.length && longer[i] === shorter[i]) i++;
  if (longer.length !== shorter.length) return tailsEqual(shorter, longer, i, 1) ? 1 : 2;
  if (tailsEqual(a, b, i + 1, 0)) return 1;
  return a[i] === b[i + 1] && a[i + 1] === b[i] && tailsEqual(a, b, i + 2, 0) ? 1 : 2;
}

const letterCounts = new Int32Array(128);

/**
 * A lower bound of the distance without aligning anything: letters one string has more of than the other
 * (code units folded into 128 buckets; folding only merges counts, so the bound stays a bound). A swap of
 * neighbours changes no count; any other edit changes counts by at most one on each side.
 */
function letterBound(a: string, b: string): number {
  letterCounts.fill(0);
  for (let i = 0; i < a.length; i++) letterCounts[a.charCodeAt(i) & 127]!++;
  for (let i = 0; i < b.length; i++) letterCounts[b.charCodeAt(i) & 127]!--;
  let surplus = 0;
  let deficit = 0;
  for (let i = 0; i < 128; i++) {
    const d = letterCounts[i]!;
    if (d > 0) surplus += d;
    else deficit -= d;
  }
  return Math.max(surplus, deficit);
}

/** Optimal-string-alignment distance, giving up (returning max + 1) once it exceeds `max`. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  if (a === b) return 0;
  if (max <= 1) return Math.min(distanceUpToOne(a, b), max + 1);
  // Most labels compared with a catalogue label of about their length share few letters with it.
  if (letterBound(a, b) > max) return max + 1;
  const n = b.length;
  let prevPrev = new Array<number>(n + 1).fill(0);
  let prev = Array.from({ length: n + 1 }, (_, j) => j);
  let current = new Array<number>(n + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    let rowMin = i;
    for (let j = 1; j <= n; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(prev[j]! + 1, current[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, prevPrev[j - 2]! + 1);
      current[j] = value;
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > max) return max + 1;
    [prevPrev, prev, current] = [prev, current, prevPrev];
  }
  return Math.min(prev[n]!, max + 1);
}
