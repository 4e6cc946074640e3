import { normaliseReason } from '@ehc/common';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { UserRow } from '../users/user-store';
import { recordAudit, type Actor } from './audit-log';

/** An admin about to change something, and why (already checked). */
export interface Acting {
  actor: Actor;
  reason: string;
}

/** The acting admin and their reason as stored (it has passed `reasonRule`, declared on the field). */
export function acting(admin: UserRow, reason: string): Acting {
  return { actor: { ref: admin.id, email: admin.user_id }, reason: normaliseReason(reason) };
}

/** What one admin change did, for its audit entry. */
export interface ChangeRecord {
  /** The learner the change concerns: the console shows their page afterwards. */
  userRef: string;
  /** The thing acted on besides the learner (a payment id, a certificate id), if any. */
  target: string | null;
  details: { before: unknown; after: unknown } & Record<string, unknown>;
}

/**
 * Runs one admin change and appends its audit entry in the same transaction, so the log
 * never misses a change that happened nor records one that rolled back. `change` throws
 * (an AppError) to refuse, leaving nothing behind. Returns the learner's id.
 */
export async function auditedChange(
  db: Kysely<Database>,
  who: Acting,
  action: string,
  change: (trx: Transaction<Database>) => Promise<ChangeRecord>,
): Promise<string> {
  return db.transaction().execute(async (trx) => {
    const record = await change(trx);
    await recordAudit(trx, {
      actor: who.actor,
      action,
      targetUserRef: record.userRef,
      target: record.target,
      reason: who.reason,
      details: record.details,
    });
    return record.userRef;
  });
}

/** A learner's account row, or NOT_FOUND. */
export async function learnerRow(db: Kysely<Database> | Transaction<Database>, userRef: string): Promise<UserRow> {
  const row = await db.selectFrom('app_user').selectAll().where('id', '=', userRef).executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', 'No account has this id.');
  return row;
}

/** Refuses to act on a deleted account: it has no name, email or access left to change. */
export function refuseDeleted(row: UserRow): void {
  if (row.deleted_at !== null) throw AppError.validation('This account was deleted; there is nothing to change.');
}
