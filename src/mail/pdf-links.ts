import { constants, inflateSync } from 'node:zlib';

/**
 * Web links of a PDF attachment: the `/URI (…)` actions of its link annotations, read from the raw bytes
 * and from its Flate-compressed streams (object streams hide annotations in PDF 1.5+). A PDF whose only
 * content is a "View document" button is a lure's way around link scanners (docs/detection.md,
 * "Attachments"). Bounded: the bytes given (the parser keeps at most the head of an attachment), at most
 * `MAX_STREAMS` streams inflated to at most `MAX_INFLATED` bytes each, `max` links.
 */
const MAX_STREAMS = 40;
const MAX_INFLATED = 512 * 1024;
/** Inflated bytes per PDF in all: a compression bomb costs at most this much work. */
const MAX_INFLATED_TOTAL = 4 * 1024 * 1024;
const MAX_URI = 2000;

export function pdfLinks(bytes: Uint8Array, max = 20): string[] {
  const found = new Set<string>();
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  collectUris(buffer.toString('latin1'), found, max);
  let streams = 0;
  let inflatedTotal = 0;
  let at = 0;
  while (found.size < max && streams < MAX_STREAMS && inflatedTotal < MAX_INFLATED_TOTAL) {
    const start = buffer.indexOf('stream', at, 'latin1');
    if (start < 0) break;
    let body = start + 6;
    if (buffer[body] === 0x0d) body++;
    if (buffer[body] === 0x0a) body++;
    const end = buffer.indexOf('endstream', body, 'latin1');
    if (end < 0) break;
    at = end + 9;
    // "endstream" also contains "stream": only a keyword that opens a line body counts.
    if (start >= 3 && buffer.toString('latin1', start - 3, start) === 'end') continue;
    streams++;
    const inflated = inflate(buffer.subarray(body, end));
    if (!inflated) continue;
    inflatedTotal += inflated.length;
    collectUris(inflated.toString('latin1'), found, max);
  }
  return [...found];
}

function inflate(data: Buffer): Buffer | null {
  try {
    // A stream cut off by the parser's head limit still yields what it holds (sync flush, not finish).
    return inflateSync(data, { maxOutputLength: MAX_INFLATED, finishFlush: constants.Z_SYNC_FLUSH });
  } catch {
    return null;
  }
}

/** `/URI (http://…)` with PDF string escapes; one pass, `indexOf` only. */
function collectUris(text: string, found: Set<string>, max: number): void {
  let at = 0;
  while (found.size < max) {
    const key = text.indexOf('/URI', at);
    if (key < 0) return;
    at = key + 4;
    let i = at;
    while (i < text.length && i < at + 8 && (text[i] === ' ' || text[i] === '\r' || text[i] === '\n' || text[i] === '\t')) i++;
    if (text[i] !== '(') continue;
    let uri = '';
    for (i++; i < text.length && uri.length < MAX_URI; i++) {
      const c = text[i]!;
      if (c === '\\' && i + 1 < text.length) uri += text[++i];
      else if (c === ')') break;
      else uri += c;
    }
    at = i;
    const trimmed = uri.trim();
    if (/^https?:\/\//i.test(trimmed)) found.add(trimmed);
  }
}
