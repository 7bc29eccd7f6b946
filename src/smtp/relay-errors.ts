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

/** nodemailer error → one of ours: a server reply becomes `RelayRefused`, anything else `RelayUnavailable`. */
export function fromNodemailer(error: NodemailerError): RelayError {
  const reply = error.response ? parseReply(error.response) : null;
  if (reply && reply.code >= 400) return new RelayRefused(reply.code, reply.enhanced, error.response!.trim());
  return new RelayUnavailable(`next hop unavailable: ${error.message}`, { cause: error });
}
