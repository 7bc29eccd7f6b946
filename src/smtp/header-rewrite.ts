/**
 * Rewrites only the header section of a message (docs/gateway.md "tag"): phishgate's own headers go on
 * top, any `X-Phishgate-*` field that arrived from outside is removed with its folded lines, the
 * Subject line is replaced when the gateway tagged it, and every other byte stays as it was,
 * line endings included. Works on bytes (latin1 view: one char per byte), never decodes anything.
 */
import { isForgedHeader } from '../services/gateway/forged-headers.js';
import type { HeaderToAdd } from '../core/gateway.js';

export interface HeaderEdits {
  addHeaders: HeaderToAdd[];
  /** Replacement Subject value (already RFC 2047-safe), or null to leave the Subject alone. */
  newSubject: string | null;
  /** Our authserv-id: incoming Authentication-Results carrying it are forged and removed (auth.authserv_id). */
  ownAuthservId?: string | null;
}

/** RFC 5322 §2.1.1: a line is at most 998 octets before its CRLF. */
const MAX_LINE = 998;

/**
 * Offset of the empty line that ends the header section (so `bytes[0, offset)` are the header
 * fields with their line ends), or -1 when `bytes` holds no empty line. Scanning resumes at `from`.
 */
export function findHeaderEnd(bytes: Buffer, from = 0): number {
  for (let i = from; i < bytes.length; i++) {
    const lineStart = i === 0 || bytes[i - 1] === 0x0a;
    if (!lineStart) {
      const next = bytes.indexOf(0x0a, i);
      if (next < 0) return -1;
      i = next; // the loop's i++ lands on the next line's first byte
      continue;
    }
    if (bytes[i] === 0x0a) return i;
    if (bytes[i] === 0x0d && bytes[i + 1] === 0x0a) return i;
    if (bytes[i] === 0x0d && i + 1 === bytes.length) return -1; // CR may be followed by LF in the next chunk
  }
  return -1;
}

interface Field {
  /** Lower-cased name, or null for a line that is not a header field. */
  name: string | null;
  text: string;
}

function splitFields(head: string): Field[] {
  const lines = head.match(/[^\n]*\n|[^\n]+$/g) ?? [];
  const fields: Field[] = [];
  for (const line of lines) {
    const last = fields[fields.length - 1];
    if (last && /^[ \t]/.test(line)) {
      last.text += line;
      continue;
    }
    const colon = line.indexOf(':');
    fields.push({ name: colon > 0 ? line.slice(0, colon).trim().toLowerCase() : null, text: line });
  }
  return fields;
}

const lineEndOf = (text: string): string => (text.endsWith('\r\n') ? '\r\n' : text.endsWith('\n') ? '\n' : '');

/**
 * Folds a long header line (latin1 view, one char per byte) at spaces so no line exceeds 998 octets;
 * a single longer word stays whole.
 */
export function foldLine(line: string, eol: string): string {
  if (line.length <= MAX_LINE) return line;
  const words = line.split(' ');
  const out: string[] = [];
  let current = words.shift() ?? '';
  for (const word of words) {
    if (current.length + 1 + word.length > MAX_LINE) {
      out.push(current);
      current = ` ${word}`;
    } else {
      current += ` ${word}`;
    }
  }
  out.push(current);
  return out.join(eol);
}

/** UTF-8 text → the latin1 view used here, so it becomes the same bytes when written out. */
const asBytes = (text: string): string => Buffer.from(text, 'utf8').toString('latin1');

/**
 * `head` is the header section up to (not including) the empty line; returns the rewritten section.
 * New lines use the line ending the message itself uses (CRLF unless its first line ends in bare LF).
 */
export function rewriteHeaderSection(head: Buffer, edits: HeaderEdits): Buffer {
  const fields = splitFields(head.toString('latin1'));
  const firstLine = /^[^\n]*\n/.exec(head.toString('latin1'))?.[0];
  const eol = firstLine && !firstLine.endsWith('\r\n') ? '\n' : '\r\n';
  const added = edits.addHeaders.map((h) => `${foldLine(`${h.name}: ${asBytes(h.value)}`, eol)}${eol}`);
  let subjectDone = edits.newSubject === null;
  const kept: string[] = [];
  for (const field of fields) {
    if (field.name && isForgedHeader(field.name, field.text.slice(field.text.indexOf(':') + 1), edits.ownAuthservId)) continue;
    if (!subjectDone && field.name === 'subject') {
      subjectDone = true;
      kept.push(`${foldLine(`Subject: ${asBytes(edits.newSubject!)}`, eol)}${lineEndOf(field.text)}`);
      continue;
    }
    kept.push(field.text);
  }
  if (!subjectDone) added.push(`${foldLine(`Subject: ${asBytes(edits.newSubject!)}`, eol)}${eol}`);
  return Buffer.from(added.join('') + kept.join(''), 'latin1');
}
