import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** Webhook ids are kept this long to recognise Razorpay's retries (it retries for 24 h). */
export const WEBHOOK_ID_RETENTION_MS = 30 * 24 * 3_600_000;

/** Sent and failed emails are kept this long (the learner's "my data" lists them), then deleted. */
export const MAIL_RETENTION_MS = 90 * 24 * 3_600_000;

export interface PurgeResult {
  sessions: number;
  webhookEvents: number;
  rateLimitRows: number;
  resetLinks: number;
  mails: number;
}

/**
 * Deletes what no longer means anything: sessions past their absolute or idle lifetime,
 * webhook event ids older than 30 days, throttle counters whose window has passed
 * (PostgreSQL's store keeps them as rows; Redis and memory expire their own), reset
 * links that have expired, and emails sent (or given up on) more than 90 days ago.
 */
export async function purgeExpired(
  db: Kysely<Database>,
  policy: { idleTimeoutMs: number },
  now = Date.now(),
): Promise<PurgeResult> {
  const sessions = await db
    .deleteFrom('user_session')
    .where((eb) => eb.or([eb('expires_at', '<=', now), eb('last_seen_at', '<=', now - policy.idleTimeoutMs)]))
    .executeTakeFirst();
  const webhookEvents = await db
    .deleteFrom('webhook_event')
    .where('received_at', '<', now - WEBHOOK_ID_RETENTION_MS)
    .executeTakeFirst();
  const rateLimitRows = await db.deleteFrom('rate_limit').where('expire', '<', now).executeTakeFirst();
  const resetLinks = await db.deleteFrom('password_reset').where('expires_at', '<', now).executeTakeFirst();
  const mails = await db
    .deleteFrom('mail_outbox')
    .where('status', 'in', ['sent', 'failed'])
    .where('created_at', '<', now - MAIL_RETENTION_MS)
    .executeTakeFirst();
  return {
    sessions: Number(sessions.numDeletedRows),
    webhookEvents: Number(webhookEvents.numDeletedRows),
    rateLimitRows: Number(rateLimitRows.numDeletedRows),
    resetLinks: Number(resetLinks.numDeletedRows),
    mails: Number(mails.numDeletedRows),
  };
}
