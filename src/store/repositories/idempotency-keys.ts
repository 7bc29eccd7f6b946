import type { Kysely } from 'kysely';
import type { Database, IdempotencyKeysTable } from '../schema.js';

export type IdempotencyKeyRow = IdempotencyKeysTable;
export type IdempotencyKeyId = Pick<IdempotencyKeyRow, 'tenant_id' | 'livemode' | 'key_hash'>;

export async function findIdempotencyKey(db: Kysely<Database>, id: IdempotencyKeyId): Promise<IdempotencyKeyRow | undefined> {
  return db
    .selectFrom('idempotency_keys')
    .selectAll()
    .where('tenant_id', '=', id.tenant_id)
    .where('livemode', '=', id.livemode)
    .where('key_hash', '=', id.key_hash)
    .executeTakeFirst();
}

/**
 * Claims the key for a new analysis, inside the transaction that stores it. A row of the key that is
 * past the window, or whose analysis is gone (`staleAnalysisId`), is replaced; a live row of another
 * process makes the insert fail with a unique violation, and the transaction with it.
 */
export async function claimIdempotencyKey(trx: Kysely<Database>, row: IdempotencyKeyRow, expiredBefore: string, staleAnalysisId: string | null): Promise<void> {
  await trx
    .deleteFrom('idempotency_keys')
    .where('tenant_id', '=', row.tenant_id)
    .where('livemode', '=', row.livemode)
    .where('key_hash', '=', row.key_hash)
    .where((eb) => (staleAnalysisId === null ? eb('created_at', '<', expiredBefore) : eb.or([eb('created_at', '<', expiredBefore), eb('analysis_id', '=', staleAnalysisId)])))
    .execute();
  await trx.insertInto('idempotency_keys').values(row).execute();
}

export async function deleteIdempotencyKeysBefore(db: Kysely<Database>, cutoff: string, batch: number): Promise<number> {
  const result = await db
    .deleteFrom('idempotency_keys')
    .where(({ eb, refTuple, selectFrom }) =>
      eb(
        refTuple('tenant_id', 'livemode', 'key_hash'),
        'in',
        selectFrom('idempotency_keys')
          .select(['tenant_id', 'livemode', 'key_hash'])
          .where('created_at', '<', cutoff)
          .orderBy('created_at')
          .limit(batch)
          .$asTuple('tenant_id', 'livemode', 'key_hash'),
      ),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
