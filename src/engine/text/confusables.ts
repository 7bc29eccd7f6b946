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

/** Optimal-string-alignment distance, giving up (returning max + 1) once it exceeds `max`. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  if (a === b) return 0;
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
  return prev[n]!;
}
