import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Selectable } from 'kysely';
import type { Database, MailOutboxTable } from '../../db/schema';
import type { Seller } from '../settings/business-settings';
import { issueConfirmationLink } from '../account/email-confirmation';
import { issueResetLink } from '../account/password-reset';
import type { QueuedMail } from './mail-queue';
import { renderMail, type RenderedMail } from './mail-templates';
import type { Delivery, MailTransport } from './mail-transport';

export interface MailSenderDeps {
  db: Kysely<Database>;
  transport: MailTransport;
  seller: Seller;
  appOrigin: string;
  /** The From header (env.mail.from). */
  from: string;
  log: FastifyBaseLogger;
}

export interface SendMailOptions {
  /** Stops the run between messages, and interrupts the message being sent. */
  signal?: AbortSignal;
  /** How many due rows are read at a time. */
  batchSize?: number;
}

export interface SendMailSummary {
  sent: number;
  /** Failed this time, due again later. */
  retried: number;
  /** Failed for the last time: status 'failed'. */
  failed: number;
}

/** After this many attempts (retries spread over about 20.5 hours: 1 min doubling to 6 h) a message is marked failed. */
export const MAX_SEND_ATTEMPTS = 12;
const FIRST_RETRY_MS = 60_000;
const LONGEST_RETRY_MS = 6 * 3_600_000;
/**
 * How long a sender owns a row it took. Far longer than one SMTP conversation may last
 * (mail-transport.ts's timeouts), so a second sender cannot take a row still being sent;
 * if the first died mid-send, the row is due again after this and is sent again.
 */
export const SEND_CLAIM_MS = 10 * 60_000;
const DEFAULT_BATCH_SIZE = 20;

/** Wait before attempt `attempts + 1`: 1 min, 2, 4 … at most 6 h. */
export function retryDelayMs(attempts: number): number {
  return Math.min(LONGEST_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1));
}

type OutboxRow = Selectable<MailOutboxTable>;

/**
 * Sends the messages that are due, oldest first, and records each outcome: sent, due
 * again later with a longer wait, or failed after the last attempt. Each row is claimed
 * with a conditional UPDATE before it is sent, so two senders never send one row twice,
 * and marked sent only after the transport accepted it (at least once, never lost).
 */
/** What a goodbye email's row keeps as its recipient once it has been sent. */
export const DELETED_RECIPIENT = 'deleted-account@deleted.invalid';

export async function sendDueMail(deps: MailSenderDeps, options: SendMailOptions = {}): Promise<SendMailSummary> {
  const { signal, batchSize = DEFAULT_BATCH_SIZE } = options;
  const summary: SendMailSummary = { sent: 0, retried: 0, failed: 0 };
  for (;;) {
    const now = Date.now();
    const due = await deps.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('status', '=', 'pending')
      .where('next_attempt_at', '<=', now)
      .orderBy('created_at')
      .orderBy('id')
      .limit(batchSize)
      .execute();
    for (const row of due) {
      if (signal?.aborted) return summary;
      // The claim's clock is read now, not at the batch's start: a slow batch must not
      // claim its last rows for a time that has already passed.
      if (!(await claim(deps.db, row.id, Date.now()))) continue; // another sender has it
      const outcome = await sendOne(deps, { ...row, attempts: row.attempts + 1 }, signal);
      if (outcome !== 'interrupted') summary[outcome] += 1;
    }
    // Every row of this batch is now sent, failed or due later, so the next read moves on.
    if (due.length < batchSize || signal?.aborted) return summary;
  }
}

