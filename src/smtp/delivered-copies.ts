/**
 * Copies of one message already handed on, remembered for a while (docs/smtp-filter.md "Several tenants
 * in one message"). The SMTP door delivers one copy per tenant; when a later copy fails with a temporary
 * error, Postfix retries the whole message, and the copies that did go out must not go out twice. The
 * key is the message's bytes and envelope (what Postfix sends again on a retry) plus the copy's
 * recipients. Kept in memory: after a restart a retry may deliver a copy again (documented).
 */
import { createHash } from 'node:crypto';

export class DeliveredCopies {
  private readonly seen = new Map<string, { at: number; reply: string }>();

  constructor(
    private readonly ttlMs = 24 * 3600_000,
    private readonly maxEntries = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  static key(messageHash: string, mailFrom: string, recipients: string[]): string {
    return createHash('sha256').update(messageHash).update('\0').update(mailFrom).update('\0').update(recipients.join('\0')).digest('hex');
  }

  /** The reply recorded for this copy, when it went out within the window. */
  get(key: string): string | null {
    const entry = this.seen.get(key);
    if (!entry) return null;
    if (this.now() - entry.at > this.ttlMs) {
      this.seen.delete(key);
      return null;
    }
    return entry.reply;
  }

  remember(key: string, reply: string): void {
    this.seen.delete(key);
    this.seen.set(key, { at: this.now(), reply });
    // Oldest first (insertion order): bounded memory whatever the traffic.
    while (this.seen.size > this.maxEntries) this.seen.delete(this.seen.keys().next().value!);
  }
}

/** Hash of a message's bytes, streamed (a spooled message is not read into memory for this). */
export async function hashMessage(stream: AsyncIterable<Buffer>): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of stream) hash.update(chunk);
  return hash.digest('hex');
}
