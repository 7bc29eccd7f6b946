import { Action, MILTER_MIN_VERSION, MILTER_VERSION, MacroStage, Proto } from './constants.js';
import { MilterProtocolError } from './errors.js';
import type { MacroRequest, MilterReply } from './replies.js';

/** What the MTA offered in its OPTNEG (docs/milter-protocol.md §3). */
export interface OptionOffer {
  version: number;
  actions: number;
  protocol: number;
}

/** What both sides agreed on; the session consults it for every reply it writes. */
export interface Negotiated {
  version: number;
  actions: number;
  protocol: number;
}

export interface NegotiationWants {
  actions: number;
  protocol: number;
  /** Sent only when the MTA offers SMFIF_SETSYMLIST. */
  macros: MacroRequest[];
}

/**
 * Our defaults. Actions: add/insert and change/delete headers, quarantine (hold) — nothing else is ever
 * sent at end of message. Protocol: no UNKNOWN or DATA events (we use neither), header values with
 * their leading space (so the raw message we rebuild is byte-exact), and no reply to any step before
 * end of message: the verdict is only known at EOM, and each skipped round trip is latency the SMTP
 * client would wait for.
 */
export const DEFAULT_WANTS: NegotiationWants = {
  actions: Action.ADDHDRS | Action.CHGHDRS | Action.QUARANTINE,
  protocol:
    Proto.NOUNKNOWN |
    Proto.NODATA |
    Proto.HDR_LEADSPC |
    Proto.NR_CONN |
    Proto.NR_HELO |
    Proto.NR_MAIL |
    Proto.NR_RCPT |
    Proto.NR_DATA |
    Proto.NR_UNKN |
    Proto.NR_HDR |
    Proto.NR_EOH |
    Proto.NR_BODY,
  // The queue id for log correlation: Postfix already sends `i` at DATA and EOM by default, Sendmail
  // does not (docs/milter-protocol.md §5). Only these two stages are named, so the MTA's other lists stay as configured.
  macros: [
    { stage: MacroStage.DATA, names: 'i' },
    { stage: MacroStage.EOM, names: 'i' },
  ],
};

/**
 * docs/milter-protocol.md §8 step 2: reply with min(6, MTA version) and never claim a bit the MTA did not offer — Postfix
 * treats a milter that asks for more actions than offered as failed ("request mask conflict").
 */
export function negotiate(offer: OptionOffer, wants: NegotiationWants = DEFAULT_WANTS): { reply: MilterReply; negotiated: Negotiated } {
  if (offer.version < MILTER_MIN_VERSION) {
    throw new MilterProtocolError('negotiation', `MTA protocol version ${offer.version} is older than ${MILTER_MIN_VERSION}`);
  }
  const version = Math.min(MILTER_VERSION, offer.version);
  const withMacros = wants.macros.length > 0 && (offer.actions & Action.SETSYMLIST) !== 0;
  const actions = (wants.actions | (withMacros ? Action.SETSYMLIST : 0)) & offer.actions;
  const protocol = wants.protocol & offer.protocol;
  return {
    reply: { kind: 'optneg', version, actions, protocol, macros: withMacros ? wants.macros : [] },
    negotiated: { version, actions, protocol },
  };
}
