import type { MailAddress, NormalizedMessage } from '../core/message.js';

/** Longest subject, sender or recipient text kept with an analysis (RFC 5322's line limit). */
const SUMMARY_MAX = 998;

export const summary = (value: string): string => (value.length > SUMMARY_MAX ? value.slice(0, SUMMARY_MAX) : value);

/** RFC 5322 specials: a display name holding one of them is written as a quoted string. */
const SPECIALS = /[()<>[\]:;@\\,."]/;

/**
 * `Name <addr>` as the message showed it, so a stored analysis keeps the display name an impostor chose
 * ("PayPal <x@evil.example>"); control characters become spaces. Just the address when there is no name.
 */
export function displayAddress(from: MailAddress | null | undefined): string {
  if (!from) return '';
  const name = from.name.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
  if (!name || name === from.address) return from.address;
  const quoted = SPECIALS.test(name) ? `"${name.replace(/(["\\])/g, '\\$1')}"` : name;
  return from.address ? `${quoted} <${from.address}>` : quoted;
}

/** The message's recipients: its To addresses, else the envelope's. */
export const recipientList = (message: NormalizedMessage): string[] =>
  (message.to.length ? message.to.map((a) => a.address) : (message.envelope?.rcptTo ?? [])).filter(Boolean);

/** The subject, sender and recipients stored beside an analysis (GET /v1/analyses/:id). */
export function messageSummary(message: NormalizedMessage): { subject: string; from: string; to: string } {
  return { subject: summary(message.subject), from: summary(displayAddress(message.from)), to: summary(recipientList(message).join(', ')) };
}
