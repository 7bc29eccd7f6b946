/**
 * The one normalised message every door produces and the engine consumes (architecture: "one engine,
 * three doors"). The REST API builds it from JSON fields or from `raw_email`; the SMTP door, the milter
 * and `phishgate scan` build it from raw bytes. Nothing here knows where it came from except `source`.
 */
import type { AuthOutcome, AuthenticationFacts } from './authentication.js';

export type Source = 'api' | 'smtp' | 'milter' | 'scan';

export interface MailAddress {
  /** Display name as decoded (may be empty). */
  name: string;
  /** Address as written, lower-cased domain part; empty when the header had no parseable address. */
  address: string;
}

export interface HeaderField {
  /** Header name as written (case preserved). */
  name: string;
  /** Decoded, unfolded value. */
  value: string;
}

export interface AttachmentInfo {
  filename: string | null;
  contentType: string;
  size: number;
  /** Names of files inside an archive attachment, when the engine could read its directory. */
  innerNames?: string[];
  /** Web links of a PDF attachment's link annotations, when the engine could read them. */
  links?: string[];
  /** True when an archive announces encryption (password-protected). */
  encrypted?: boolean;
  /** True for Office documents carrying VBA macros (as far as can be seen offline). */
  hasMacros?: boolean;
  /** First bytes of the content, for magic-number checks (at most 64). */
  head?: Uint8Array;
}

/** What the SMTP session (or milter macros) told us about the transport, when there was one. */
export interface Envelope {
  mailFrom: string | null;
  rcptTo: string[];
  clientAddress?: string;
  clientHelo?: string;
}

export type { AuthOutcome } from './authentication.js';

/** Sender-authentication results the caller supplied directly (the API's `headers` object). */
export interface AuthHints {
  spf?: AuthOutcome;
  dkim?: AuthOutcome;
  dmarc?: AuthOutcome;
}

export interface NormalizedMessage {
  subject: string;
  from: MailAddress | null;
  to: MailAddress[];
  cc: MailAddress[];
  replyTo: MailAddress[];
  sender: MailAddress | null;
  /** Return-Path header or envelope sender, without angle brackets. */
  returnPath: string | null;
  /** Every header field in order; empty for messages built from API fields without `headers`. */
  headers: HeaderField[];
  /** Decoded text/plain body (may be empty). */
  text: string;
  /** Decoded text/html body, or null. */
  html: string | null;
  /** URLs the caller listed explicitly (API `urls`); the engine also extracts its own. */
  urls: string[];
  attachments: AttachmentInfo[];
  envelope: Envelope | null;
  authHints: AuthHints;
  /**
   * Sender authentication with provenance, set by the authentication service before analysis (never by a
   * parser: a message cannot vouch for itself). Kept on the message so queued analyses keep it.
   */
  authentication?: AuthenticationFacts;
  /** Notes from parsing about what was skipped or cut (size caps, broken encodings). */
  coverage: string[];
  /**
   * Set only on the message the engine derives from an inline forward to judge what was forwarded
   * (docs/detection.md "Forwarded mail"): who forwarded it. Its sender is then the one the forwarded
   * header block names, which nothing authenticates.
   */
  forwardedBy?: MailAddress | null;
}

export function emptyMessage(): NormalizedMessage {
  return {
    subject: '',
    from: null,
    to: [],
    cc: [],
    replyTo: [],
    sender: null,
    returnPath: null,
    headers: [],
    text: '',
    html: null,
    urls: [],
    attachments: [],
    envelope: null,
    authHints: {},
    coverage: [],
  };
}

/** Domain part of an address, lower-cased, or '' when there is none. */
export function domainOf(address: string | null | undefined): string {
  if (!address) return '';
  const at = address.lastIndexOf('@');
  return at < 0 ? '' : address.slice(at + 1).toLowerCase().replace(/\.$/, '');
}
