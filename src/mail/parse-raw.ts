import { simpleParser, type AddressObject, type EmailAddress } from 'mailparser';
import { badRequest } from '../core/errors.js';
import { emptyMessage, type MailAddress, type NormalizedMessage } from '../core/message.js';

function flattenAddresses(value: AddressObject | AddressObject[] | undefined): MailAddress[] {
  if (!value) return [];
  const groups = Array.isArray(value) ? value : [value];
  const out: MailAddress[] = [];
  const visit = (entry: EmailAddress): void => {
    if (entry.group) entry.group.forEach(visit);
    else out.push({ name: entry.name ?? '', address: (entry.address ?? '').trim() });
  };
  for (const group of groups) group.value.forEach(visit);
  return out;
}

/**
 * Raw RFC 822 bytes → normalised message. Rejects input that is not a message at all
 * (contract §4: "a message with neither headers nor body: 400").
 */
export async function parseRawMessage(raw: Buffer): Promise<NormalizedMessage> {
  if (raw.length === 0) throw badRequest('raw_email is empty');
  const parsed = await simpleParser(raw, {
    skipHtmlToText: true,
    skipTextToHtml: true,
    skipTextLinks: true,
    skipImageLinks: true,
  });
  const message = emptyMessage();
  for (const line of parsed.headerLines) {
    const colon = line.line.indexOf(':');
    if (colon <= 0) continue;
    message.headers.push({ name: line.line.slice(0, colon).trim(), value: line.line.slice(colon + 1).replace(/\r?\n[ \t]+/g, ' ').trim() });
  }
  message.subject = parsed.subject ?? '';
  message.from = flattenAddresses(parsed.from)[0] ?? null;
  message.to = flattenAddresses(parsed.to);
  message.cc = flattenAddresses(parsed.cc);
  message.replyTo = flattenAddresses(parsed.replyTo);
  const returnPath = parsed.headers.get('return-path');
  message.returnPath = typeof returnPath === 'object' && returnPath && 'value' in returnPath ? flattenAddresses(returnPath as AddressObject)[0]?.address ?? null : null;
  message.text = parsed.text ?? '';
  message.html = typeof parsed.html === 'string' ? parsed.html : null;
  message.attachments = parsed.attachments.map((a) => ({ filename: a.filename ?? null, contentType: a.contentType, size: a.size }));
  const hasBody = message.text.trim() !== '' || message.html !== null || message.attachments.length > 0;
  if (message.headers.length === 0 && !hasBody) throw badRequest('raw_email is not an RFC 822 message (no headers and no body)');
  if (message.headers.length === 0) throw badRequest('raw_email has no header fields; expected an RFC 822 message');
  return message;
}
