import type { HeaderField } from '../core/message.js';

/** One Received hop: who handed the message over (HELO and address as the receiver saw them) and who took it. */
export interface ReceivedHop {
  from: string;
  ip: string;
  by: string;
}

const FROM = /\bfrom\s+([^\s;()]{1,255})/i;
const BY = /\bby\s+([^\s;()]{1,255})/i;
const IP = /\[([0-9a-f:.]{3,45})\]|\(([0-9]{1,3}(?:\.[0-9]{1,3}){3})\)/i;

/**
 * The Received chain, newest first (as written), at most `max` hops. Exposed to the LLM prompt and to
 * callers; no rule scores it, because in the dev corpus the receiving infrastructure is a label artefact
 * (corpus README, "Receiving infrastructure leaks the label").
 */
export function receivedChain(headers: readonly HeaderField[], max = 20): ReceivedHop[] {
  const hops: ReceivedHop[] = [];
  for (const header of headers) {
    if (header.name.toLowerCase() !== 'received') continue;
    const value = header.value.slice(0, 2000);
    const ip = IP.exec(value);
    hops.push({ from: FROM.exec(value)?.[1]?.toLowerCase() ?? '', ip: ip?.[1] ?? ip?.[2] ?? '', by: BY.exec(value)?.[1]?.toLowerCase() ?? '' });
    if (hops.length >= max) break;
  }
  return hops;
}
