/**
 * Every message that reaches a mail door is analysed (docs/security.md "Nothing unscanned"). The REST
 * parser refuses a message without header fields (a client mistake there); at a door such a message is
 * mail an attacker shaped to slip through unscanned, so its bytes are analysed as a body without headers.
 */
import type { NormalizedMessage } from '../../core/message.js';
import { headerSectionLength } from './header-line-breaks.js';

/** A header that means nothing (MIME defaults), only there so the parser reads what follows as the body. */
const NEUTRAL_HEADER = Buffer.from('MIME-Version: 1.0\r\n');

export async function parseAny(bytes: Buffer, parse: (raw: Buffer) => Promise<NormalizedMessage>): Promise<NormalizedMessage> {
  // An empty header section: the message starts with its empty line.
  if (headerSectionLength(bytes) === 0) return withoutNeutralHeader(await parse(Buffer.concat([NEUTRAL_HEADER, bytes])));
  try {
    return await parse(bytes);
  } catch (error) {
    // No header fields at all (the first line is not one): the whole message is its body.
    const asBody = await parse(Buffer.concat([NEUTRAL_HEADER, Buffer.from('\r\n'), bytes])).catch(() => null);
    if (!asBody) throw error;
    return withoutNeutralHeader(asBody);
  }
}

function withoutNeutralHeader(message: NormalizedMessage): NormalizedMessage {
  message.headers = message.headers.filter((h, i) => !(i === 0 && h.name.toLowerCase() === 'mime-version'));
  message.coverage.push('the message has no header fields: its bytes were analysed as a body');
  return message;
}
