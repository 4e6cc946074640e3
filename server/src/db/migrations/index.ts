import type { Migration } from 'kysely';
import * as m0001 from './0001-users-and-sessions';
import * as m0002 from './0002-lesson-progress';
import * as m0003 from './0003-payments';
import * as m0004 from './0004-certificates';
import * as m0005 from './0005-shared-state';
import * as m0006 from './0006-accounts-and-mail';
import * as m0007 from './0007-admin-and-settings';
import * as m0008 from './0008-credentials';
import * as m0009 from './0009-knowledge-checks';
import * as m0010 from './0010-tax-invoices';
import * as m0011 from './0011-progress-version';
import * as m0012 from './0012-labs';
import * as m0013 from './0013-audit-log-sealed';
import * as m0014 from './0014-unmatched-webhooks';
import * as m0015 from './0015-refund-records';
import * as m0016 from './0016-email-confirmation';
import * as m0017 from './0017-answer-shown';
import * as m0018 from './0018-rsa-signing-keys';

/**
 * Every migration, in order. Listed in code (not read from a folder) so the set is
 * fixed at build time and identical on SQLite and PostgreSQL. Never edit a shipped
 * migration; add the next number.
 */
export const migrations: Record<string, Migration> = {
  '0001-users-and-sessions': m0001,
  '0002-lesson-progress': m0002,
  '0003-payments': m0003,
  '0004-certificates': m0004,
  '0005-shared-state': m0005,
  '0006-accounts-and-mail': m0006,
  '0007-admin-and-settings': m0007,
  '0008-credentials': m0008,
  '0009-knowledge-checks': m0009,
  '0010-tax-invoices': m0010,
  '0011-progress-version': m0011,
  '0012-labs': m0012,
  '0013-audit-log-sealed': m0013,
  '0014-unmatched-webhooks': m0014,
  '0015-refund-records': m0015,
  '0016-email-confirmation': m0016,
  '0017-answer-shown': m0017,
  '0018-rsa-signing-keys': m0018,
};
