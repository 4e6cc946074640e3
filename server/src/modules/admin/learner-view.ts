import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { receiptLabel } from '../billing/receipts';
import { certificateTitle } from '../certificates/certificate-service';
import type { Catalogue } from '../courses/catalogue';
import type { UserRow } from '../users/user-store';
import { auditOf } from './audit-log';

const iso = (ms: number) => new Date(ms).toISOString();
const isoOrNull = (ms: number | null) => (ms === null ? null : iso(ms));

// Shapes of the console's GraphQL types (admin-schema.ts), field for field.
export interface AdminLearnerSummaryView {
  id: string;
  email: string;
  full_name: string;
  phone: string;
  paid: boolean;
  role: string;
  deleted: boolean;
  created_at: string;
}

export interface AdminOrderView {
  order_id: string;
  status: string;
  amount: number;
  currency: string;
  gateway: string;
  created_at: string;
  updated_at: string;
}

export interface AdminPaymentView {
  payment_id: string;
  order_id: string;
  status: string;
  amount: number;
  currency: string;
  method: string | null;
  captured_at: string;
  refunded_at: string | null;
  receipt_number: string | null;
}

export interface AdminDuplicatePaymentView {
  payment_id: string;
  order_id: string;
  amount: number;
  status: string;
  refund_id: string | null;
  captured_at: string;
}

export interface AdminModuleProgressView {
  module_id: string;
  title: string;
  completed_lessons: number;
  total_lessons: number;
  completed_at: string | null;
}

export interface AdminCertificateView {
  certificate_id: string;
  title: string;
  holder_name: string;
  completed_at: string;
  revoked_at: string | null;
  revoked_reason: string | null;
}

export interface AdminEmailView {
  kind: string;
  subject: string | null;
  status: string;
  attempts: number;
  created_at: string;
  sent_at: string | null;
  last_error: string | null;
}

export interface AdminSessionView {
  created_at: string;
  last_seen_at: string;
  expires_at: string;
}

export interface AuditEntryView {
  at: string;
  actor_email: string;
  action: string;
  target: string | null;
  reason: string;
  /** JSON, as recorded. */
  details: string;
}

export interface AdminLearnerView {
  summary: AdminLearnerSummaryView;
  orders: AdminOrderView[];
  payments: AdminPaymentView[];
  duplicate_payments: AdminDuplicatePaymentView[];
  progress: AdminModuleProgressView[];
  certificates: AdminCertificateView[];
  emails: AdminEmailView[];
  sessions: AdminSessionView[];
  audit: AuditEntryView[];
}

export function presentSummary(row: UserRow): AdminLearnerSummaryView {
  return {
    id: row.id,
    email: row.user_id,
    full_name: row.full_name,
    phone: row.phone,
    paid: row.payment_status === 1,
    role: row.role,
    deleted: row.deleted_at !== null,
    created_at: iso(row.created_at),
  };
}

// Outbox rows are deleted 90 days after queueing (decision 0008); this only bounds a page.
const EMAILS_SHOWN = 200;

/** Everything the console shows about one learner, newest first in each list; null when no such account. */
export async function loadLearnerView(
  db: Kysely<Database>,
  catalogue: Catalogue,
  userRef: string,
): Promise<AdminLearnerView | null> {
  const user = await db.selectFrom('app_user').selectAll().where('id', '=', userRef).executeTakeFirst();
  if (!user) return null;
  const byUser = userRef;
  const [orders, payments, duplicates, lessons, completions, certificates, emails, sessions, audit] = await Promise.all(
    [
      db.selectFrom('payment_order').selectAll().where('user_ref', '=', byUser).orderBy('created_at', 'desc').execute(),
      db.selectFrom('payment').selectAll().where('user_ref', '=', byUser).orderBy('captured_at', 'desc').execute(),
      db
        .selectFrom('duplicate_payment')
        .selectAll()
        .where('user_ref', '=', byUser)
        .orderBy('captured_at', 'desc')
        .execute(),
      db.selectFrom('lesson_progress').select(['module_id', 'lesson_slug']).where('user_ref', '=', byUser).execute(),
      db.selectFrom('module_completion').select(['module_id', 'completed_at']).where('user_ref', '=', byUser).execute(),
      db.selectFrom('certificate').selectAll().where('user_ref', '=', byUser).orderBy('completed_at').execute(),
      db
        .selectFrom('mail_outbox')
        .select(['kind', 'subject', 'status', 'attempts', 'created_at', 'sent_at', 'last_error'])
        .where('user_ref', '=', byUser)
        .orderBy('created_at', 'desc')
        .limit(EMAILS_SHOWN)
        .execute(),
      db
        .selectFrom('user_session')
        .select(['created_at', 'last_seen_at', 'expires_at'])
        .where('user_ref', '=', byUser)
        .orderBy('last_seen_at', 'desc')
        .execute(),
      auditOf(db, byUser),
    ],
  );

  const completedAt = new Map(completions.map((c) => [c.module_id, c.completed_at]));
  return {
    summary: presentSummary(user),
    orders: orders.map((o) => ({
      order_id: o.order_id,
      status: o.status,
      amount: o.amount,
      currency: o.currency,
      gateway: o.gateway,
      created_at: iso(o.created_at),
      updated_at: iso(o.updated_at),
    })),
    payments: payments.map((p) => ({
      payment_id: p.payment_id,
      order_id: p.order_id,
      status: p.status,
      amount: p.amount,
      currency: p.currency,
      method: p.method,
      captured_at: iso(p.captured_at),
      refunded_at: isoOrNull(p.refunded_at),
      receipt_number: p.receipt_number === null ? null : receiptLabel(p.receipt_number),
    })),
    duplicate_payments: duplicates.map((d) => ({
      payment_id: d.payment_id,
      order_id: d.order_id,
      amount: d.amount,
      status: d.status,
      refund_id: d.refund_id,
      captured_at: iso(d.captured_at),
    })),
    // Counted against the current content, as the learner's own progress is.
    progress: catalogue.modules.map((module) => {
      const done = new Set(lessons.filter((l) => l.module_id === module.id).map((l) => l.lesson_slug));
      return {
        module_id: module.id,
        title: module.title,
        completed_lessons: module.lessons.filter((lesson) => done.has(lesson.slug)).length,
        total_lessons: module.lessons.length,
        completed_at: isoOrNull(completedAt.get(module.id) ?? null),
      };
    }),
    certificates: certificates.map((c) => ({
      certificate_id: c.certificate_id,
      title: certificateTitle(c.scope),
      holder_name: c.holder_name,
      completed_at: iso(c.completed_at),
      revoked_at: isoOrNull(c.revoked_at),
      revoked_reason: c.revoked_reason,
    })),
    emails: emails.map((e) => ({
      kind: e.kind,
      subject: e.subject,
      status: e.status,
      attempts: e.attempts,
      created_at: iso(e.created_at),
      sent_at: isoOrNull(e.sent_at),
      last_error: e.last_error,
    })),
    sessions: sessions.map((s) => ({
      created_at: iso(s.created_at),
      last_seen_at: iso(s.last_seen_at),
      expires_at: iso(s.expires_at),
    })),
    audit: audit.map((a) => ({
      at: iso(a.at),
      actor_email: a.actor_email,
      action: a.action,
      target: a.target,
      reason: a.reason,
      details: a.details,
    })),
  };
}
