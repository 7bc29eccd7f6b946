import { createRequire } from 'node:module';

/**
 * Quoted-printable decoding in linear time. libqp (under mailparser) strips trailing white space with
 * `/[\t ]+$/gm`, which is retried from every position of a run of spaces that does not end a line: a
 * body of 100,000 spaces and one letter took 36 s (docs/performance.md). Same result as libqp's three
 * steps (white space at line ends dropped, then soft line breaks `=` + CRLF / LF / end of input, then
 * `=XX` escapes), done on the bytes: one pass for the first two, one in place for the escapes, with no
 * string copies of the part (HTML newsletters are mostly quoted-printable, and decoding them through
 * strings was a few percent of an analysis).
 */
export function decodeQuotedPrintable(input: Buffer): Buffer {
  const length = input.length;
  const out = Buffer.allocUnsafe(length);
  let n = 0;
  for (let i = 0; i < length; ) {
    const c = input[i]!;
    if (c === 32 || c === 9) {
      // A run of spaces and tabs is dropped when a line end (CR or LF) or the end of the input follows it.
      let j = i + 1;
      while (j < length && (input[j] === 32 || input[j] === 9)) j++;
      if (j < length && input[j] !== 10 && input[j] !== 13) while (i < j) out[n++] = input[i++]!;
      i = j;
      continue;
    }
    if (c === 61) {
      // A soft line break: "=" followed, once line-end white space is gone, by CRLF, LF or the end of the input.
      let j = i + 1;
      while (j < length && (input[j] === 32 || input[j] === 9)) j++;
      if (j === length) break;
      if (input[j] === 10) {
        i = j + 1;
        continue;
      }
      if (input[j] === 13) {
        // White space between the CR and the LF goes too ("=\r \n" is a soft break once it is stripped).
        let k = j + 1;
        while (k < length && (input[k] === 32 || input[k] === 9)) k++;
        if (k < length && input[k] === 10) {
          i = k + 1;
          continue;
        }
      }
    }
    out[n++] = c;
    i++;
  }
  // "=XX" escapes, in place: each step writes at most as far as it has read.
  let w = 0;
  for (let i = 0; i < n; i++) {
    const c = out[i]!;
    if (c === 61 && i + 2 < n && isHex(out[i + 1]!) && isHex(out[i + 2]!)) {
      out[w++] = hexValue(out[i + 1]!) * 16 + hexValue(out[i + 2]!);
      i += 2;
    } else out[w++] = c;
  }
  return out.subarray(0, w);
}

const isHex = (c: number): boolean => (c >= 48 && c <= 57) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102);
/** Value of a hex digit character (isHex holds). */
const hexValue = (c: number): number => (c <= 57 ? c - 48 : (c | 32) - 87);

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
