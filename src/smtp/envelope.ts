/**
 * The SMTP session turned into one plain, transport-neutral envelope before any logic runs (the
 * ZoneMTA model, docs/architecture.md), plus what the relay needs to pass on.
 */
import type { SMTPServerSession } from 'smtp-server';
import type { GatewayEnvelope } from '../core/gateway.js';
import type { NetworkList } from './networks.js';
import { plainAddress } from './networks.js';
import type { RelayEnvelope } from './relay-connection.js';

/** The address the TCP connection came from, whatever XFORWARD claimed. */
export const peerAddress = (session: SMTPServerSession): string =>
  plainAddress(String(session.xForward.get('ADDR:DEFAULT') || session.remoteAddress));

const forwarded = (session: SMTPServerSession, key: string): string | undefined => {
  const value = session.xForward.get(key);
  return value ? String(value) : undefined;
};

/**
 * XFORWARD (sent by Postfix's `scan` transport) carries the original client address, HELO and queue
 * id, so the analysis sees the sender's MTA rather than Postfix. It is believed only from
 * `smtp.xforward_networks`; from anyone else it is ignored and the peer address is used.
 */
export function gatewayEnvelope(session: SMTPServerSession, xforwardNetworks: NetworkList): GatewayEnvelope {
  const mailFrom = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
  const rcptTo = session.envelope.rcptTo.map((r) => r.address);
  const peer = peerAddress(session);
  const trusted = session.xForward.size > 0 && xforwardNetworks.has(peer);
  if (!trusted) {
    // smtp-server already replaced the HELO name with an untrusted XFORWARD HELO: drop it then.
    const helo = session.xForward.size > 0 ? undefined : session.hostNameAppearsAs || undefined;
    return { mailFrom, rcptTo, clientAddress: peer, ...(helo && { clientHelo: helo }) };
  }
  const helo = forwarded(session, 'HELO');
  const queueId = forwarded(session, 'IDENT');
  return {
    mailFrom,
    rcptTo,
    clientAddress: plainAddress(forwarded(session, 'ADDR') ?? peer),
    ...(helo && { clientHelo: helo }),
    ...(queueId && { queueId }),
  };
}

export function relayEnvelope(session: SMTPServerSession, envelope: GatewayEnvelope): RelayEnvelope {
  return {
    mailFrom: envelope.mailFrom,
    rcptTo: envelope.rcptTo,
    eightBitMime: session.envelope.bodyType === '8bitmime',
    smtpUtf8: session.envelope.smtpUtf8 === true,
  };
}
