import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { withStatementCache } from './statement-cache';

const open: SQLite.Database[] = [];
function memoryDatabase() {
  const connection = new SQLite(':memory:');
  open.push(connection);
  connection.exec('create table item (id integer primary key, name text not null)');
  return connection;
}
afterEach(() => {
  for (const connection of open.splice(0)) if (connection.open) connection.close();
});

describe('withStatementCache', () => {
  it('compiles a SQL text once and reuses it with new values', async () => {
    const connection = memoryDatabase();
    const prepare = vi.spyOn(connection, 'prepare');
    const db = new Kysely<{ item: { id: number; name: string } }>({
      dialect: new SqliteDialect({ database: withStatementCache(connection) }),
    });
    await db.insertInto('item').values({ id: 1, name: 'one' }).execute();
    await db.insertInto('item').values({ id: 2, name: 'two' }).execute();
    const names = [];
    for (const id of [1, 2, 1]) {
      names.push((await db.selectFrom('item').select('name').where('id', '=', id).executeTakeFirst())?.name);
    }
    expect(names).toEqual(['one', 'two', 'one']);
    // One insert text and one select text, however often each ran.
    expect(prepare).toHaveBeenCalledTimes(2);
  });

  it('keeps at most `size` statements, dropping the least recently used', () => {
    const connection = memoryDatabase();
    const prepare = vi.spyOn(connection, 'prepare');
    const cache = withStatementCache(connection, 2);
    cache.prepare('select 1');
    cache.prepare('select 2');
    cache.prepare('select 1'); // now the most recent
    cache.prepare('select 3'); // drops "select 2"
    cache.prepare('select 1');
    cache.prepare('select 2'); // compiled again
    expect(prepare.mock.calls.map(([sql]) => sql)).toEqual(['select 1', 'select 2', 'select 3', 'select 2']);
  });

  it('still works after a migration changes a table it has compiled against', () => {
    const connection = memoryDatabase();
    const cache = withStatementCache(connection);
    connection.exec("insert into item (id, name) values (1, 'one')");
    expect(cache.prepare('select * from item').all([])).toEqual([{ id: 1, name: 'one' }]);
    connection.exec("alter table item add column note text not null default ''");
    expect(cache.prepare('select * from item').all([])).toEqual([{ id: 1, name: 'one', note: '' }]);
  });

  it('closes the connection', () => {
    const connection = memoryDatabase();
    withStatementCache(connection).close();
    expect(connection.open).toBe(false);
  });
});
