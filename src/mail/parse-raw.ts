import { MailParser, type AddressObject, type AttachmentStream, type EmailAddress, type HeaderValue, type MessageText } from 'mailparser';
import type { Readable } from 'node:stream';
import { badRequest } from '../core/errors.js';
import { emptyMessage, type AttachmentInfo, type MailAddress, type NormalizedMessage } from '../core/message.js';
import { magicKind, peekAttachment, wantsBody } from './attachment-peek.js';
import { limitRawMessage } from './mime-limits.js';
import { installLinearQuotedPrintable } from './quoted-printable.js';

/** Caps that bound what one message can cost (config `engine.limits`). */
export interface ParseLimits {
  maxMessageBytes: number;
  maxParts: number;
  maxDepth: number;
  maxHeaders: number;
  maxHtmlChars: number;
  maxTextChars: number;
}

export const DEFAULT_PARSE_LIMITS: ParseLimits = {
  maxMessageBytes: 10 * 1024 * 1024,
  maxParts: 200,
  maxDepth: 20,
  maxHeaders: 1000,
  maxHtmlChars: 1_000_000,
  maxTextChars: 500_000,
};

/** Bytes kept from the start and the end of archives and Office files, to read their directories. */
const ARCHIVE_HEAD_BYTES = 256 * 1024;
const ARCHIVE_TAIL_BYTES = 64 * 1024;
const HEAD_BYTES = 64;
/** Total bytes of attachment content kept per message, whatever the number of attachments. */
const PEEK_BUDGET_BYTES = 2 * 1024 * 1024;

function flattenAddresses(value: HeaderValue | AddressObject | AddressObject[] | undefined): MailAddress[] {
  if (!value || typeof value !== 'object' || value instanceof Date) return [];
  const groups = (Array.isArray(value) ? value : [value]).filter((g): g is AddressObject => typeof g === 'object' && g !== null && 'value' in g && Array.isArray((g as AddressObject).value));
  const out: MailAddress[] = [];
  const visit = (entry: EmailAddress, depth: number): void => {
    if (entry.group) {
      if (depth < 4) entry.group.forEach((e) => visit(e, depth + 1));
    } else out.push({ name: (entry.name ?? '').trim(), address: normaliseAddress(entry.address ?? '') });
  };
  for (const group of groups) group.value.forEach((e) => visit(e, 0));
  return out;
}

/**
 * The sender as a mail program shows it. `From: "Brand", _ <x@lure.example>` lists a bare phrase before the
 * mailbox: programs show "Brand" as the sender, and the address is the first member that has one. Reading
 * only the first member would leave the analysis without a sender address (docs/detection.md, FROM_DISPLAY_FRAGMENT).
 */
function shownSender(members: MailAddress[]): MailAddress | null {
  const first = members[0];
  if (!first || first.address.includes('@')) return first ?? null;
  const mailbox = members.findIndex((m) => m.address.includes('@'));
  if (mailbox < 0) return first;
  const shown = members.slice(0, mailbox + 1).map((m) => (m.address.includes('@') ? m.name : m.name || m.address)).filter((n) => n && n !== '_');
  return { name: shown.join(', ').slice(0, 300), address: members[mailbox]!.address };
}

/** Lower-cases the domain part only: local parts are case-sensitive in principle (RFC 5321 §2.4). */
function normaliseAddress(address: string): string {
  const trimmed = address.trim();
  const at = trimmed.lastIndexOf('@');
  return at < 0 ? trimmed : `${trimmed.slice(0, at)}@${trimmed.slice(at + 1).toLowerCase()}`;
}

interface AttachmentState {
  info: AttachmentInfo;
  head: Buffer[];
  headLength: number;
  tail: Buffer | null;
}

