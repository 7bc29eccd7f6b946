/**
 * A linear pre-pass over the raw bytes that makes a hostile message cheap before mailparser sees it
 * (docs/detection.md "Input": caps on size, parts, nesting depth and header count). It only follows the MIME
 * structure (header blocks, boundaries, message/rfc822 bodies); it never decodes anything. What it cuts
 * is reported as coverage notes, and the cut message is still a valid input for mailparser (unterminated
 * multiparts are normal MIME damage that mailparser tolerates).
 */

export interface RawLimits {
  maxBytes: number;
  maxParts: number;
  maxDepth: number;
  /** Header fields kept per header block (top level and each part). */
  maxHeaders: number;
}

export interface LimitedRaw {
  raw: Buffer;
  coverage: string[];
  /** MIME header blocks seen (the top level counts as one). */
  parts: number;
}

/** One header field longer than this is cut: mailsplit refuses heads over 1 MiB outright. */
const MAX_FIELD_BYTES = 64 * 1024;
/** Total bytes kept of one header block (stays well under mailsplit's 1 MiB head limit). */
const MAX_HEAD_BYTES = 512 * 1024;
/** Boundaries longer than RFC 2046's 70 characters are still honoured up to this length. */
const MAX_BOUNDARY_LENGTH = 200;

const LF = 0x0a;
const DASH = 0x2d;

interface Frame {
  boundary: Buffer;
  depth: number;
}

interface HeadResult {
  /** Offset of the first body byte. */
  bodyStart: number;
  /** Rewritten head when fields were dropped or cut; null when unchanged. */
  rewritten: Buffer | null;
  boundary: Buffer | null;
  isMessage: boolean;
  droppedFields: number;
  cutFields: number;
}

function lineEnd(raw: Buffer, pos: number): number {
  const end = raw.indexOf(LF, pos);
  return end < 0 ? raw.length : end + 1;
}

function isBlank(raw: Buffer, start: number, end: number): boolean {
  for (let i = start; i < end; i++) {
    const c = raw[i];
    if (c !== LF && c !== 0x0d) return false;
  }
  return true;
}

const BOUNDARY = /boundary\s*=\s*(?:"([^"]{1,200})"|([^\s;"]{1,200}))/i;

function contentTypeOf(field: Buffer): { boundary: Buffer | null; isMessage: boolean } | null {
  const colon = field.indexOf(0x3a);
  if (colon < 0 || colon > 40) return null;
  const name = field.subarray(0, colon).toString('latin1').trim().toLowerCase();
  if (name !== 'content-type') return null;
  const value = field.subarray(colon + 1, colon + 1 + 4096).toString('latin1').replace(/\r?\n[ \t]+/g, ' ').trim().toLowerCase();
  if (value.startsWith('message/rfc822') || value.startsWith('message/global')) return { boundary: null, isMessage: true };
  if (!value.startsWith('multipart/')) return { boundary: null, isMessage: false };
  const match = BOUNDARY.exec(field.subarray(colon + 1, colon + 1 + 4096).toString('latin1').replace(/\r?\n[ \t]+/g, ' '));
  const boundary = (match?.[1] ?? match?.[2] ?? '').trim();
  return { boundary: boundary ? Buffer.from(`--${boundary.slice(0, MAX_BOUNDARY_LENGTH)}`, 'latin1') : null, isMessage: false };
}

/** Reads one header block starting at `pos`, capping its fields; finds its multipart boundary. */
function readHead(raw: Buffer, pos: number, maxHeaders: number): HeadResult {
  const fields: Array<[number, number]> = [];
  let cursor = pos;
  while (cursor < raw.length) {
    const end = lineEnd(raw, cursor);
    if (isBlank(raw, cursor, end)) {
      cursor = end;
      break;
    }
    const first = raw[cursor];
    const last = fields[fields.length - 1];
    if ((first === 0x20 || first === 0x09) && last) last[1] = end;
    else fields.push([cursor, end]);
    cursor = end;
  }
  let boundary: Buffer | null = null;
  let isMessage = false;
  let droppedFields = 0;
  let cutFields = 0;
  let headBytes = 0;
  const kept: Buffer[] = [];
  for (const [start, end] of fields) {
    let field = raw.subarray(start, end);
    if (kept.length >= maxHeaders || headBytes >= MAX_HEAD_BYTES) {
      droppedFields++;
      continue;
    }
    if (field.length > MAX_FIELD_BYTES) {
      field = Buffer.concat([field.subarray(0, MAX_FIELD_BYTES), Buffer.from('\n')]);
      cutFields++;
    }
    headBytes += field.length;
    kept.push(field);
    const type = contentTypeOf(field);
    if (type && !boundary && !isMessage) ({ boundary, isMessage } = type);
  }
  const changed = droppedFields > 0 || cutFields > 0;
  return { bodyStart: cursor, rewritten: changed ? Buffer.concat([...kept, Buffer.from('\n')]) : null, boundary, isMessage, droppedFields, cutFields };
}

