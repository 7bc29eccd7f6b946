import { notFound, badRequest } from '../core/errors.js';
import { toIso } from '../core/clock.js';
import type { ListEntry, ListEntryType, ListName, Principal } from '../core/domain.js';
import type { ListEntryRef } from '../engine/types.js';
import { deleteEntry, findEntryByValue, insertEntry, listActiveEntries, listActiveEntriesOfBothLists, type ListScope } from '../store/repositories/list-entries.js';
import type { ServiceContext } from './context.js';
import { inTransaction, isUniqueViolation } from '../store/transaction.js';
import { normalizeListValue } from './list-values.js';

export interface NewListEntry {
  type: ListEntryType;
  value: string;
  note?: string | null;
  expiresAt?: string | null;
}

const scopeOf = (principal: Principal, list: ListName): ListScope => ({ tenantId: principal.tenant.id, livemode: principal.livemode, list });
const toRef = (entry: ListEntry): ListEntryRef => ({ id: entry.id, type: entry.type, value: entry.value, note: entry.note });

export function createListService({ store, clock, newId }: ServiceContext) {
  return {
    /** Contract §4: posting an existing type+value returns the existing entry (no duplicate). */
    async add(principal: Principal, list: ListName, input: NewListEntry): Promise<{ entry: ListEntry; created: boolean }> {
      const now = toIso(clock.now());
      if (input.expiresAt && input.expiresAt <= now) throw badRequest('expires_at must be in the future');
      const scope = scopeOf(principal, list);
      const value = normalizeListValue(input.type, input.value);
      const attempt = () =>
        inTransaction(store, async (trx) => {
          const existing = await findEntryByValue(trx, scope, input.type, value);
          if (existing && (existing.expiresAt === null || existing.expiresAt > now)) return { entry: existing, created: false };
          // An expired entry no longer exists as far as clients can see: replace it.
          if (existing) await deleteEntry(trx, scope, existing.id);
          const entry: ListEntry = { id: newId(list === 'allow' ? 'wl' : 'bl'), type: input.type, value, note: input.note ?? null, createdAt: now, expiresAt: input.expiresAt ?? null };
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

    list: (principal: Principal, list: ListName, page: { limit: number; offset: number }) =>
      listActiveEntries(store.db, scopeOf(principal, list), toIso(clock.now()), page),

    /** Both lists in force now, as the engine consumes them. */
    async forEngine(principal: Principal): Promise<{ allowList: ListEntryRef[]; blockList: ListEntryRef[] }> {
      const lists = await listActiveEntriesOfBothLists(store.db, { tenantId: principal.tenant.id, livemode: principal.livemode }, toIso(clock.now()));
      return { allowList: lists.allow.map(toRef), blockList: lists.block.map(toRef) };
    },
  };
}

export type ListService = ReturnType<typeof createListService>;
