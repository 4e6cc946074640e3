import { PostgresAdapter, type Transaction } from 'kysely';
import type { Database } from './schema';

/**
 * Serialises one learner's writes that must see each other: module completion and the
 * certificates it issues, payment grants and refunds (docs/decisions/0006).
 *
 * On PostgreSQL it locks the learner's row until the transaction ends, so a second
 * transaction for the same learner waits and then reads what the first committed (under
 * READ COMMITTED every statement sees the latest commits). On SQLite there is nothing to
 * do: Kysely runs every transaction on the one connection, one at a time.
 */
export async function lockLearner(trx: Transaction<Database>, userRef: string): Promise<void> {
  if (!(trx.getExecutor().adapter instanceof PostgresAdapter)) return;
  await trx.selectFrom('app_user').select('id').where('id', '=', userRef).forUpdate().execute();
}
