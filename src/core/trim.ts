/**
 * Stripping runs of characters at either end in one pass. The regular expressions these replace
 * (`/[>.\s]+$/`, `/\/+$/`) are retried from every position of a long run and cost quadratic time
 * (docs/performance.md); `set` tests a single character.
 */
export function trimEndMatching(text: string, set: RegExp): string {
  let end = text.length;
  while (end > 0 && set.test(text[end - 1]!)) end--;
  return end === text.length ? text : text.slice(0, end);
}

export function trimStartMatching(text: string, set: RegExp): string {
  let start = 0;
  while (start < text.length && set.test(text[start]!)) start++;
  return start === 0 ? text : text.slice(start);
}

/** `text` with its trailing run of `set` characters replaced by `by` (unchanged when there is none). */
export function replaceTrailing(text: string, set: RegExp, by: string): string {
  const cut = trimEndMatching(text, set);
  return cut === text ? text : cut + by;
}
