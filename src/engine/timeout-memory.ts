import { createHash } from 'node:crypto';
import type { NormalizedMessage } from '../core/message.js';

/**
 * Which messages hit the analysis deadline on their last attempt, so a message that times out twice in
 * a row gets the door's `on_timeout_repeat` policy instead of being retried forever. Keyed by a digest
 * of the message (an MTA retries the same bytes); bounded, oldest entries dropped first.
 */
export class TimeoutMemory {
  private readonly counts = new Map<string, number>();

  constructor(private readonly capacity = 10_000) {}

  /** Records a timeout; true when the same message had already timed out on its previous attempt. */
  record(fingerprint: string): boolean {
    const before = this.counts.get(fingerprint) ?? 0;
    this.counts.delete(fingerprint);
    this.counts.set(fingerprint, before + 1);
    if (this.counts.size > this.capacity) this.counts.delete(this.counts.keys().next().value!);
    return before > 0;
  }

  /** The message was analysed in time: its next timeout counts as a first one. */
  forget(fingerprint: string): void {
    this.counts.delete(fingerprint);
  }
}

export function rawFingerprint(raw: Uint8Array): string {
  return createHash('sha256').update(raw).digest('base64');
}

/** Fields that stay the same when a parsed message is submitted again (the first 64 KiB of each body). */
export function messageFingerprint(message: NormalizedMessage): string {
  const hash = createHash('sha256');
  const messageId = message.headers.find((h) => h.name.toLowerCase() === 'message-id')?.value ?? '';
  for (const part of [messageId, message.from?.address ?? '', message.subject, message.text.slice(0, 65_536), message.html?.slice(0, 65_536) ?? '', String(message.text.length), String(message.html?.length ?? 0), message.urls.slice(0, 100).join(' ')]) {
    hash.update(part).update('\u0000');
  }
  return hash.digest('base64');
}