async function claim(db: Kysely<Database>, id: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable('mail_outbox')
    .set((eb) => ({ next_attempt_at: now + SEND_CLAIM_MS, attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

type Outcome = keyof SendMailSummary | 'interrupted';

/** `row.attempts` already counts this attempt. */
async function sendOne(deps: MailSenderDeps, row: OutboxRow, signal: AbortSignal | undefined): Promise<Outcome> {
  const { db, log } = deps;
  const about = { mailId: row.id, kind: row.kind, attempts: row.attempts };
  let rendered: RenderedMail;
  try {
    rendered = renderMail(await completeForSending(deps, queuedMailOf(row)), deps.seller, deps.appOrigin);
  } catch (error) {
    // A bug or bad data, not the mail server: say so loudly, and still retry (a fix may ship).
    log.error({ ...about, event: 'mail_render_failed', error: errorSummary(error) }, 'could not write an email');
    return recordFailure(deps, row, error);
  }
  let delivery: Delivery;
  try {
    delivery = await deps.transport.send(
      { id: row.id, kind: row.kind, from: deps.from, to: row.to_address, ...rendered },
      signal,
    );
  } catch (error) {
    if (signal?.aborted) {
      // The server is stopping: give the row back as it was. If the message did get
      // through, it is sent again (with the same Message-ID); at least once beats never.
      await db
        .updateTable('mail_outbox')
        .set((eb) => ({ next_attempt_at: Date.now(), attempts: eb('attempts', '-', 1) }))
        .where('id', '=', row.id)
        .where('status', '=', 'pending')
        .execute();
      log.info({ ...about, event: 'mail_send_interrupted' }, 'email sending interrupted; it will be sent later');
      return 'interrupted';
    }
    return recordFailure(deps, row, error);
  }
  await db
    .updateTable('mail_outbox')
    .set({
      status: 'sent',
      sent_at: Date.now(),
      subject: rendered.subject,
      last_error: null,
      // The goodbye email is the last thing sent to a deleted account: once it is out,
      // its row keeps no address (decision 0008).
      ...(row.kind === 'account_deleted' ? { to_address: DELETED_RECIPIENT } : {}),
    })
    .where('id', '=', row.id)
    .execute();
  if (delivery.file) {
    log.info({ ...about, event: 'mail_written', file: delivery.file }, `email written to ${delivery.file}`);
  } else {
    log.info({ ...about, event: 'mail_sent', messageId: delivery.messageId }, 'email sent');
  }
  return 'sent';
}

async function recordFailure(deps: MailSenderDeps, row: OutboxRow, error: unknown): Promise<Outcome> {
  const lastError = errorSummary(error);
  const about = { mailId: row.id, kind: row.kind, attempts: row.attempts, error: lastError };
  if (row.attempts >= MAX_SEND_ATTEMPTS) {
    await deps.db
      .updateTable('mail_outbox')
      .set({
        status: 'failed',
        last_error: lastError,
        ...(row.kind === 'account_deleted' ? { to_address: DELETED_RECIPIENT } : {}),
      })
      .where('id', '=', row.id)
      .execute();
    deps.log.error({ ...about, event: 'mail_failed' }, `email not sent after ${row.attempts} attempts; giving up`);
    return 'failed';
  }
  const nextAttemptAt = Date.now() + retryDelayMs(row.attempts);
  await deps.db
    .updateTable('mail_outbox')
    .set({ next_attempt_at: nextAttemptAt, last_error: lastError })
    .where('id', '=', row.id)
    .execute();
  deps.log.warn({ ...about, event: 'mail_retry', nextAttemptAt }, 'email not sent; will retry');
  return 'retried';
}

/**
 * Adds what may only exist once the message leaves: a password-reset or email confirmation
 * link is made now, so its token is never stored anywhere but as a hash (docs/decisions/0008). Each try
 * makes a fresh link, which also ends any link an earlier try sent.
 */
async function completeForSending(deps: MailSenderDeps, mail: QueuedMail): Promise<QueuedMail> {
  if (!mail.userRef) return mail;
  if (mail.kind === 'password_reset') {
    const resetUrl = await issueResetLink(deps.db, deps.appOrigin, mail.userRef);
    return { ...mail, data: { ...mail.data, resetUrl } };
  }
  if (mail.kind === 'welcome') {
    // The confirmation link, unless the address was confirmed meanwhile.
    const confirmUrl = await issueConfirmationLink(deps.db, deps.appOrigin, mail.userRef);
    return { ...mail, data: { ...mail.data, confirmUrl } };
  }
  return mail;
}

function queuedMailOf(row: OutboxRow): QueuedMail {
  // The kind is checked by renderMail, which has a template for each known one.
  return { kind: row.kind, to: row.to_address, userRef: row.user_ref, data: JSON.parse(row.data) } as QueuedMail;
}

/**
 * What went wrong, for the log and `last_error`: the error's code, the SMTP reply code
 * and its message (which quotes the server's reply), never the message being sent.
 */
function errorSummary(error: unknown): string {
  if (!(error instanceof Error)) return String(error).slice(0, 500);
  const { code, responseCode } = error as { code?: unknown; responseCode?: unknown };
  const prefix = [code, responseCode].filter((part) => part !== undefined && part !== null).join(' ');
  return `${prefix ? `${prefix}: ` : ''}${error.message}`.slice(0, 500);
}
