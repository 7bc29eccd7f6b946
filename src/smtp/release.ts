/**
 * Releasing a quarantined message (docs/gateway.md: "re-injected to the next hop, tagged") goes through
 * the same relay and the same header rewriting as live mail: forged `X-Phishgate-*` fields and
 * Authentication-Results with our authserv-id are removed here too (docs/security.md). Bare CR or LF
 * in the stored header section (mail quarantined before the doors refused it) is written as CRLF
 * first, so a header hidden behind one becomes a line of its own and is stripped like the others.
 */
import { normaliseHeaderLineBreaks } from '../services/gateway/header-line-breaks.js';
import { rawMessageFromBuffer } from '../mail/spool.js';
import type { ReleaseDelivery } from '../services/quarantine.js';
import { findHeaderEnd } from './header-rewrite.js';
import { outgoingMessage } from './outgoing-message.js';
import type { Relay } from './relay-pool.js';

const hasEightBit = (bytes: Buffer): boolean => bytes.some((b) => b >= 0x80);

export function createReleaseDelivery(relay: Relay, ownAuthservId: string | null = null): ReleaseDelivery {
  return async (message) => {
    const raw = normaliseHeaderLineBreaks(message.raw);
    const end = findHeaderEnd(raw);
    const head = end < 0 ? raw : raw.subarray(0, end);
    const outgoing = await outgoingMessage(rawMessageFromBuffer(raw), { addHeaders: message.addHeaders, newSubject: message.newSubject, ownAuthservId });
    // The original MAIL FROM parameters are not stored; they follow from the bytes themselves.
    return relay.send({ mailFrom: message.mailFrom, rcptTo: message.rcptTo, eightBitMime: hasEightBit(raw), smtpUtf8: hasEightBit(head) }, outgoing);
  };
}
