/**
 * Reading a user's report (docs/recipients.md, "User reports"): the reporter's own message with the
 * reported original attached, either as a plain forward-as-attachment (`message/rfc822` or an `.eml`
 * file: the reporter says "phishing") or in Microsoft's report format, whose subject is
 * `SafetyAPIAction|NetworkMessageId|SenderIp|FromAddress|(Subject)` (1 junk, 2 not junk, 3 phishing).
 * Everything in a report is the reporter's claim: it is bounded and checked, never trusted further.
 */
import { simpleParser } from 'mailparser';

export type ReporterLabel = 'phishing' | 'ham' | 'junk';

export interface MicrosoftReport {
  action: 1 | 2 | 3;
  networkMessageId: string;
  senderIp: string;
  fromAddress: string;
  subject: string;
}

export interface ParsedReport {
  format: 'attachment' | 'microsoft';
  label: ReporterLabel;
  /** The report's own From address (as written; checked by the caller). */
  from: string | null;
  subject: string;
  microsoft: MicrosoftReport | null;
  /** The attached originals, byte for byte, at most `maxOriginals`. */
  originals: Buffer[];
}

const MAX_SUBJECT_CHARS = 2000;
const MAX_FIELD_CHARS = 320;
const MICROSOFT_SUBJECT = /^([123])\|([^|]*)\|([^|]*)\|([^|]*)\|\((.*)\)\s*$/s;
const MICROSOFT_LABELS: Record<string, ReporterLabel> = { '1': 'junk', '2': 'ham', '3': 'phishing' };

/** Microsoft's report subject, or null when the subject is not in that format. */
export function parseMicrosoftSubject(subject: string): MicrosoftReport | null {
  if (subject.length > MAX_SUBJECT_CHARS) return null;
  const match = MICROSOFT_SUBJECT.exec(subject.trim());
  if (!match) return null;
  const [, action, networkMessageId, senderIp, fromAddress, original] = match as unknown as [string, string, string, string, string, string];
  if ([networkMessageId, senderIp, fromAddress].some((f) => f.length > MAX_FIELD_CHARS)) return null;
  return { action: Number(action) as 1 | 2 | 3, networkMessageId: networkMessageId.trim(), senderIp: senderIp.trim(), fromAddress: fromAddress.trim(), subject: original };
}

const isOriginal = (contentType: string, filename: string | undefined): boolean =>
  contentType.toLowerCase() === 'message/rfc822' || (!!filename && /\.eml$/i.test(filename.trim()));

/** Null when the message carries no attached original (not a report phishgate can read). */
export async function parseReport(raw: Buffer, maxOriginals: number): Promise<ParsedReport | null> {
  const parsed = await simpleParser(raw, { skipHtmlToText: true, skipTextToHtml: true, skipImageLinks: true, maxHtmlLengthToParse: 1_000_000 });
  const originals = parsed.attachments
    .filter((a) => isOriginal(a.contentType, a.filename))
    .slice(0, maxOriginals)
    .map((a) => Buffer.from(a.content));
  if (!originals.length) return null;
  const subject = (parsed.subject ?? '').slice(0, MAX_SUBJECT_CHARS);
  const microsoft = parseMicrosoftSubject(subject);
  return {
    format: microsoft ? 'microsoft' : 'attachment',
    label: microsoft ? MICROSOFT_LABELS[String(microsoft.action)]! : 'phishing',
    from: parsed.from?.value[0]?.address ?? null,
    subject,
    microsoft,
    originals,
  };
}
