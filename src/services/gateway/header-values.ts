/** Header values phishgate writes: ASCII only (RFC 2047 encoded-words otherwise), one line, bounded. */

const MAX_VALUE = 900;
const ASCII_PRINTABLE = /^[\x20-\x7e]*$/;

/** `=?UTF-8?B?…?=` words of at most 75 characters each (RFC 2047 §2), separated by spaces. */
export function encodeWords(text: string): string {
  if (ASCII_PRINTABLE.test(text)) return text;
  const words: string[] = [];
  let chunk = '';
  // 45 bytes of UTF-8 → 60 base64 characters + 12 of framing = 72 ≤ 75; never split a code point.
  for (const char of text) {
    if (Buffer.byteLength(chunk + char) > 45) {
      words.push(chunk);
      chunk = '';
    }
    chunk += char;
  }
  if (chunk) words.push(chunk);
  return words.map((w) => `=?UTF-8?B?${Buffer.from(w).toString('base64')}?=`).join(' ');
}

/** Control characters and line breaks would let a reason inject headers: flatten them. */
export const flatten = (text: string): string => text.replace(/[\x00-\x1f\x7f]+/g, ' ').trim();

/** One-line, ASCII-safe value whose encoded form stays within MAX_VALUE characters. */
export function boundedValue(text: string): string {
  const flat = flatten(text);
  let encoded = encodeWords(flat);
  // Encoding non-ASCII text grows it by about a third, so shorten until the encoded form fits.
  for (let keep = Math.min(flat.length, MAX_VALUE - 3); encoded.length > MAX_VALUE; keep = Math.floor(keep * 0.8)) {
    encoded = encodeWords(`${flat.slice(0, keep)}...`);
  }
  return encoded;
}

/**
 * Prefixes the Subject's raw header value (encoded-words kept as they are) with a tag such as
 * `[PHISHING]`; an encoded-word must be separated from plain text by whitespace, which the tag's
 * trailing space provides. A subject already carrying the tag is left alone.
 */
export function tagSubject(rawSubject: string | null, tag: string): string {
  const subject = (rawSubject ?? '').replace(/\r?\n[ \t]+/g, ' ').trim();
  if (!tag || subject.startsWith(tag)) return subject;
  return subject ? `${encodeWords(flatten(tag))} ${subject}` : encodeWords(flatten(tag));
}
