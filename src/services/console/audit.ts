/**
 * The audit log (docs/console.md, "Audit log"): who (an API key, or the command line) did what (release,
 * delete, feedback, list entry, key, …) to which message, in which tenant and mode, and where (console,
 * REST API, CLI). Readable in the console and through GET /v1/audit. Details are short strings (subject,
 * sender, value, key name); never message bodies or secrets.
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
  'key_create',
  'key_revoke',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** Where an action was taken. */
export const AUDIT_VIA = ['console', 'api', 'cli'] as const;
export type AuditVia = (typeof AUDIT_VIA)[number];

/** The actor id of every action taken with the command line: it holds no API key (docs/cli.md). */
export const CLI_ACTOR_ID = 'cli';
const CLI_ACTOR_NAME = 'phishgate command line';

const DETAIL_MAX = 300;

export interface AuditRecord {
  action: AuditAction;
  targetType: string;
  targetId: string;
  detail?: Record<string, string | null | undefined>;
}

interface Actor {
  keyId: string;
  name: string;
  operator: boolean;
  via: AuditVia;
}

const keyActor = (key: ApiKey, operator: boolean, via: AuditVia): Actor => ({ keyId: key.id, name: `${key.name} (${key.prefix}…)`, operator, via });

export function createAuditService({ store, clock, newId }: ServiceContext) {
  const write = async (scope: { tenantId: string; livemode: boolean }, actor: Actor, record: AuditRecord): Promise<void> => {
    const detail: Record<string, string> = {};
    for (const [name, value] of Object.entries(record.detail ?? {})) if (value !== null && value !== undefined) detail[name] = value.slice(0, DETAIL_MAX);
    await insertAuditEntry(store.db, {
      id: newId('au'),
      tenantId: scope.tenantId,
      livemode: scope.livemode,
      actorKeyId: actor.keyId,
      actorName: actor.name.slice(0, DETAIL_MAX),
      operator: actor.operator,
      action: record.action,
      targetType: record.targetType,
      targetId: record.targetId,
      detail,
      createdAt: toIso(clock.now()),
      via: actor.via,
    });
  };
  const scopeOf = (principal: Principal) => ({ tenantId: principal.tenant.id, livemode: principal.livemode });

  return {
    /** An action in the console, by the key the session was opened with. */
    record: (principal: Principal & { key: ApiKey }, operator: boolean, record: AuditRecord) => write(scopeOf(principal), keyActor(principal.key, operator, 'console'), record),

    /** An action through the REST API, by the calling key (the SMTP and milter doors hold none and act on nothing audited). */
    async recordApi(principal: Principal, record: AuditRecord): Promise<void> {
      if (!principal.key) throw new Error('an API action is always taken with a key');
      await write(scopeOf(principal), keyActor(principal.key, false, 'api'), record);
    },

    /** An action with the command line, in the tenant and mode it touched; the actor is "cli". */
    recordCli: (scope: { tenantId: string; livemode: boolean }, record: AuditRecord) =>
      write(scope, { keyId: CLI_ACTOR_ID, name: CLI_ACTOR_NAME, operator: false, via: 'cli' }, record),

    list: (principal: Principal, filter: AuditFilter) => listAuditEntries(store.db, { tenantId: principal.tenant.id, livemode: principal.livemode }, filter),
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
