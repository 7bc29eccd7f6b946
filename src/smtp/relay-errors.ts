import type { NodemailerError } from 'nodemailer/lib/errors';
import { parseReply } from './replies.js';

/** The next hop answered with a refusal: its reply is passed back when permanent (docs/gateway.md). */
export class RelayRefused extends Error {
  constructor(
    readonly code: number,
    readonly enhanced: string | null,
    readonly reply: string,
  ) {
    super(`next hop refused: ${reply}`);
    this.name = 'RelayRefused';
  }

  get permanent(): boolean {
    return this.code >= 500;
  }
}

/** The next hop could not be reached, was too slow, or the conversation broke off. Always temporary. */
export class RelayUnavailable extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'RelayUnavailable';
  }
}

export type RelayError = RelayRefused | RelayUnavailable;

/**
 * nodemailer refuses on its own, before MAIL FROM, a message larger than the next hop's advertised `SIZE`.
 * That is the next hop's permanent answer (RFC 1870: 552 5.3.4): retrying cannot help, so it is passed
 * back as 5xx and Postfix bounces instead of retrying for days (docs/smtp-filter.md).
 */
const LOCAL_SIZE_REFUSAL = /^Message size larger than allowed (\d+)/;

/** nodemailer error → one of ours: a server reply becomes `RelayRefused`, anything else `RelayUnavailable`. */
export function fromNodemailer(error: NodemailerError): RelayError {
  const size = !error.response && error.code === 'EMESSAGE' ? LOCAL_SIZE_REFUSAL.exec(error.message) : null;
  if (size) return new RelayRefused(552, '5.3.4', `552 5.3.4 message larger than the next hop's SIZE limit of ${size[1]} bytes`);
  const reply = error.response ? parseReply(error.response) : null;
  if (reply && reply.code >= 400) return new RelayRefused(reply.code, reply.enhanced, error.response!.trim());
  return new RelayUnavailable(`next hop unavailable: ${error.message}`, { cause: error });
}
