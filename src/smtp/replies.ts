/**
 * SMTP replies of the content filter (docs/gateway.md). smtp-server sends `err.responseCode` and
 * `err.message`; enhanced status codes are written into the text here (the server's own automatic
 * mapping is switched off, since it would call a policy reject 5.1.1 "mailbox unavailable").
 */

export class SmtpReply extends Error {
  readonly responseCode: number;
  readonly enhanced: string;

  constructor(code: number, enhanced: string, text: string) {
    super(`${enhanced} ${oneLine(text)}`);
    this.name = 'SmtpReply';
    this.responseCode = code;
    this.enhanced = enhanced;
  }

  get temporary(): boolean {
    return this.responseCode < 500;
  }
}

const MAX_TEXT = 400;

/** Reply text must be one line of printable ASCII and short; next-hop replies are quoted through this. */
export function oneLine(text: string): string {
  const flat = text.replace(/[^\x20-\x7e]+/g, ' ').replace(/\s+/g, ' ').trim();
  return flat.length > MAX_TEXT ? `${flat.slice(0, MAX_TEXT - 3)}...` : flat;
}

/** Anything that is not phishgate's decision: the MTA keeps the message and retries (docs/gateway.md). */
export const temporaryFailure = (text: string): SmtpReply => new SmtpReply(451, '4.3.0', text);

export const shuttingDown = (): SmtpReply => new SmtpReply(421, '4.3.2', 'phishgate is shutting down, try again later');

/** `250 2.0.0 …` text for a DATA that was relayed or quarantined. */
export const accepted = (text: string): string => `2.0.0 ${oneLine(text)}`;

/** Splits an SMTP reply line such as `550 5.1.1 <x@y>: Recipient address rejected` into its parts. */
export function parseReply(line: string): { code: number; enhanced: string | null; text: string } | null {
  const match = /^([2-5]\d\d)[ -]?(?:([245]\.\d{1,3}\.\d{1,3})\s+)?(.*)$/s.exec(line.trim());
  if (!match) return null;
  return { code: Number(match[1]), enhanced: match[2] ?? null, text: match[3] ?? '' };
}