/** Reads an attachment stream keeping only a bounded head (and tail for archives); never buffers it all. */
function consumeAttachment(attachment: AttachmentStream, budget: { left: number }): Promise<AttachmentInfo> {
  const state: AttachmentState = {
    info: { filename: attachment.filename ?? null, contentType: attachment.contentType, size: 0 },
    head: [],
    headLength: 0,
    tail: null,
  };
  let limit = HEAD_BYTES;
  let decided = false;
  const stream = attachment.content as Readable;
  return new Promise((resolve) => {
    const keepHead = (chunk: Buffer): Buffer => {
      const take = chunk.subarray(0, Math.max(0, Math.min(chunk.length, limit - state.headLength, budget.left)));
      budget.left -= take.length;
      state.head.push(take);
      state.headLength += take.length;
      return chunk.subarray(take.length);
    };
    stream.on('data', (chunk: Buffer) => {
      state.info.size += chunk.length;
      let rest = chunk;
      if (state.headLength < limit) {
        rest = keepHead(rest);
        if (!decided && state.headLength >= 8) {
          decided = true;
          // The rest of this chunk belongs to the larger head too: a small attachment arrives in one chunk.
          if (wantsBody(magicKind(Buffer.concat(state.head)))) {
            limit = ARCHIVE_HEAD_BYTES;
            rest = keepHead(rest);
          }
        }
      }
      if (rest.length > 0 && limit === ARCHIVE_HEAD_BYTES && budget.left > 0) {
        // Rolling tail: the ZIP central directory sits at the end.
        const joined = state.tail ? Buffer.concat([state.tail, rest]) : rest;
        const keep = Math.min(ARCHIVE_TAIL_BYTES, budget.left);
        state.tail = Buffer.from(joined.subarray(Math.max(0, joined.length - keep)));
      }
    });
    const finish = (): void => {
      const head = Buffer.concat(state.head);
      const peek = peekAttachment(head, state.tail);
      if (state.tail) budget.left -= state.tail.length;
      state.info.head = new Uint8Array(head.subarray(0, HEAD_BYTES));
      if (peek.innerNames.length) state.info.innerNames = peek.innerNames;
      if (peek.links.length) state.info.links = peek.links;
      if (peek.encrypted) state.info.encrypted = true;
      if (peek.hasMacros) state.info.hasMacros = true;
      attachment.release();
      resolve(state.info);
    };
    stream.once('end', finish);
    stream.once('error', finish);
  });
}

/**
 * Header fields whose decoded value is read: here (the root's subject and addresses) and by mailparser
 * itself (an attachment's Content-ID; From, Subject, Date, To, Cc and Bcc of an attached message, which it
 * writes into the text). mailparser decodes every field of every part otherwise (Received, DKIM-Signature,
 * ARC-*…), a fifth of its time on modern mail; the raw lines (`headerLines`) still hold every field.
 */
const DECODED_HEADERS = new Set(['subject', 'from', 'to', 'cc', 'bcc', 'sender', 'reply-to', 'return-path', 'date', 'content-id']);
type HeaderLine = { key: string; line: string };

class LeanMailParser extends MailParser {
  processHeaders(lines: HeaderLine[] | undefined): Map<string, HeaderValue> {
    return (MailParser.prototype as unknown as { processHeaders(l: HeaderLine[]): Map<string, HeaderValue> }).processHeaders.call(this, (lines ?? []).filter((l) => DECODED_HEADERS.has(l.key)));
  }

  /**
   * mailparser 3.9's endStream, except that a last part's decoder that has already ended is not ended
   * again: Node builds an ERR_STREAM_ALREADY_FINISHED error for that (stack trace included) and drops
   * it, on most messages (under 1 % of parse and analysis in a CPU profile of train-extra).
   */
  endStream(): void {
    const self = this as unknown as { finished: boolean; curnode?: { decoder?: { end(): void; writableEnded?: boolean } }; waitingEnd?: unknown };
    self.finished = true;
    const decoder = self.curnode?.decoder;
    if (decoder && !decoder.writableEnded) decoder.end();
    if (typeof self.waitingEnd === 'function') (self.waitingEnd as () => void)();
  }
}

