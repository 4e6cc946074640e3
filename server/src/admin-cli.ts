import { openDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { loadEnv } from './lib/env';
import { COMMAND_LINE, recordAudit } from './modules/admin/audit-log';

// `npm run admin -- grant <email>` / `npm run admin -- revoke <email>`: the only way to
// make (or unmake) an admin. Works on whatever DATABASE_URL points at.
const USAGE = 'Usage: npm run admin -- grant <email>   |   npm run admin -- revoke <email>';

const [command, emailArgument] = process.argv.slice(2);
if ((command !== 'grant' && command !== 'revoke') || !emailArgument) {
  console.error(USAGE);
  process.exit(2);
}
const email = emailArgument.trim().toLowerCase();
const env = loadEnv();
const handle = openDatabase(env.databaseUrl, console);
let code = 0;
try {
  await migrateToLatest(handle.db);
  const role = command === 'grant' ? 'admin' : 'learner';
  const changed = await busyRetry(() =>
    handle.db.transaction().execute(async (trx) => {
      const user = await trx
        .selectFrom('app_user')
        .select(['id', 'role'])
        .where('user_id', '=', email)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      if (!user) return null;
      await trx.updateTable('app_user').set({ role }).where('id', '=', user.id).execute();
      await recordAudit(trx, {
        actor: COMMAND_LINE,
        action: command === 'grant' ? 'grant_admin' : 'revoke_admin',
        targetUserRef: user.id,
        target: null,
        reason: 'changed from the command line',
        details: { before: user.role, after: role },
      });
      return user;
    }),
  );
  if (!changed) {
    console.error(`No account has the email ${email}. The learner must sign up first.`);
    code = 1;
  } else {
    console.log(command === 'grant' ? `${email} is now an admin.` : `${email} is no longer an admin.`);
  }
} finally {
  await handle.close();
}
process.exit(code);

/**
 * On SQLite a running server may write between this transaction's read and its write;
 * SQLite then answers SQLITE_BUSY at once instead of waiting. Trying again is the fix.
 */
async function busyRetry<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (attempt >= 10 || typeof code !== 'string' || !code.startsWith('SQLITE_BUSY')) throw error;
    }
  }
}
