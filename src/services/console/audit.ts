/**
 * The audit log of console actions (docs/console.md): who (API key) did what (release, delete, feedback,
 * list entry, …) to which message, in which tenant and mode. Readable in the console and through
 * GET /v1/audit. Details are short strings (subject, sender, value); never message bodies or secrets.
 */
import { toIso } from '../../core/clock.js';
import type { ApiKey, Principal } from '../../core/domain.js';
import { insertAuditEntry, listAuditEntries, type AuditEntry, type AuditFilter } from '../../store/repositories/console-audit.js';
import type { ServiceContext } from '../context.js';

export type { AuditEntry, AuditFilter };

export const AUDIT_ACTIONS = [
  'sign_in',
  'sign_out',
  'release',
  'delete',
  'feedback_phishing',
  'feedback_ham',
  'allow_add',
  'block_add',
  'list_remove',
  'redeliver',
  'switch_view',
  'test_message',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

const DETAIL_MAX = 300;

export interface AuditRecord {
  action: AuditAction;
  targetType: string;
  targetId: string;
  detail?: Record<string, string | null | undefined>;
}

export function createAuditService({ store, clock, newId }: ServiceContext) {
  return {
    async record(principal: Principal & { key: ApiKey }, operator: boolean, record: AuditRecord): Promise<void> {
      const detail: Record<string, string> = {};
      for (const [name, value] of Object.entries(record.detail ?? {})) if (value !== null && value !== undefined) detail[name] = value.slice(0, DETAIL_MAX);
      await insertAuditEntry(store.db, {
        id: newId('au'),
        tenantId: principal.tenant.id,
        livemode: principal.livemode,
        actorKeyId: principal.key.id,
        actorName: `${principal.key.name} (${principal.key.prefix}…)`.slice(0, DETAIL_MAX),
        operator,
        action: record.action,
        targetType: record.targetType,
        targetId: record.targetId,
        detail,
        createdAt: toIso(clock.now()),
      });
    },

    list: (principal: Principal, filter: AuditFilter) => listAuditEntries(store.db, { tenantId: principal.tenant.id, livemode: principal.livemode }, filter),
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
