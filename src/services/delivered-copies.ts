/**
 * Copies of one message the SMTP door already handed on (docs/smtp-filter.md "Several tenants in one
 * message"). The door delivers one copy per tenant; when a later copy fails with a temporary error,
 * Postfix retries the whole message, and the copies that did go out must not go out twice. The key is the
 * message's bytes and envelope sender (what Postfix sends again on a retry) plus the copy's recipients.
 * Kept in the store (table `delivered_copies`) for `retention.idempotency_hours`, so a retry after a
 * restart of phishgate, or one that reaches another process on the same database, sends only what is
 * missing (docs/security.md "Faults and retries").
 */
import { createHash } from 'node:crypto';
import { toIso } from '../core/clock.js';
import { findDeliveredCopy, recordDeliveredCopy } from '../store/repositories/delivered-copies.js';
import type { ServiceContext } from './context.js';

export interface DeliveredCopies {
  /** The reply recorded for this copy when it went out within the window, else null. */
  get(key: string): Promise<string | null>;
  remember(key: string, reply: string): Promise<void>;
}

export function deliveredCopyKey(messageHash: string, mailFrom: string, recipients: string[]): string {
  return createHash('sha256').update(messageHash).update('\0').update(mailFrom).update('\0').update(recipients.join('\0')).digest('hex');
}

export function createDeliveredCopies(ctx: ServiceContext, windowMs: number): DeliveredCopies {
  const { store, clock } = ctx;
  return {
    get: (key) => findDeliveredCopy(store.db, key, toIso(clock.now() - windowMs)),
    remember: (key, reply) => recordDeliveredCopy(store.db, key, reply, toIso(clock.now())),
  };
}
