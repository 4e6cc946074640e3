import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/test-database';
import { prepareNamedStatements } from './named-statements';

// PostgreSQL only: SQLite has its own statement cache (statement-cache.test.ts).
let database: TestDatabase;
let pool: pg.Pool;
let other: pg.Client;
beforeAll(async () => {
  database = await createTestDatabase('postgres');
  // One connection, so every query below meets the statements the ones before prepared.
  pool = new pg.Pool({ connectionString: database.url, max: 1 });
  prepareNamedStatements(pool);
  other = new pg.Client({ connectionString: database.url });
  await other.connect();
  await other.query('create table item (id int primary key, name text not null)');
  await other.query("insert into item values (1, 'one'), (2, 'two')");
});
afterAll(async () => {
  await other.end();
  await pool.end();
  await database.drop();
});

const prepared = async () =>
  (await pool.query<{ statement: string }>('select statement from pg_prepared_statements')).rows.map(
    (r) => r.statement,
  );

describe('prepareNamedStatements', () => {
  it('prepares each parameterised SQL text once per connection and reuses it', async () => {
    const byId = 'select name from item where id = $1';
    expect((await pool.query(byId, [1])).rows).toEqual([{ name: 'one' }]);
    expect((await pool.query(byId, [2])).rows).toEqual([{ name: 'two' }]);
    expect((await prepared()).filter((statement) => statement === byId)).toHaveLength(1);
  });

  it('answers again at once after another server adds a column to the table', async () => {
    const all = 'select * from item where id = $1';
    expect((await pool.query(all, [1])).rows).toEqual([{ id: 1, name: 'one' }]);
    await other.query("alter table item add column note text not null default ''");
    expect((await pool.query(all, [1])).rows).toEqual([{ id: 1, name: 'one', note: '' }]);
  });

  it('inside a transaction, fails that transaction once; its retry succeeds', async () => {
    const all = 'select * from item where id = $1 and $1 > 0';
    const inTransaction = async () => {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const { rows } = await client.query(all, [2]);
        await client.query('commit');
        return rows;
      } catch (error) {
        await client.query('rollback');
        throw error;
      } finally {
        client.release();
      }
    };
    expect(await inTransaction()).toEqual([{ id: 2, name: 'two', note: '' }]);
    await other.query('alter table item add column rank int not null default 0');
    await expect(inTransaction()).rejects.toThrow(/cached plan must not change result type/);
    expect(await inTransaction()).toEqual([{ id: 2, name: 'two', note: '', rank: 0 }]);
  });
});
