/**
 * The header block of a message forwarded inline ("---------- Forwarded message ---------", Outlook's
 * "From: … Sent: … To: … Subject: …", and their translations), read from the visible body text so the
 * engine can judge what was forwarded (docs/detection.md "Forwarded mail"). Work is bounded: only the
 * first lines of the body are read, one line at a time, with patterns anchored at the line start.
 */
import type { MailAddress } from '../core/message.js';
import { parseAddress } from './addresses.js';

/** Lines of the body read at most, and characters of it: a forwarded header sits at the top. */
const MAX_LINES = 60;
const MAX_CHARS = 6000;
/** Lines between the sender line and the subject line at most (Sent, To, Cc, Date, Importance). */
const MAX_BLOCK_LINES = 8;
/** Visible characters the forwarder may write above the block for the mail to count as a plain forward ("FYI, see below"). */
export const MAX_OWN_TEXT_CHARS = 300;

const FROM_LINE = /^[\s>*_]*(?:from|de|von|da|van|fr[åa]n|fra|od|expéditeur|remitente|afzender)\s*:(.*)$/i;
const SUBJECT_LINE = /^[\s>*_]*(?:subject|assunto|betreff|objet|asunto|oggetto|onderwerp|[äa]mne|emne|temat)\s*:(.*)$/i;
/** A date or recipient line: with a sender and a subject line, it makes the block a mail header, not prose. */
const OTHER_HEADER_LINE = /^[\s>*_]*(?:sent|date|enviado|gesendet|datum|envoy[ée]|fecha|data|inviato|verzonden|skickat|sendt|to|para|an|à|a|aan|till|til|cc)\s*:/i;
/** Divider lines forwarders' mail programs write: only rules, or the words "forwarded/original message". */
const DIVIDER_LINE = /^[\s\-_=*>]*$|forwarded message|original message|message transf[ée]r[ée]|weitergeleitete nachricht|urspr[üu]ngliche nachricht|mensaje reenviado|mensaje original|messaggio inoltrato|messaggio originale|doorgestuurd bericht|oorspronkelijk bericht|mensagem encaminhada|mensagem original/i;

export interface InlineForward {
  /** The forwarded message's sender as written in the block (unverifiable: the forwarder typed or pasted it). */
  from: MailAddress;
  subject: string;
  /** The body below the block. */
  body: string;
}

/** Outlook's "Jane Roe [mailto:jane@x.org]" → "Jane Roe <jane@x.org>" (found with indexOf: linear). */
function mailtoAsAngle(value: string): string {
  const start = value.toLowerCase().indexOf('[mailto:');
  const end = start < 0 ? -1 : value.indexOf(']', start);
  return end < 0 ? value : `${value.slice(0, start)}<${value.slice(start + 8, end).trim()}>${value.slice(end + 1)}`;
}

/** "Jane <jane@x.org>", "Jane [mailto:jane@x.org]", "jane@x.org", "\"Jane\" <jane@x.org>" → an address. */
function senderOf(value: string): MailAddress | null {
  if (value.length > 400) return null;
  const cleaned = mailtoAsAngle(value).replace(/\*/g, '').trim();
  if (!cleaned) return null;
  const address = parseAddress(cleaned);
  return address && address.address.includes('@') ? address : null;
}

/**
 * The forwarded message when `bodyText` starts, after at most MAX_OWN_TEXT_CHARS of the forwarder's own
 * words and divider lines, with a forwarded header block (a sender line, a date or recipient line, a
 * subject line); otherwise null. The caller decides whether the mail is a forward at all (its subject).
 */
export function findInlineForward(bodyText: string): InlineForward | null {
  const head = bodyText.slice(0, MAX_CHARS);
  const lines = head.split('\n', MAX_LINES);
  let ownText = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const from = FROM_LINE.exec(line);
    if (from) {
      const block = readBlock(lines, i, from[1]!);
      if (block) return { ...block, body: bodyText.slice(offsetOfLine(lines, block.endLine)) };
    }
    if (!DIVIDER_LINE.test(line)) ownText += line.replace(/\s+/g, '').length;
    if (ownText > MAX_OWN_TEXT_CHARS) return null;
  }
  return null;
}

function readBlock(lines: readonly string[], start: number, fromValue: string): { from: MailAddress; subject: string; endLine: number } | null {
  const from = senderOf(fromValue);
  if (!from) return null;
  let other = false;
  for (let j = start + 1; j < Math.min(lines.length, start + 1 + MAX_BLOCK_LINES); j++) {
    const line = lines[j]!;
    const subject = SUBJECT_LINE.exec(line);
    if (subject) return other ? { from, subject: subject[1]!.trim().slice(0, 998), endLine: j + 1 } : null;
    if (OTHER_HEADER_LINE.test(line)) other = true;
  }
  return null;
}

function offsetOfLine(lines: readonly string[], line: number): number {
  let offset = 0;
  for (let i = 0; i < line && i < lines.length; i++) offset += lines[i]!.length + 1;
  return offset;
}