/** Applies `limits` to a raw message; returns the original buffer when nothing had to change. */
export function limitRawMessage(input: Buffer, limits: RawLimits): LimitedRaw {
  const coverage: string[] = [];
  let raw = input;
  if (raw.length > limits.maxBytes) {
    const cut = raw.lastIndexOf(LF, limits.maxBytes - 1);
    raw = raw.subarray(0, cut > 0 ? cut + 1 : limits.maxBytes);
    coverage.push(`message truncated at ${limits.maxBytes} bytes (of ${input.length})`);
  }
  const out: Buffer[] = [];
  let copiedUpTo = 0;
  let parts = 0;
  let droppedFields = 0;
  let cutFields = 0;
  let cutAt = -1;
  let cutWhy = '';
  const stack: Frame[] = [];

  /** Handles the head at `pos` (a new MIME node at `depth`); returns where its body starts. */
  const enterNode = (pos: number, depth: number): number => {
    parts++;
    let head = readHead(raw, pos, limits.maxHeaders);
    droppedFields += head.droppedFields;
    cutFields += head.cutFields;
    if (head.rewritten) {
      out.push(raw.subarray(copiedUpTo, pos), head.rewritten);
      copiedUpTo = head.bodyStart;
    }
    // message/rfc822: the body is itself a message whose head follows at once, one level deeper.
    while (head.isMessage) {
      if (depth + 1 > limits.maxDepth || parts + 1 > limits.maxParts) {
        cutAt = head.bodyStart;
        cutWhy = depth + 1 > limits.maxDepth ? `messages nested deeper than ${limits.maxDepth} levels not analysed` : `MIME parts beyond ${limits.maxParts} not analysed`;
        return raw.length;
      }
      depth++;
      parts++;
      const inner = readHead(raw, head.bodyStart, limits.maxHeaders);
      droppedFields += inner.droppedFields;
      cutFields += inner.cutFields;
      if (inner.rewritten) {
        out.push(raw.subarray(copiedUpTo, head.bodyStart), inner.rewritten);
        copiedUpTo = inner.bodyStart;
      }
      head = inner;
    }
    if (head.boundary) stack.push({ boundary: head.boundary, depth: depth + 1 });
    return head.bodyStart;
  };

  let pos = enterNode(0, 0);
  while (pos < raw.length && stack.length > 0 && cutAt < 0) {
    const end = lineEnd(raw, pos);
    if (raw[pos] === DASH && raw[pos + 1] === DASH) {
      const level = findBoundary(raw, pos, end, stack);
      if (level >= 0) {
        const frame = stack[level]!;
        const after = pos + frame.boundary.length;
        const closing = raw[after] === DASH && raw[after + 1] === DASH;
        stack.length = closing ? level : level + 1;
        if (!closing) {
          if (parts + 1 > limits.maxParts) {
            cutAt = pos;
            cutWhy = `MIME parts beyond ${limits.maxParts} not analysed`;
            break;
          }
          if (frame.depth > limits.maxDepth) {
            cutAt = pos;
            cutWhy = `MIME parts nested deeper than ${limits.maxDepth} levels not analysed`;
            break;
          }
          pos = enterNode(end, frame.depth);
          if (cutAt >= 0) break;
          continue;
        }
      }
    }
    pos = end;
  }

  if (droppedFields > 0) coverage.push(`${droppedFields} header fields beyond the limit of ${limits.maxHeaders} per part (or ${MAX_HEAD_BYTES} bytes) ignored`);
  if (cutFields > 0) coverage.push(`${cutFields} header fields longer than ${MAX_FIELD_BYTES} bytes cut`);
  if (cutAt >= 0) coverage.push(cutWhy);
  const stop = cutAt >= 0 ? cutAt : raw.length;
  if (out.length === 0 && stop === raw.length) return { raw, coverage, parts };
  out.push(raw.subarray(copiedUpTo, stop));
  return { raw: Buffer.concat(out), coverage, parts };
}

/** Index in `stack` of the innermost boundary this line opens or closes, or -1. */
function findBoundary(raw: Buffer, start: number, end: number, stack: Frame[]): number {
  for (let level = stack.length - 1; level >= 0; level--) {
    const boundary = stack[level]!.boundary;
    if (end - start < boundary.length) continue;
    if (raw.compare(boundary, 0, boundary.length, start, start + boundary.length) !== 0) continue;
    const next = raw[start + boundary.length];
    // The boundary must be followed by "--", whitespace or the line end (RFC 2046 §5.1.1).
    if (next === undefined || next === DASH || next === LF || next === 0x0d || next === 0x20 || next === 0x09) return level;
  }
  return -1;
}
