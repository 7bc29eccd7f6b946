/**
 * The content filter's language for a gateway decision (docs/gateway.md), kept pure so it can be tested
 * as a table: what to do with the message, and which SMTP reply a failure becomes.
 */
import type { GatewayDecision } from '../core/gateway.js';
import type { HeaderEdits } from './header-rewrite.js';
import { RelayRefused } from './relay-errors.js';
import { SmtpReply, temporaryFailure } from './replies.js';

export type SmtpOutcome =
  /** Relay to the next hop; `edits` null = byte for byte as received (only phishgate's own signed mail). */
  | { kind: 'relay'; edits: HeaderEdits | null }
  | { kind: 'quarantine' }
  | { kind: 'refuse'; reply: SmtpReply };

export function mapDecision(decision: GatewayDecision): SmtpOutcome {
  switch (decision.action) {
    case 'reject': {
      const reject = decision.reject ?? { code: 550, enhanced: '5.7.1', text: 'Message rejected by phishgate' };
      return { kind: 'refuse', reply: new SmtpReply(reject.code, reject.enhanced, reject.text) };
    }
    case 'quarantine':
      return { kind: 'quarantine' };
    case 'tag':
    case 'pass': {
      // Every path strips forged X-Phishgate-* and our own Authentication-Results, `pass` included
      // (docs/security.md); only mail phishgate signed itself goes on byte for byte.
      if (decision.verbatim) return { kind: 'relay', edits: null };
      return { kind: 'relay', edits: { addHeaders: decision.addHeaders, newSubject: decision.newSubject } };
    }
  }
}

/** A next hop's permanent refusal is passed back (Postfix bounces); anything else is 451 4.3.0 (Postfix retries). */
export function relayFailureReply(error: unknown): SmtpReply {
  if (error instanceof RelayRefused && error.permanent) return new SmtpReply(error.code, error.enhanced ?? '5.0.0', `next hop refused the message: ${error.reply}`);
  return temporaryFailure('next hop did not accept the message, try again later');
}
