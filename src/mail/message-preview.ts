/**
 * What a person sees of a stored (quarantined) message before deciding to release it: headers, the text
 * part, the HTML part made inert by `renderSafeHtml`, and the attachments by name only. Shared by the
 * console and the recipients' self-service page (docs/console.md, "Safe preview").
 */
import { isAppError } from '../core/errors.js';
import type { HeaderField, MailAddress } from '../core/message.js';
import { DEFAULT_PARSE_LIMITS, parseRawMessage, type ParseLimits } from './parse-raw.js';
import { renderSafeHtml, type SafeHtml } from './safe-html.js';

export interface PreviewAttachment {
  filename: string | null;
  contentType: string;
  size: number;
}

export interface MessagePreview {
  subject: string;
  from: MailAddress | null;
  to: MailAddress[];
  cc: MailAddress[];
  replyTo: MailAddress[];
  /** Header fields in order, decoded and unfolded (at most `MAX_HEADERS`). */
  headers: HeaderField[];
  /** The text/plain part (at most `MAX_TEXT_CHARS`); escape it before display like everything else. */
  text: string;
  /** The text/html part made inert, or null when the message has none. */
  html: SafeHtml | null;
  attachments: PreviewAttachment[];
  /** What was cut or could not be read. */
  notes: string[];
}

const MAX_HEADERS = 300;
const MAX_TEXT_CHARS = 200_000;

export async function buildMessagePreview(raw: Buffer, limits: ParseLimits = DEFAULT_PARSE_LIMITS): Promise<MessagePreview> {
  const preview: MessagePreview = { subject: '', from: null, to: [], cc: [], replyTo: [], headers: [], text: '', html: null, attachments: [], notes: [] };
  let message;
  try {
    message = await parseRawMessage(raw, limits);
  } catch (error) {
    if (!isAppError(error)) throw error;
    preview.notes.push(`The message could not be read as RFC 822: ${error.message}`);
    return preview;
  }
  preview.subject = message.subject;
  preview.from = message.from;
  preview.to = message.to;
  preview.cc = message.cc;
  preview.replyTo = message.replyTo;
  preview.headers = message.headers.slice(0, MAX_HEADERS);
  if (message.headers.length > MAX_HEADERS) preview.notes.push(`Only the first ${MAX_HEADERS} of ${message.headers.length} header fields are shown`);
  preview.text = message.text.slice(0, MAX_TEXT_CHARS);
  if (message.text.length > MAX_TEXT_CHARS) preview.notes.push(`Text part cut at ${MAX_TEXT_CHARS} characters`);
  if (message.html !== null) {
    preview.html = renderSafeHtml(message.html, { maxInputChars: limits.maxHtmlChars });
    if (preview.html.truncated) preview.notes.push('HTML part cut: it is longer or more deeply nested than the preview reads');
  }
  preview.attachments = message.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, size: a.size }));
  preview.notes.push(...message.coverage);
  return preview;
}
