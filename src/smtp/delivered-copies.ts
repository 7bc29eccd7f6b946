import { createHash } from 'node:crypto';

/**
 * Hash of a message's bytes, streamed (a spooled message is not read into memory for this): part of the key
 * under which a tenant copy already handed on is remembered (services/delivered-copies.ts).
 */
export async function hashMessage(stream: AsyncIterable<Buffer>): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of stream) hash.update(chunk);
  return hash.digest('hex');
}
