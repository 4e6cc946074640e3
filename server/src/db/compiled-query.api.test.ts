import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/test-database';
import { compiledQuery } from './compiled-query';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  const now = Date.now();
  await database.handle.db
    .insertInto('app_user')
    .values(
      ['a', 'b'].map((name) => ({
        id: `user-${name}`,
        user_id: `${name}@example.com`,
        password_hash: 'x',
        full_name: `Learner ${name.toUpperCase()}`,
        phone: '9876543210',
        created_at: now,
      })),
    )
    .execute();
});
afterAll(async () => {
  await database.drop();
});

const fullNameOf = compiledQuery((db, email: string) =>
  db.selectFrom('app_user').select('full_name').where('user_id', '=', email),
);

describe('compiledQuery', () => {
  it('runs the compiled query with each call’s values', async () => {
    const { db } = database.handle;
    expect(await fullNameOf(db, 'a@example.com')).toEqual([{ full_name: 'Learner A' }]);
    expect(await fullNameOf(db, 'b@example.com')).toEqual([{ full_name: 'Learner B' }]);
    expect(await fullNameOf(db, "nobody@example.com' or '1'='1")).toEqual([]);
  });

  it('keeps the values written into the query and places each argument where it was used', async () => {
    const byNameAndEmail = compiledQuery((db, phone: string, email: string) =>
      db
        .selectFrom('app_user')
        .select('id')
        .where('full_name', 'like', 'Learner %')
        .where('phone', '=', phone)
        .where('user_id', '=', email),
    );
    const { db } = database.handle;
    expect(await byNameAndEmail(db, '9876543210', 'b@example.com')).toEqual([{ id: 'user-b' }]);
    expect(await byNameAndEmail(db, '9000000000', 'b@example.com')).toEqual([]);
  });

  it('runs inside a transaction, on the transaction’s connection', async () => {
    const rows = await database.handle.db.transaction().execute(async (trx) => {
      await trx.updateTable('app_user').set({ full_name: 'Renamed' }).where('id', '=', 'user-a').execute();
      const seen = await fullNameOf(trx, 'a@example.com');
      await trx.updateTable('app_user').set({ full_name: 'Learner A' }).where('id', '=', 'user-a').execute();
      return seen;
    });
    expect(rows).toEqual([{ full_name: 'Renamed' }]);
  });

  it('refuses an argument that does not reach the query as a value', async () => {
    // Deciding the query's shape from an argument would freeze the first call's shape.
    const shapedBy = compiledQuery((db, withPhone: boolean) =>
      db.selectFrom('app_user').select(withPhone ? ['id', 'phone'] : ['id']),
    );
    await expect(shapedBy(database.handle.db, true)).rejects.toThrow(/every argument must reach the query/);
  });
});
