import { VALIDATION_MESSAGES, validateFullName } from '@ehc/common';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { supersedeStatusPlace } from '../credentials/status-entries';
import { auditedChange, learnerRow, refuseDeleted, type Acting } from './admin-action';

async function certificateRow(trx: Transaction<Database>, certificateId: string) {
  const row = await trx
    .selectFrom('certificate')
    .selectAll()
    .where('certificate_id', '=', certificateId)
    .executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', 'No certificate has this id.');
  return row;
}

/**
 * Withdraws a certificate (issued by mistake, or earned dishonestly): /verify then says
 * "Certificate revoked", and the learner no longer sees or downloads it. The reason is
 * kept on the certificate as well as in the log; it is never shown publicly.
 */
export function revokeCertificate(db: Kysely<Database>, who: Acting, certificateId: string): Promise<string> {
  return auditedChange(db, who, 'revoke_certificate', async (trx) => {
    const certificate = await certificateRow(trx, certificateId);
    if (certificate.revoked_at !== null) throw AppError.validation('This certificate is already revoked.');
    const now = Date.now();
    await trx
      .updateTable('certificate')
      .set({ revoked_at: now, revoked_reason: who.reason })
      .where('certificate_id', '=', certificateId)
      .execute();
    return {
      userRef: certificate.user_ref,
      target: certificateId,
      details: {
        before: { revoked_at: null },
        after: { revoked_at: new Date(now).toISOString(), revoked_reason: who.reason },
      },
    };
  });
}

// The learner's full-name rule, in words that fit a certificate's holder name.
const HOLDER_NAME_MESSAGES: Record<string, string> = {
  [VALIDATION_MESSAGES.fullNameRequired]: 'Please enter the holder name (1 to 100 characters).',
  [VALIDATION_MESSAGES.fullNameTooLong]: 'The holder name must be at most 100 characters long.',
  [VALIDATION_MESSAGES.fullNameInvalid]: 'The holder name contains characters that are not allowed.',
};

/** The rule of a corrected holder name (the learner's full-name rule), declared on `adminReissueCertificate`. */
export function holderNameProblem(name: string): string | null {
  const problem = validateFullName(name);
  return problem && (HOLDER_NAME_MESSAGES[problem] ?? problem);
}

/**
 * Reissues a certificate under the same id with a corrected holder name, and restores it
 * if it was revoked (docs/decisions/0009: the id stays, because it is already printed and
 * linked). The image is drawn from the row on request, so the next download shows the new
 * name. A deleted account's certificates stay revoked: there is no holder left to name.
 * The name has passed `holderNameProblem` (declared on the field).
 */
export function reissueCertificate(
  db: Kysely<Database>,
  who: Acting,
  certificateId: string,
  holderName: string,
): Promise<string> {
  const name = holderName.trim();
  return auditedChange(db, who, 'reissue_certificate', async (trx) => {
    const certificate = await certificateRow(trx, certificateId);
    refuseDeleted(await learnerRow(trx, certificate.user_ref));
    if (certificate.holder_name === name && certificate.revoked_at === null) {
      throw AppError.validation('This certificate already shows this name and is not revoked.');
    }
    // The signed credential is issued again with a newer validFrom (Open Badges treats the
    // newest as the one in force). Lifting a revocation also moves it to a new place in the
    // status list: revocation is not reversible, so a copy of the revoked credential stays
    // revoked, and the learner downloads the new one (docs/decisions/0011).
    const now = Date.now();
    const place = certificate.revoked_at === null ? null : await supersedeStatusPlace(trx, certificateId, now);
    await trx
      .updateTable('certificate')
      .set({
        holder_name: name,
        revoked_at: null,
        revoked_reason: null,
        credential_issued_at: now,
        ...(place ? { status_list: place.list, status_index: place.index } : {}),
      })
      .where('certificate_id', '=', certificateId)
      .execute();
    return {
      userRef: certificate.user_ref,
      target: certificateId,
      // The audit log cannot be changed, and a learner may delete their account: it names
      // learners by id only, so it says that the name changed, never what it was or became.
      details: {
        holder_name_changed: certificate.holder_name !== name,
        before: {
          revoked_at: certificate.revoked_at === null ? null : new Date(certificate.revoked_at).toISOString(),
          revoked_reason: certificate.revoked_reason,
        },
        after: { revoked_at: null, revoked_reason: null },
      },
    };
  });
}
