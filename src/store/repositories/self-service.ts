import type { Kysely } from 'kysely';
import type { Database, SelfServiceActionsTable } from '../schema.js';

export type SelfServiceActionRow = SelfServiceActionsTable;

/** Claims a link and the (message, recipient) pair; a unique violation means used or already handled. */
export async function insertSelfServiceAction(db: Kysely<Database>, row: SelfServiceActionRow): Promise<void> {
  await db.insertInto('self_service_actions').values(row).execute();
}

/** Undoes a claim whose action did not happen (the next hop refused a release), so it can be tried again. */
export async function deleteSelfServiceAction(db: Kysely<Database>, linkId: string): Promise<void> {
  await db.deleteFrom('self_service_actions').where('link_id', '=', linkId).execute();
}

export async function findSelfServiceActionByLink(db: Kysely<Database>, linkId: string): Promise<SelfServiceActionRow | undefined> {
  return db.selectFrom('self_service_actions').selectAll().where('link_id', '=', linkId).executeTakeFirst();
}

/** What the recipient already did to this message through any of their links. */
export async function findSelfServiceAction(db: Kysely<Database>, quarantineId: string, recipient: string): Promise<SelfServiceActionRow | undefined> {
  return db.selectFrom('self_service_actions').selectAll().where('quarantine_id', '=', quarantineId).where('recipient', '=', recipient).executeTakeFirst();
}
