/**
 * Minimal reading of a raw message's header section: enough to find the Subject as written and the
 * names of headers a door must strip, without decoding anything.
 */
export interface RawHeader {
  name: string;
  /** Value as written, folding kept, without the trailing line break. */
  value: string;
}

/** Header fields in order, from bytes up to the first empty line (CRLF or bare LF). */
export function readRawHeaders(raw: Buffer, maxBytes = 1024 * 1024): RawHeader[] {
  const head = raw.subarray(0, Math.min(raw.length, maxBytes)).toString('latin1');
  const end = head.search(/\r?\n\r?\n/);
  const section = end < 0 ? head : head.slice(0, end);
  const headers: RawHeader[] = [];
  for (const line of section.split(/\r?\n/)) {
    if (/^[ \t]/.test(line) && headers.length) {
      headers[headers.length - 1]!.value += `\r\n${line}`;
      continue;
    }
    const colon = line.indexOf(':');
    if (colon > 0) headers.push({ name: line.slice(0, colon).trim(), value: line.slice(colon + 1).replace(/^[ \t]/, '') });
  }
  return headers;
}

/** Header bytes are latin1-read above; turn a value back into the UTF-8 text it carried. */
export const headerText = (value: string): string => Buffer.from(value, 'latin1').toString('utf8');
