import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { receiptLabel } from '../billing/receipts';
import type { UserRow } from '../users/user-store';

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/**
 * Everything stored about the learner, for "Download my data" (DPDP access right):
 * the account, when each session was used, progress, labs, orders and payments, certificates,
 * the emails sent and reset links asked for. Secrets (password hash, token hashes) are
 * not personal data worth handing out and would only help an attacker: left out.
 */
export async function exportLearnerData(db: Kysely<Database>, user: UserRow): Promise<Record<string, unknown>> {
  const id = user.id;
  const [sessions, lessons, answers, modules, orders, payments, certificates, emails, resets, labs] = await Promise.all(
    [
      db
        .selectFrom('user_session')
        .select(['created_at', 'last_seen_at', 'expires_at'])
        .where('user_ref', '=', id)
        .execute(),
      db
        .selectFrom('lesson_progress')
        .select(['module_id', 'lesson_slug', 'completed_at'])
        .where('user_ref', '=', id)
        .execute(),
      db
        .selectFrom('question_attempt')
        .select([
          'module_id',
          'lesson_slug',
          'question_id',
          'first_correct',
          'first_answer',
          'first_answered_at',
          'last_correct',
          'last_answer',
          'last_answered_at',
          'attempts',
        ])
        .where('user_ref', '=', id)
        .execute(),
      db.selectFrom('module_completion').select(['module_id', 'completed_at']).where('user_ref', '=', id).execute(),
      db
        .selectFrom('payment_order')
        .select(['order_id', 'amount', 'currency', 'status', 'created_at'])
        .where('user_ref', '=', id)
        .execute(),
      db
        .selectFrom('payment')
        .select([
          'payment_id',
          'order_id',
          'amount',
          'currency',
          'status',
          'method',
          'captured_at',
          'refunded_at',
          'receipt_number',
        ])
        .where('user_ref', '=', id)
        .execute(),
      db
        .selectFrom('certificate')
        .select(['certificate_id', 'scope', 'holder_name', 'completed_at', 'revoked_at'])
        .where('user_ref', '=', id)
        .execute(),
      db
        .selectFrom('mail_outbox')
        .select(['kind', 'subject', 'status', 'created_at', 'sent_at'])
        .where('user_ref', '=', id)
        .execute(),
      db
        .selectFrom('password_reset')
        .select(['created_at', 'expires_at', 'used_at'])
        .where('user_ref', '=', id)
        .execute(),
      db
        .selectFrom('lab_progress')
        .select([
          'lab_id',
          'first_started_at',
          'last_started_at',
          'hints_shown',
          'writeup_viewed_at',
          'solved_at',
          'solved_with_writeup',
        ])
        .where('user_ref', '=', id)
        .execute(),
    ],
  );
  type Row = Record<string, number | string | null>;
  const times = (rows: unknown[], fields: string[]) =>
    (rows as Row[]).map((row) =>
      Object.fromEntries(Object.entries(row).map(([k, v]) => [k, fields.includes(k) ? iso(v as number | null) : v])),
    );
  return {
    exported_at: new Date().toISOString(),
    account: {
      email: user.user_id,
      full_name: user.full_name,
      phone: user.phone,
      state_code: user.state_code,
      created_at: iso(user.created_at),
      course_unlocked: user.payment_status === 1,
      email_confirmed_at: user.email_confirmed_at == null ? null : iso(user.email_confirmed_at),
    },
    sessions: times(sessions, ['created_at', 'last_seen_at', 'expires_at']),
    completed_lessons: times(lessons, ['completed_at']),
    knowledge_check_answers: times(
      answers.map((row) => ({
        ...row,
        first_correct: row.first_correct === 1,
        last_correct: row.last_correct === 1,
        first_answer: JSON.parse(row.first_answer) as unknown,
        last_answer: JSON.parse(row.last_answer) as unknown,
      })),
      ['first_answered_at', 'last_answered_at'],
    ),
    completed_modules: times(modules, ['completed_at']),
    labs: times(
      labs.map((row) => ({ ...row, solved_with_writeup: row.solved_with_writeup === 1 })),
      ['first_started_at', 'last_started_at', 'writeup_viewed_at', 'solved_at'],
    ),
    shows_evidence_on_certificates: user.show_evidence === 1,
    orders: times(orders, ['created_at']),
    payments: times(payments, ['captured_at', 'refunded_at']).map((row) => ({
      ...row,
      receipt_number: typeof row.receipt_number === 'number' ? receiptLabel(row.receipt_number) : null,
    })),
    certificates: times(certificates, ['completed_at', 'revoked_at']),
    emails: times(emails, ['created_at', 'sent_at']),
    password_reset_requests: times(resets, ['created_at', 'expires_at', 'used_at']),
  };
}
