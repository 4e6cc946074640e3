/** The server's rule for every admin action (modules/admin/audit-log.ts): a reason of 5 to 500 characters. */
export const REASON_MIN = 5;
export const REASON_MAX = 500;

export function reasonIsValid(reason: string): boolean {
  const length = reason.trim().length;
  return length >= REASON_MIN && length <= REASON_MAX;
}
