/**
 * `decodeURIComponent` that never throws: a malformed escape ("%E0%A4%A", "%zz") in hostile input leaves
 * the text as written, which is what a reader sees.
 */
export function decodeUriComponentOrKeep(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
