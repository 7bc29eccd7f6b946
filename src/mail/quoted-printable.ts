import { createRequire } from 'node:module';

/**
 * Quoted-printable decoding in linear time. libqp (under mailparser) strips trailing white space with
 * `/[\t ]+$/gm`, which is retried from every position of a run of spaces that does not end a line: a
 * body of 100,000 spaces and one letter took 36 s (docs/performance.md). Same result, one pass each
 * for: white space at line ends, soft line breaks, `=XX` escapes.
 */
export function decodeQuotedPrintable(input: Buffer): Buffer {
  const text = input.toString('binary');
  const stripped = stripLineEndSpace(text);
  const joined = stripped.replace(/=(?:\r?\n|$)/g, '');
  const out = Buffer.alloc(joined.length);
  let n = 0;
  for (let i = 0; i < joined.length; i++) {
    const c = joined.charCodeAt(i);
    if (c === 61 && i + 2 < joined.length && isHex(joined.charCodeAt(i + 1)) && isHex(joined.charCodeAt(i + 2))) {
      out[n++] = hexValue(joined.charCodeAt(i + 1)) * 16 + hexValue(joined.charCodeAt(i + 2));
      i += 2;
    } else out[n++] = c;
  }
  return out.subarray(0, n);
}

const isHex = (c: number): boolean => (c >= 48 && c <= 57) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102);
/** Value of a hex digit character (isHex holds). */
const hexValue = (c: number): number => (c <= 57 ? c - 48 : (c | 32) - 87);

/** Drops runs of spaces and tabs that end a line (before CR, LF or the end), keeps the others. */
function stripLineEndSpace(text: string): string {
  const parts: string[] = [];
  let from = 0;
  for (let i = 0; i < text.length; ) {
    const c = text.charCodeAt(i);
    if (c !== 32 && c !== 9) {
      i++;
      continue;
    }
    let j = i;
    while (j < text.length && (text.charCodeAt(j) === 32 || text.charCodeAt(j) === 9)) j++;
    const next = j < text.length ? text.charCodeAt(j) : -1;
    if (next === -1 || next === 10 || next === 13) {
      parts.push(text.slice(from, i));
      from = j;
    }
    i = j;
  }
  parts.push(text.slice(from));
  return parts.join('');
}

let installed = false;

/**
 * Makes libqp's stream decoder (used by mailparser for every quoted-printable part) decode with
 * `decodeQuotedPrintable`. The decoder buffers the whole part and decodes it in `_flush`, so replacing
 * that one method keeps its behaviour and removes the quadratic case. Idempotent.
 */
export function installLinearQuotedPrintable(): void {
  if (installed) return;
  installed = true;
  const requireFromMailsplit = createRequire(createRequire(import.meta.url).resolve('@zone-eu/mailsplit'));
  const libqp = requireFromMailsplit('libqp') as { Decoder: { prototype: QpDecoder } };
  libqp.Decoder.prototype._flush = function flush(this: QpDecoder, done: () => void) {
    if (this.inputBytes) {
      const buf = decodeQuotedPrintable(Buffer.concat(this.qpChunks, this.inputBytes));
      this.outputBytes += buf.length;
      this.push(buf);
    }
    done();
  };
}

interface QpDecoder {
  inputBytes: number;
  outputBytes: number;
  qpChunks: Buffer[];
  push(chunk: Buffer): boolean;
  _flush(done: () => void): void;
}
