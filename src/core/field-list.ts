/**
 * How an error names several fields at once (docs/api.md, "Envelope and errors"): one sentence, every
 * field, in the order the caller gives them.
 */

/** `a`, `a and b`, `a, b and c`. */
export function joinNames(names: readonly string[]): string {
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/** `x is required` / `x, y and z are required`. */
export function requiredSentence(names: readonly string[]): string {
  return `${joinNames(names)} ${names.length === 1 ? 'is' : 'are'} required`;
}
