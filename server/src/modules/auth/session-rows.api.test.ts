import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/schema';
import { createTestApp, signUpLearner, type TestApp } from '../../test/test-app';
import { sessionRows } from './session-rows';
import { hashSessionToken } from './session-token';

// The lookup every signed-in request makes (decisions/0023): the lookups of one turn of the
// event loop share a statement; each still answers for its own token, and reads the
// database after it was asked.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const hashOf = (cookie: string) => hashSessionToken(cookie.slice(cookie.indexOf('=') + 1));

type ExecuteQuery = Kysely<Database>['executeQuery'];

/** The app's database handle with its statements sent through `execute` instead. */
function handleWith(execute: (run: ExecuteQuery, ...args: Parameters<ExecuteQuery>) => ReturnType<ExecuteQuery>) {
  const { db, kind } = t.services.database;
  const run: ExecuteQuery = (...args) => db.executeQuery(...args);
  const wrapped = new Proxy(db, {
    get(target, property) {
      if (property === 'executeQuery') return (...args: Parameters<ExecuteQuery>) => execute(run, ...args);
      const value = Reflect.get(target, property) as unknown;
      // Kysely's methods read private fields, which exist on the target, not on the proxy.
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
  return { db: wrapped, kind };
}

/** The app's database handle, counting the statements it runs. */
function countingDatabase() {
  const counter = { statements: 0 };
  const handle = handleWith((run, ...args) => {
    counter.statements += 1;
    return run(...args);
  });
  return { counter, handle };
}

describe('session rows', () => {
  it('answers each of many lookups made at once with its own session, and nothing for an unknown token', async () => {
    const learners = await Promise.all(
      Array.from({ length: 5 }, (_, i) => signUpLearner(t, { paid: i % 2 === 0, fullName: `Learner ${i}` })),
    );
    const { counter, handle } = countingDatabase();
    const read = sessionRows(handle);
    // Two tabs of one learner, an unknown token, and more lookups than one statement takes.
    const hashes = [
      ...learners.map((learner) => hashOf(learner.cookie)),
      hashOf(learners[0]!.cookie),
      hashSessionToken('no-such-session'),
      ...Array.from({ length: 150 }, (_, i) => hashOf(learners[i % learners.length]!.cookie)),
    ];
    const rows = await Promise.all(hashes.map((hash) => read(hash)));

    learners.forEach((learner, i) => {
      expect(rows[i]?.user_id).toBe(learner.email);
      expect(rows[i]?.id).toBe(learner.userRef);
      expect(rows[i]?.full_name).toBe(`Learner ${i}`);
      expect(rows[i]?.payment_status).toBe(i % 2 === 0 ? 1 : 0);
      expect(rows[i]?.expires_at).toBeGreaterThan(Date.now());
    });
    expect(rows[5]?.user_id).toBe(learners[0]!.email);
    expect(rows[6]).toBeUndefined();
    rows.slice(7).forEach((row, i) => expect(row?.user_id).toBe(learners[i % learners.length]!.email));
    // 157 lookups, in statements of at most 100.
    expect(counter.statements).toBe(2);
  });

  it('reads after it is asked: a session deleted just before, or while another batch runs, is gone, even one read before', async () => {
    const [kept, signedOut, later] = await Promise.all([
      signUpLearner(t, { paid: true }),
      signUpLearner(t, { paid: true }),
      signUpLearner(t, { paid: true }),
    ]);
    const read = sessionRows(t.services.database);
    const deleteSession = (cookie: string) =>
      t.services.db.deleteFrom('user_session').where('token_hash', '=', hashOf(cookie)).execute();

    expect((await read(hashOf(later.cookie)))?.user_id).toBe(later.email);
    await deleteSession(signedOut.cookie);
    const inFlight = read(hashOf(kept.cookie));
    await deleteSession(later.cookie);
    const [stillThere, gone, goneLater] = await Promise.all([
      inFlight,
      read(hashOf(signedOut.cookie)),
      read(hashOf(later.cookie)),
    ]);
    expect(stillThere?.user_id).toBe(kept.email);
    expect(gone).toBeUndefined();
    expect(goneLater).toBeUndefined();
  });

  it('hands a failed statement to every lookup in it, and the next lookup works', async () => {
    const learner = await signUpLearner(t, { paid: true });
    const broken = sessionRows(handleWith(() => Promise.reject(new Error('connection lost'))));
    const results = await Promise.allSettled([broken(hashOf(learner.cookie)), broken(hashOf(learner.cookie))]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);

    const read = sessionRows(t.services.database);
    expect((await read(hashOf(learner.cookie)))?.user_id).toBe(learner.email);
  });
});
