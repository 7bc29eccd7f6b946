import type { Kysely } from 'kysely';
import type { Database, SelfServiceActionsTable } from '../schema.js';

/** What a recipient did to a quarantined message through a digest link (docs/recipients.md). */
export interface SelfServiceAction {
  /** The link's random id: a link works once. */
  linkId: string;
  tenantId: string;
  quarantineId: string;
  recipient: string;
  action: 'release' | 'release_allow' | 'delete';
  actedAt: string;
}

const toAction = (row: SelfServiceActionsTable): SelfServiceAction => ({
  linkId: row.link_id,
  tenantId: row.tenant_id,
  quarantineId: row.quarantine_id,
  recipient: row.recipient,
  action: row.action as SelfServiceAction['action'],
  actedAt: row.acted_at,
});

/** Claims a link and the (message, recipient) pair; a unique violation means used or already handled. */
export async function insertSelfServiceAction(db: Kysely<Database>, action: SelfServiceAction): Promise<void> {
  await db
    .insertInto('self_service_actions')
    .values({
      link_id: action.linkId,
      tenant_id: action.tenantId,
      quarantine_id: action.quarantineId,
      recipient: action.recipient,
      action: action.action,
      acted_at: action.actedAt,
    })
    .execute();
}

/** Undoes a claim whose action did not happen (the next hop refused a release), so it can be tried again. */
export async function deleteSelfServiceAction(db: Kysely<Database>, linkId: string): Promise<void> {
  await db.deleteFrom('self_service_actions').where('link_id', '=', linkId).execute();
}

export async function findSelfServiceActionByLink(db: Kysely<Database>, linkId: string): Promise<SelfServiceAction | undefined> {
  const row = await db.selectFrom('self_service_actions').selectAll().where('link_id', '=', linkId).executeTakeFirst();
  return row && toAction(row);
}

/** How many different recipients released this message through their links (release or release and allow). */
export async function countReleasingRecipients(db: Kysely<Database>, quarantineId: string): Promise<number> {
  const row = await db
    .selectFrom('self_service_actions')
    .select((eb) => eb.fn.count<number | string | bigint>('recipient').distinct().as('n'))
    .where('quarantine_id', '=', quarantineId)
    .where('action', 'in', ['release', 'release_allow'])
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** What the recipient already did to this message through any of their links. */
export async function findSelfServiceAction(db: Kysely<Database>, quarantineId: string, recipient: string): Promise<SelfServiceAction | undefined> {
  const row = await db.selectFrom('self_service_actions').selectAll().where('quarantine_id', '=', quarantineId).where('recipient', '=', recipient).executeTakeFirst();
  return row && toAction(row);
}
