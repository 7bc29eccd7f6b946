/**
 * Is this file an email message at all? `phishgate scan` asks before analysing (docs/cli.md, "scan"): a
 * picture, a binary, an empty file or a page of prose is "not an email message", counted apart, never judged
 * as a (safe) mail. The doors never ask: what an MTA hands over is analysed whatever its shape.
 *
 * An RFC 5322 message starts with a header field, `Name: value`, the name being printable ASCII without
 * spaces or colons (RFC 5322 3.6.8, with the obsolete white space before the colon of 4.5.3). Header-only
 * messages, messages without a body, CRLF or LF line ends, a UTF-8 byte order mark and an mbox "From "
 * envelope line first are all messages. Text whose first line merely looks like a field ("Note: buy milk") and whose next lines are prose
 * is not: a header block of one field that also holds lines that are neither fields nor folded continuations
 * is prose. With two fields or more, a damaged line is tolerated (real mail has them; the parser copes).
 *
 * Bounded and linear: reads at most the first HEADER_WINDOW bytes.
 */

/** How much of the file is looked at; a header block is rarely longer (the parser caps headers anyway). */
const HEADER_WINDOW = 64 * 1024;
/** Binary data shows itself in the first bytes. */
const BINARY_WINDOW = 512;

const FIELD = /^[\x21-\x39\x3b-\x7e]{1,998}[ \t]*:/;
const CONTINUATION = /^[ \t]/;

/**
 * NUL, or C0 control characters other than tab, LF, FF, CR and ESC (raw ISO-2022-JP text uses ESC). Only
 * chooses the words of the answer: whether a file is a message is decided by its first line.
 */
function looksBinary(bytes: Uint8Array): boolean {
  const end = Math.min(bytes.length, BINARY_WINDOW);
  for (let i = 0; i < end; i++) {
    const b = bytes[i]!;
    if (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0c && b !== 0x0d && b !== 0x1b) return true;
  }
  return false;
}

/** Lines of the header block: up to the first empty line, within the window; the mbox "From " line dropped. */
function headerLines(bytes: Uint8Array): string[] {
  let text = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, HEADER_WINDOW)).toString('latin1');
  // A UTF-8 byte order mark, as some editors save files: the message after it is still a message.
  if (text.startsWith('\xef\xbb\xbf')) text = text.slice(3);
  if (text.startsWith('From ')) {
    const nl = text.indexOf('\n');
    text = nl === -1 ? '' : text.slice(nl + 1);
  }
  const lines: string[] = [];
  let start = 0;
  while (start < text.length) {
    const nl = text.indexOf('\n', start);
    const line = (nl === -1 ? text.slice(start) : text.slice(start, nl)).replace(/\r$/, '');
    if (line === '') break;
    lines.push(line);
    if (nl === -1) break;
    start = nl + 1;
  }
  return lines;
}

/** Why `bytes` is not an email message, in the CLI's words; null when it is one (docs/cli.md, "scan"). */
export function notAnEmailMessage(bytes: Uint8Array): string | null {
  if (bytes.length === 0) return 'the file is empty';
  const lines = headerLines(bytes);
  const first = lines[0];
  if (first === undefined || !FIELD.test(first)) {
    if (looksBinary(bytes)) return 'binary data, not text';
    if (first === undefined) return 'no header fields: it starts with an empty line';
    return 'no header fields: a message starts with lines such as "From: …" and "Subject: …"';
  }
  let fields = 0;
  let prose = 0;
  for (const line of lines) {
    // A NUL in the header block: a binary file whose first bytes happen to read "name:".
    if (line.includes('\0')) return 'binary data, not text';
    if (FIELD.test(line)) fields++;
    else if (!CONTINUATION.test(line)) prose++;
  }
  if (fields === 1 && prose > 0) return 'text, not a message: one "Name: value" line followed by lines that are not header fields';
  return null;
}
