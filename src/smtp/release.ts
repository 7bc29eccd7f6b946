/**
 * Releasing a quarantined message (docs/gateway.md: "re-injected to the next hop, tagged") goes through
 * the same relay and the same header rewriting as live mail.
 */
import { rawMessageFromBuffer } from '../mail/spool.js';
import type { ReleaseDelivery } from '../services/quarantine.js';
import { findHeaderEnd } from './header-rewrite.js';
import { outgoingMessage } from './outgoing-message.js';
import type { Relay } from './relay-pool.js';

const hasEightBit = (bytes: Buffer): boolean => bytes.some((b) => b >= 0x80);

export function createReleaseDelivery(relay: Relay): ReleaseDelivery {
  return async (message) => {
    const end = findHeaderEnd(message.raw);
    const head = end < 0 ? message.raw : message.raw.subarray(0, end);
    const outgoing = await outgoingMessage(rawMessageFromBuffer(message.raw), { addHeaders: message.addHeaders, newSubject: message.newSubject });
    // The original MAIL FROM parameters are not stored; they follow from the bytes themselves.
    return relay.send({ mailFrom: message.mailFrom, rcptTo: message.rcptTo, eightBitMime: hasEightBit(message.raw), smtpUtf8: hasEightBit(head) }, outgoing);
  };
}
