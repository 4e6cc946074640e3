import { randomInt } from 'node:crypto';
import { STATUS_LIST_MIN_ENTRIES } from '@ehc/common/credentials';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * Places in the revocation status lists (docs/decisions/0011). Each credential version
 * gets one place, chosen at random as the Bitstring Status List recommends (its position
 * says nothing about when it was issued or how many there are), kept for good. A list is
 * filled to half before the next one opens, so a random pick rarely meets a taken place.
 */
export const LIST_SIZE = STATUS_LIST_MIN_ENTRIES;
const FILL_BEFORE_NEXT_LIST = LIST_SIZE / 2;

export interface StatusPlace {
  list: number;
  index: number;
}

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Takes a free place for `certificateId`, inside the caller's transaction. Concurrent
 * callers (other servers) cannot take the same place: the primary key refuses the second
 * insert, which then tries another.
 */
export async function allocateStatusPlace(
  trx: Db,
  certificateId: string,
  now: number,
  pick: (size: number) => number = randomInt,
): Promise<StatusPlace> {
  let list = await currentList(trx);
  for (let attempt = 0; attempt < 64; attempt += 1) {
    // After many collisions (a list fuller than it should be) move on to the next list.
    if (attempt === 32) list += 1;
    const index = pick(LIST_SIZE);
    const inserted = await trx
      .insertInto('credential_status_entry')
      .values({ list_number: list, list_index: index, certificate_id: certificateId, created_at: now })
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) return { list, index };
  }
  throw new Error('could not find a free place in the credential status lists');
}

async function currentList(trx: Db): Promise<number> {
  const last = await trx
    .selectFrom('credential_status_entry')
    .select(({ fn }) => fn.max('list_number').as('list'))
    .executeTakeFirst();
  const list = Number(last?.list ?? 1) || 1;
  const used = await trx
    .selectFrom('credential_status_entry')
    .select(({ fn }) => fn.countAll<number>().as('count'))
    .where('list_number', '=', list)
    .executeTakeFirstOrThrow();
  return Number(used.count) >= FILL_BEFORE_NEXT_LIST ? list + 1 : list;
}

/** The highest list number in use (lists above it do not exist yet). */
export async function lastList(db: Db): Promise<number> {
  const last = await db
    .selectFrom('credential_status_entry')
    .select(({ fn }) => fn.max('list_number').as('list'))
    .executeTakeFirst();
  return Number(last?.list ?? 0);
}

/**
 * The revoked places of one list and when the list last changed. A place is revoked when
 * its certificate is revoked, when the certificate moved on to a new place (a lifted
 * revocation: revocation is not reversible), or when the certificate no longer exists.
 */
export async function revokedPlaces(
  db: Db,
  list: number,
): Promise<{ indexes: number[]; changedAt: number | null; firstIssuedAt: number | null }> {
  const rows = await db
    .selectFrom('credential_status_entry as e')
    .leftJoin('certificate as c', 'c.certificate_id', 'e.certificate_id')
    .select(['e.list_index', 'e.created_at', 'e.superseded_at', 'c.revoked_at', 'c.certificate_id as found'])
    .where('e.list_number', '=', list)
    .where((eb) =>
      eb.or([
        eb('e.superseded_at', 'is not', null),
        eb('c.revoked_at', 'is not', null),
        eb('c.certificate_id', 'is', null),
      ]),
    )
    .orderBy('e.list_index')
    .execute();
  const first = await db
    .selectFrom('credential_status_entry')
    .select(({ fn }) => fn.min('created_at').as('at'))
    .where('list_number', '=', list)
    .executeTakeFirst();
  let changedAt: number | null = null;
  for (const row of rows) {
    const at = Number(row.superseded_at ?? row.revoked_at ?? row.created_at);
    if (changedAt === null || at > changedAt) changedAt = at;
  }
  return {
    indexes: rows.map((row) => Number(row.list_index)),
    changedAt,
    firstIssuedAt: first?.at == null ? null : Number(first.at),
  };
}

/**
 * Moves a certificate to a new place, marking its old one superseded (so its old
 * credential stays revoked), inside the caller's transaction. Used when an admin lifts a
 * revocation: the reinstated certificate is a new credential.
 */
export async function supersedeStatusPlace(
  trx: Transaction<Database>,
  certificateId: string,
  now: number,
): Promise<StatusPlace> {
  await trx
    .updateTable('credential_status_entry')
    .set({ superseded_at: now })
    .where('certificate_id', '=', certificateId)
    .where('superseded_at', 'is', null)
    .execute();
  return allocateStatusPlace(trx, certificateId, now);
}
