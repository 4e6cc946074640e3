import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** Webhook ids are kept this long to recognise Razorpay's retries (it retries for 24 h). */
export const WEBHOOK_ID_RETENTION_MS = 30 * 24 * 3_600_000;

export interface PurgeResult {
  sessions: number;
  webhookEvents: number;
  rateLimitRows: number;
}

/**
 * Deletes what no longer means anything: sessions past their absolute or idle lifetime,
 * webhook event ids older than 30 days, and throttle counters whose window has passed
 * (PostgreSQL's store keeps them as rows; Redis and memory expire their own).
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
  return {
    sessions: Number(sessions.numDeletedRows),
    webhookEvents: Number(webhookEvents.numDeletedRows),
    rateLimitRows: Number(rateLimitRows.numDeletedRows),
  };
}
