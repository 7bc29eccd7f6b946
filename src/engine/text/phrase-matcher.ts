/**
 * Matches word patterns against a folded word list (see words.ts). A pattern is a space-separated list of
 * slots; a slot is alternatives joined by "|", "*" for any one word, a trailing "~" for a prefix
 * ("verif~" matches verify, verification, vérifiez) and a trailing "?" for an optional slot. Patterns are
 * at most 8 slots long, and only those whose first slot matches the current word are tried, so matching is
 * linear in the text with a small constant: no regular expression runs over the message.
 */

interface Slot {
  exact: Set<string>;
  prefixes: string[];
  any: boolean;
  optional: boolean;
}

export interface Pattern {
  source: string;
  slots: Slot[];
  /** Caller's tag (category, language). */
  tag: string;
}

export interface PhraseHit {
  tag: string;
  pattern: string;
  /** The matched words, space-joined (folded). */
  text: string;
  index: number;
}

const MAX_SLOTS = 8;

function compileSlot(raw: string): Slot {
  const optional = raw.endsWith('?');
  const body = optional ? raw.slice(0, -1) : raw;
  const slot: Slot = { exact: new Set(), prefixes: [], any: body === '*', optional };
  if (slot.any) return slot;
  for (const alt of body.split('|')) {
    if (alt.endsWith('~')) slot.prefixes.push(alt.slice(0, -1));
    else if (alt) slot.exact.add(alt);
  }
  return slot;
}

/** The first two UTF-16 units of a word as one number. */
const startOf = (word: string): number => word.charCodeAt(0) * 65536 + word.charCodeAt(1);

const slotMatches = (slot: Slot, word: string): boolean => slot.any || slot.exact.has(word) || slot.prefixes.some((p) => word.startsWith(p));

export class PhraseMatcher {
  private readonly byWord = new Map<string, Pattern[]>();
  private readonly byPrefix = new Map<string, Pattern[]>();
  /** First two characters of every `byPrefix` key: most words start no prefix, and are told so without a slice. */
  private readonly prefixStarts = new Set<number>();

  constructor(entries: Array<{ pattern: string; tag: string }>) {
    for (const { pattern, tag } of entries) {
      const slots = pattern.trim().split(/\s+/).map(compileSlot);
      const first = slots[0];
      if (!first || slots.length > MAX_SLOTS || first.any || first.optional) throw new Error(`bad phrase pattern "${pattern}"`);
      const compiled: Pattern = { source: pattern, slots, tag };
      for (const word of first.exact) this.index(this.byWord, word, compiled);
      for (const prefix of first.prefixes) {
        if (prefix.length < 3) throw new Error(`prefix too short in "${pattern}"`);
        this.index(this.byPrefix, prefix.slice(0, 3), compiled);
        this.prefixStarts.add(startOf(prefix));
      }
    }
  }

  private index(map: Map<string, Pattern[]>, key: string, pattern: Pattern): void {
    const list = map.get(key);
    if (list) list.push(pattern);
    else map.set(key, [pattern]);
  }

  /** Every non-overlapping-start match, at most `limit`, in text order. */
  find(words: readonly string[], limit = 50): PhraseHit[] {
    const hits: PhraseHit[] = [];
    for (let i = 0; i < words.length && hits.length < limit; i++) {
      const word = words[i]!;
      const exact = this.byWord.get(word);
      const prefixed = word.length >= 3 && this.prefixStarts.has(startOf(word)) ? this.byPrefix.get(word.slice(0, 3)) : undefined;
      // Most words start no pattern: no list is built for them.
      if (!exact && !prefixed) continue;
      const candidates = exact && prefixed ? [...exact, ...prefixed] : (exact ?? prefixed)!;
      for (const pattern of candidates) {
        const end = matchAt(pattern.slots, 0, words, i);
        if (end > i) {
          hits.push({ tag: pattern.tag, pattern: pattern.source, text: words.slice(i, end).join(' '), index: i });
          break;
        }
      }
    }
    return hits;
  }
}

/** End index of a match of slots[s..] starting at words[w], or -1. Depth ≤ 8, branching only on optional slots. */
function matchAt(slots: Slot[], s: number, words: readonly string[], w: number): number {
  if (s === slots.length) return w;
  const slot = slots[s]!;
  if (slot.optional) {
    const skipped = matchAt(slots, s + 1, words, w);
    if (w < words.length && slotMatches(slot, words[w]!)) {
      const taken = matchAt(slots, s + 1, words, w + 1);
      if (taken >= 0) return taken;
    }
    return skipped;
  }
  if (w >= words.length || !slotMatches(slot, words[w]!)) return -1;
  return matchAt(slots, s + 1, words, w + 1);
}
