import { notFound, badRequest } from '../core/errors.js';
import { toIso } from '../core/clock.js';
import type { ListEntry, ListEntryType, ListName, Principal } from '../core/domain.js';
import type { ListEntryRef, RecipientLists } from '../engine/types.js';
import { deleteEntry, findEntryByValue, insertEntry, listActiveEntries, listActiveEntriesOfBothLists, type EntryFilter, type ListScope } from '../store/repositories/list-entries.js';
import type { ServiceContext } from './context.js';
import { inTransaction, isUniqueViolation } from '../store/transaction.js';
import { normalizeEmail, normalizeListValue } from './list-values.js';

export interface NewListEntry {
  type: ListEntryType;
  value: string;
  note?: string | null;
  expiresAt?: string | null;
  /** Applies to this one recipient of the tenant only (docs/recipients.md); absent or null: tenant-wide. */
  recipient?: string | null;
}

/** Recipients whose own entries are looked at for one analysis; mail to more follows the tenant-wide lists. */
export const MAX_RECIPIENT_LISTS = 100;

/** A recipient as entries store it: the normalised address, or a 400 naming the field. */
export function normalizeRecipient(raw: string): string {
  const address = normalizeEmail(raw);
  if (!address) throw badRequest(`recipient: "${raw}" is not a valid email address`);
  return address;
}

const scopeOf = (principal: Principal, list: ListName): ListScope => ({ tenantId: principal.tenant.id, livemode: principal.livemode, list });
const toRef = (entry: ListEntry): ListEntryRef => ({ id: entry.id, type: entry.type, value: entry.value, note: entry.note });

export function createListService({ store, clock, newId }: ServiceContext) {
  return {
    /** docs/api.md: posting an existing type+value returns the existing entry (no duplicate). */
    async add(principal: Principal, list: ListName, input: NewListEntry): Promise<{ entry: ListEntry; created: boolean }> {
      const now = toIso(clock.now());
      if (input.expiresAt && input.expiresAt <= now) throw badRequest('expires_at must be in the future');
      const scope = scopeOf(principal, list);
      const value = normalizeListValue(input.type, input.value);
      const recipient = input.recipient ? normalizeRecipient(input.recipient) : null;
      const attempt = () =>
        inTransaction(store, async (trx) => {
          const existing = await findEntryByValue(trx, scope, input.type, value, recipient);
          if (existing && (existing.expiresAt === null || existing.expiresAt > now)) return { entry: existing, created: false };
          // An expired entry no longer exists as far as clients can see: replace it.
          if (existing) await deleteEntry(trx, scope, existing.id);
          const entry: ListEntry = { id: newId(list === 'allow' ? 'wl' : 'bl'), type: input.type, value, note: input.note ?? null, createdAt: now, expiresAt: input.expiresAt ?? null, recipient };
          await insertEntry(trx, scope, entry);
          return { entry, created: true };
        });
      try {
        return await attempt();
      } catch (error) {
        // A concurrent identical POST won the insert: answer with its entry, as for any repeat.
        if (isUniqueViolation(error)) return attempt();
        throw error;
      }
    },

    async remove(principal: Principal, list: ListName, id: string): Promise<void> {
      if (!(await deleteEntry(store.db, scopeOf(principal, list), id))) throw notFound(`${list === 'allow' ? 'whitelist' : 'blocklist'} entry ${id}`);
    },

    list: (principal: Principal, list: ListName, page: { limit: number; offset: number }, filter: EntryFilter = {}) =>
      listActiveEntries(store.db, scopeOf(principal, list), toIso(clock.now()), page, filter.recipient === undefined ? filter : { recipient: normalizeRecipient(filter.recipient) }),

    /**
     * Both lists in force now, as the engine consumes them: the tenant-wide entries, and each recipient's
     * own entries when the analysis is for at most MAX_RECIPIENT_LISTS recipients.
     */
    async forEngine(principal: Principal, recipients: readonly string[] = []): Promise<{ allowList: ListEntryRef[]; blockList: ListEntryRef[]; recipientLists: RecipientLists[] }> {
      const normalized = [...new Set(recipients.map((r) => normalizeEmail(r)).filter((r): r is string => r !== null))];
      const own = normalized.length <= MAX_RECIPIENT_LISTS ? normalized : [];
      const lists = await listActiveEntriesOfBothLists(store.db, { tenantId: principal.tenant.id, livemode: principal.livemode }, toIso(clock.now()), own);
      const tenantWide = (entries: ListEntry[]) => entries.filter((e) => e.recipient === null).map(toRef);
      const recipientLists = own.map((recipient) => ({
        recipient,
        allowList: lists.allow.filter((e) => e.recipient === recipient).map(toRef),
        blockList: lists.block.filter((e) => e.recipient === recipient).map(toRef),
      }));
      // Without any entry of these recipients there is nothing to agree on: skip the per-recipient pass.
      const any = recipientLists.some((r) => r.allowList.length || r.blockList.length);
      return { allowList: tenantWide(lists.allow), blockList: tenantWide(lists.block), recipientLists: any ? recipientLists : [] };
    },
  };
}

export type ListService = ReturnType<typeof createListService>;
