import { mail, sendRaw } from '../smtp/helpers/door.js';

export interface Quarantined {
  /** The quarantine ids the door answered with, one per tenant that holds a copy. */
  ids: string[];
  /** The first of them (the only one when every recipient is in one tenant). */
  id: string;
  /** The message as sent, and its Message-ID. */
  raw: Buffer;
  messageId: string;
  /** The door's reply to DATA. */
  reply: string;
}

/**
 * Holds a message in quarantine the way mail gets there: through the SMTP door listening on `port`, as Postfix
 * hands it over. The envelope sender must be on the block list of every recipient's tenant (`TestDoor.block`),
 * so the message is held whatever the rules' tuning. Fails unless the door says it quarantined the message.
 *
 * `from` is the From header (default 'Service desk <phisher@evil.test>'); the envelope sender is its address.
 * `message` replaces the whole message when a test needs its own headers or body.
 */
export async function seedQuarantined(
  port: number,
  options: { to: string[]; from?: string; subject?: string; message?: { id: string; raw: Buffer } },
): Promise<Quarantined> {
  const from = options.from ?? 'Service desk <phisher@evil.test>';
  const message = options.message ?? mail({ from, subject: options.subject ?? 'Verify your account' });
  const reply = (await sendRaw(port, { from: from.replace(/^.*<|>.*$/g, ''), to: options.to }, message.raw)).response;
  const ids = /quarantined by phishgate as (qm_[A-Za-z0-9]+(?:, qm_[A-Za-z0-9]+)*)/.exec(reply)?.[1]?.split(', ');
  if (!ids) throw new Error(`the door did not quarantine the message: ${reply}`);
  return { ids, id: ids[0]!, raw: message.raw, messageId: message.id, reply };
}
