import DataLoader from 'dataloader';
import { sql } from 'kysely';
import type { DatabaseHandle } from '../../db/database';
import type { UserRow } from '../users/user-store';
import type { SessionTimes } from './session-store';

/** A session's user with the session's own times; what every signed-in request reads. */
export type SessionUserRow = UserRow & SessionTimes;

/** Reads the session with a given token hash, with its user; undefined when there is none. */
export type SessionRows = (tokenHash: string) => Promise<SessionUserRow | undefined>;

// A statement costs far more than the row it reads: on PostgreSQL the round trip, on
// SQLite the driver's work around each statement. One lookup per request held the
// dashboard to a third of what the server answers without a database (PostgreSQL) and
// under half (SQLite). The lookups that arrive in one turn of the event loop therefore
// go as one statement (decisions/0023). Each still reads the database after its request
// arrived, so a sign-out or a new progress version shows on the very next request.
const MAX_BATCH = 100;

type BatchRow = SessionUserRow & { token_hash: string };

// The sessions and their users, narrowed below to the tokens asked for.
const sessionUsers = sql`
  select u.*, s.token_hash, s.last_seen_at, s.expires_at
    from user_session s join app_user u on u.id = s.user_ref`;

// The same statement in each dialect's way of passing a list: an array on PostgreSQL,
// JSON on SQLite.
const byHashes = {
  postgres: (tokenHashes: string[]) => sql<BatchRow>`${sessionUsers} where s.token_hash = any(${tokenHashes})`,
  sqlite: (tokenHashes: string[]) =>
    sql<BatchRow>`${sessionUsers} where s.token_hash in (select value from json_each(${JSON.stringify(tokenHashes)}))`,
};

/** The session lookup every signed-in request makes, batched per turn of the event loop. */
export function sessionRows({ db, kind }: Pick<DatabaseHandle, 'db' | 'kind'>): SessionRows {
  const query = byHashes[kind];
  const loader = new DataLoader<string, SessionUserRow | undefined>(
    async (tokenHashes) => {
      const { rows } = await db.executeQuery(query([...tokenHashes]).compile(db));
      const byHash = new Map(rows.map(({ token_hash, ...row }) => [token_hash, row]));
      return tokenHashes.map((tokenHash) => byHash.get(tokenHash));
    },
    // No memo: every request must read afresh. setImmediate runs once the event loop has
    // taken in every request that was waiting, so their lookups share the statement.
    { cache: false, maxBatchSize: MAX_BATCH, batchScheduleFn: (run) => setImmediate(run) },
  );
  return (tokenHash) => loader.load(tokenHash);
}