function clip(text: string, max: number, what: string, coverage: string[]): string {
  if (text.length <= max) return text;
  coverage.push(`${what} truncated at ${max} characters (of ${text.length})`);
  return text.slice(0, max);
}

/**
 * Raw RFC 822 bytes → normalised message, through mailparser's streaming parser so that attachment
 * bodies are only peeked at, never kept. A linear pre-pass (`limitRawMessage`) first applies the size,
 * part, depth and header caps. Rejects input that is not a message at all (docs/api.md: "a message with
 * neither headers nor body: 400").
 */
export async function parseRawMessage(raw: Buffer, limits: ParseLimits = DEFAULT_PARSE_LIMITS): Promise<NormalizedMessage> {
  if (raw.length === 0) throw badRequest('raw_email is empty');
  installLinearQuotedPrintable();
  const limited = limitRawMessage(raw, {
    maxBytes: limits.maxMessageBytes,
    maxParts: limits.maxParts,
    maxDepth: limits.maxDepth,
    maxHeaders: limits.maxHeaders,
  });
  const message = emptyMessage();
  message.coverage.push(...limited.coverage);

  const parser = new LeanMailParser({ skipHtmlToText: true, skipTextToHtml: true, skipTextLinks: true, skipImageLinks: true });
  let headers: Map<string, HeaderValue> = new Map();
  let headerLines: Array<{ key: string; line: string }> = [];
  let body: MessageText | null = null;
  const pending: Array<Promise<AttachmentInfo>> = [];
  const budget = { left: PEEK_BUDGET_BYTES };

  await new Promise<void>((resolve, reject) => {
    parser.on('headers', (h: Map<string, HeaderValue>) => {
      headers = h;
    });
    parser.on('headerLines', (lines: Array<{ key: string; line: string }>) => {
      headerLines = lines;
    });
    parser.on('data', (data: AttachmentStream | MessageText) => {
      if (data.type === 'attachment') pending.push(consumeAttachment(data, budget));
      else body = data;
    });
    parser.once('end', () => resolve());
    parser.once('error', (error: Error) => reject(error));
    parser.end(limited.raw);
  }).catch((error: unknown) => {
    // mailparser gives up on some damaged input; whatever was read so far is still analysed.
    message.coverage.push(`MIME parsing stopped early: ${(error as Error).message}`);
  });
  message.attachments = await Promise.all(pending);

  for (const line of headerLines.slice(0, limits.maxHeaders)) {
    const colon = line.line.indexOf(':');
    if (colon <= 0) continue;
    message.headers.push({ name: line.line.slice(0, colon).trim(), value: line.line.slice(colon + 1).replace(/\r?\n[ \t]+/g, ' ').trim() });
  }
  const subject = headers.get('subject');
  message.subject = typeof subject === 'string' ? subject : '';
  message.from = shownSender(flattenAddresses(headers.get('from')));
  message.to = flattenAddresses(headers.get('to'));
  message.cc = flattenAddresses(headers.get('cc'));
  message.replyTo = flattenAddresses(headers.get('reply-to'));
  message.sender = flattenAddresses(headers.get('sender'))[0] ?? null;
  message.returnPath = flattenAddresses(headers.get('return-path'))[0]?.address || null;

  const text = (body as MessageText | null)?.text;
  const html = (body as MessageText | null)?.html;
  message.text = clip(typeof text === 'string' ? text : '', limits.maxTextChars, 'text body', message.coverage);
  message.html = typeof html === 'string' ? clip(html, limits.maxHtmlChars, 'HTML body', message.coverage) : null;

  const hasBody = message.text.trim() !== '' || message.html !== null || message.attachments.length > 0;
  if (message.headers.length === 0 && !hasBody) throw badRequest('raw_email is not an RFC 822 message (no headers and no body)');
  if (message.headers.length === 0) throw badRequest('raw_email has no header fields; expected an RFC 822 message');
  return message;
}
