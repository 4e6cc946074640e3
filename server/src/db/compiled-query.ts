import type { CompiledQuery, Kysely } from 'kysely';
import type { Database } from './schema';

type Db = Kysely<Database>;

/** A query builder, or a raw `sql` template (which needs the handle to compile). */
interface Buildable<Row> {
  compile(db: Db): CompiledQuery<Row>;
}

/**
 * A query Kysely builds and compiles once per database handle, then runs with new values.
 * Kysely otherwise rebuilds and recompiles the syntax tree on every call, which on the
 * lookups every request makes (the session, the learner's progress) costs more than the
 * database does. `build` receives stand-ins for the arguments: each must reach the query
 * as a value (a `where` operand, say), never change its shape, or compiling throws.
 */
export function compiledQuery<Args extends unknown[], Row>(
  build: (db: Db, ...args: Args) => Buildable<Row>,
): (db: Db, ...args: Args) => Promise<Row[]> {
  const compiledFor = new WeakMap<Db, { query: CompiledQuery<Row>; slots: (number | null)[] }>();
  return async (db, ...args) => {
    let entry = compiledFor.get(db);
    if (!entry) {
      entry = compile(db, build, args.length);
      compiledFor.set(db, entry);
    }
    const { query, slots } = entry;
    const parameters = slots.map((slot, index) => (slot === null ? query.parameters[index] : args[slot]));
    return (await db.executeQuery<Row>({ ...query, parameters })).rows;
  };
}

function compile<Args extends unknown[], Row>(
  db: Db,
  build: (db: Db, ...args: Args) => Buildable<Row>,
  arity: number,
): { query: CompiledQuery<Row>; slots: (number | null)[] } {
  const standIns = Array.from({ length: arity }, (_, index) => new StandIn(index));
  const query = build(db, ...(standIns as unknown as Args)).compile(db);
  const slots = query.parameters.map((value) => (value instanceof StandIn ? value.index : null));
  const reached = new Set(slots.filter((slot) => slot !== null));
  if (reached.size !== arity) throw new Error('compiledQuery: every argument must reach the query as a value');
  return { query, slots };
}

/** Marks where an argument lands among the compiled query's parameters. */
class StandIn {
  constructor(readonly index: number) {}
}
