// SQLite for lab targets: compiled to WebAssembly, in memory only, rebuilt from the lab's
// own setup script for every query (the target heals itself, and nothing a learner
// injects outlives the request). Three guards make an injected statement harmless:
// an authorizer refuses ATTACH/DETACH and file or extension functions, limits cap
// lengths and attached databases, and a progress handler interrupts a statement once its
// time budget is spent, so a runaway query never holds the process.
import sqlite3InitModule from '@sqlite.org/sqlite-wasm';

type Sqlite3 = Awaited<ReturnType<typeof sqlite3InitModule>>;

export interface SqlResult {
  columns: string[];
  rows: Record<string, unknown>[];
}

/** SQLite refused the statement (syntax, authorizer, limits): the message is safe to show. */
export class LabSqlError extends Error {}

/** The statement ran longer than its budget and was interrupted. */
export class LabSqlTimeout extends Error {}

export const SQL_BUDGET_MS = 250;
const MAX_ROWS = 200;

// Function names no lab needs and that reach outside the database in some builds.
const REFUSED_FUNCTIONS = new Set(['load_extension', 'readfile', 'writefile', 'edit', 'fts3_tokenizer']);

let sqlite3: Sqlite3 | undefined;

export async function initSqlSandbox(): Promise<void> {
  if (sqlite3) return;
  sqlite3 = await sqlite3InitModule();
  // The module warns on the console about every failed statement; an injected query fails
  // often by design, and the lab reports it to the learner itself.
  sqlite3.config.warn = () => {};
}

export function runSql(
  setup: string,
  query: string,
  params: (string | number | null)[] = [],
  budgetMs = SQL_BUDGET_MS,
): SqlResult {
  if (!sqlite3) throw new Error('initSqlSandbox() has not run');
  const { capi, oo1 } = sqlite3;
  const db = new oo1.DB(':memory:', 'c');
  try {
    const pointer = db.pointer!;
    capi.sqlite3_limit(pointer, capi.SQLITE_LIMIT_ATTACHED, 0);
    capi.sqlite3_limit(pointer, capi.SQLITE_LIMIT_LENGTH, 100_000);
    capi.sqlite3_limit(pointer, capi.SQLITE_LIMIT_SQL_LENGTH, 20_000);
    db.exec(setup);
    capi.sqlite3_set_authorizer(
      pointer,
      (_userData: number, action: number, _arg1: string | 0, arg2: string | 0) => {
        if (action === capi.SQLITE_ATTACH || action === capi.SQLITE_DETACH) return capi.SQLITE_DENY;
        if (action === capi.SQLITE_FUNCTION && typeof arg2 === 'string' && REFUSED_FUNCTIONS.has(arg2.toLowerCase())) {
          return capi.SQLITE_DENY;
        }
        return capi.SQLITE_OK;
      },
      0,
    );
    const deadline = performance.now() + budgetMs;
    let interrupted = false;
    capi.sqlite3_progress_handler(
      pointer,
      1000,
      () => {
        interrupted = performance.now() > deadline;
        return interrupted ? 1 : 0;
      },
      0,
    );
    const rows: Record<string, unknown>[] = [];
    const columns: string[] = [];
    try {
      db.exec({
        sql: query,
        bind: params.length ? params : undefined,
        rowMode: 'object',
        columnNames: columns,
        callback: (row: Record<string, unknown>) => {
          if (rows.length >= MAX_ROWS) return false;
          rows.push(row);
          return undefined;
        },
      });
    } catch (error) {
      if (interrupted) throw new LabSqlTimeout(`The query ran longer than ${budgetMs} ms and was stopped.`);
      throw new LabSqlError(sqliteMessage(error));
    }
    return { columns, rows };
  } finally {
    db.close();
  }
}

function sqliteMessage(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  // "SQLITE_ERROR: sqlite3 result code 1: near "x": syntax error" → the part a learner reads.
  return text.replace(/^SQLITE_[A-Z_]+: sqlite3 result code \d+: /, '');
}
