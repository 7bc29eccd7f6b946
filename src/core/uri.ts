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

/**
 * Longest link the engine reads (docs/detection.md "Links"): hrefs and text URLs beyond it are not followed,
 * unwrapped or described. Real links, gateway-wrapped ones included, stay far below it; a multi-megabyte
 * "URL" is only ever an attack on the parser and the string builder.
 */
export const MAX_LINK_CHARS = 8192;
