import { reasonIsValid, REASON_MESSAGE } from '@ehc/common';
import type { ValidationOptions } from '@pothos/plugin-zod';
import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { AuditLogTable, Database } from '../../db/schema';

/** Who did it: an admin's account, or the command line. */
export interface Actor {
  ref: string;
  email: string;
}

export const COMMAND_LINE: Actor = { ref: 'cli', email: 'command line' };

export interface AuditEntry {
  actor: Actor;
  /** What was done, e.g. "grant_access", "refund_payment", "update_settings". */
  action: string;
  targetUserRef: string | null;
  /** The thing acted on besides the learner: a payment id, a certificate id… */
  target: string | null;
  reason: string;
  /** What changed, e.g. { before, after }. */
  details: Record<string, unknown>;
}

export type AuditRow = Selectable<AuditLogTable>;

/**
 * Appends one entry to the audit log, in the transaction of the change it records, so an
 * action and its entry commit together. The table refuses updates and deletes (migration 0007).
 */
export async function recordAudit(
  db: Kysely<Database> | Transaction<Database>,
  entry: AuditEntry,
  at = Date.now(),
): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      id: randomUUID(),
      at,
      actor_ref: entry.actor.ref,
      actor_email: entry.actor.email,
      action: entry.action,
      target_user_ref: entry.targetUserRef,
      target: entry.target,
      reason: entry.reason,
      details: JSON.stringify(entry.details),
    })
    .execute();
}

/** A learner's audit entries, newest first. */
export function auditOf(db: Kysely<Database>, userRef: string): Promise<AuditRow[]> {
  return db.selectFrom('audit_log').selectAll().where('target_user_ref', '=', userRef).orderBy('at', 'desc').execute();
}

/**
 * Every admin action says why, in a few words at least: the reason is what the log is
 * for. Declared on each admin mutation's `reason` argument (`validate: reasonRule`).
 */
export const reasonRule: ValidationOptions<string> = [reasonIsValid, { message: REASON_MESSAGE }];
