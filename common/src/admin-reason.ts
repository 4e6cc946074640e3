/**
 * The reason every admin action must give, kept in the audit log. The console's dialogs
 * and the server check it with this one rule: at least 5 letters or digits once format
 * characters are removed (zero-width spaces, joiners and direction marks render as
 * nothing, so five of them would read as a blank reason), and at most 500 characters.
 */
export const REASON_MIN = 5;
export const REASON_MAX = 500;

export const REASON_MESSAGE = 'Please give a reason (5 to 500 characters); it is kept in the audit log.';

/** The reason as it is stored: format characters removed, trimmed. */
export function normaliseReason(reason: string): string {
  return reason.replace(/\p{Cf}/gu, '').trim();
}

export function reasonIsValid(reason: string): boolean {
  const cleaned = normaliseReason(reason);
  const visible = cleaned.match(/[\p{L}\p{N}]/gu)?.length ?? 0;
  return visible >= REASON_MIN && cleaned.length <= REASON_MAX;
}
