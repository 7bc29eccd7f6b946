/**
 * Forwarded mail (docs/detection.md "Forwarded mail"): a message whose subject says it is a forward and
 * whose body starts with the forwarded header block is also judged as the message it forwards, with the
 * sender that block names. People forward suspicious mail to a help desk or to the REST API to ask "is
 * this phishing?"; judged as the forward alone, the lure's claimed sender would be invisible.
 *
 * The block is written by whoever sent the forward, so it may only make a verdict worse: the engine
 * keeps the higher of the two scores, and the forwarded message carries no authentication, no headers
 * and no envelope (the outer message's results are about the forwarder).
 */
import type { NormalizedMessage } from '../core/message.js';
import { findInlineForward } from '../mail/inline-forward.js';
import { FORWARD_SUBJECT } from './judgement.js';

export function forwardedMessage(message: NormalizedMessage, bodyText: string): NormalizedMessage | null {
  if (message.forwardedBy !== undefined || !FORWARD_SUBJECT.test(message.subject)) return null;
  const forward = findInlineForward(bodyText);
  if (!forward) return null;
  const { authentication: _forwarderAuthentication, ...rest } = message;
  return {
    ...rest,
    subject: forward.subject,
    from: forward.from,
    replyTo: [],
    sender: null,
    returnPath: null,
    headers: [],
    envelope: null,
    authHints: {},
    coverage: [],
    forwardedBy: message.from,
  };
}
