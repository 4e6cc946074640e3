import type { TaxInvoice } from '../billing/tax-invoice';
import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * What a learner is told by email, and what each message needs to be written. The data
 * is captured when the message is queued (in the transaction of the event it reports,
 * so a payment and its receipt commit together) and rendered when it is sent
 * (mail-templates.ts), so a message is never lost by a failing SMTP server.
 */
export interface MailData {
  /** fullName is '' since issue 39 (the name is not sent before the address is confirmed); confirmUrl is made when it is sent. */
  welcome: { fullName: string; confirmUrl?: string | null };
  password_reset: { fullName: string; resetUrl: string; validMinutes: number };
  password_changed: { fullName: string; changedAt: number };
  receipt: {
    fullName: string;
    receiptNumber: string;
    receiptUrl: string;
    amountPaise: number;
    paidAt: number;
    paymentId: string;
    method: string | null;
    /** The GST facts when the seller was registered; absent in mails queued before invoices existed. */
    invoice?: TaxInvoice | null;
  };
  certificate_issued: {
    fullName: string;
    title: string;
    certificateId: string;
    verifyUrl: string;
    fullCourse: boolean;
  };
  refund_processed: { fullName: string; amountPaise: number; paymentId: string; accessRevoked: boolean };
  account_deleted: { fullName: string; deletedAt: number };
}

export type MailKind = keyof MailData;

export type QueuedMail = {
  [K in MailKind]: { kind: K; to: string; userRef: string | null; data: MailData[K] };
}[MailKind];

/** Puts a message in the outbox; the mail job sends it (with retries) soon after. */
export async function queueMail(
  db: Kysely<Database> | Transaction<Database>,
  mail: QueuedMail,
  now = Date.now(),
): Promise<void> {
  await db
    .insertInto('mail_outbox')
    .values({
      id: randomUUID(),
      kind: mail.kind,
      to_address: mail.to,
      user_ref: mail.userRef,
      data: JSON.stringify(mail.data),
      subject: null,
      status: 'pending',
      attempts: 0,
      next_attempt_at: now,
      last_error: null,
      created_at: now,
      sent_at: null,
    })
    .execute();
}
