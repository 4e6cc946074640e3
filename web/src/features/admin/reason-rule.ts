// The server's rule for every admin action (modules/admin/audit-log.ts), from common/.
export { REASON_MAX, REASON_MIN, reasonIsValid } from '@ehc/common';
