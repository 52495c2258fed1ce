/**
 * The `node:sqlite` driver: Node's built-in SQLite (unflagged from Node 22.13), adapted to the API
 * subset in types.ts so the store runs unchanged on it. It needs no native build.
 */
import type { Db, RunResult, Statement, Transaction } from './types.ts';

/** The parts of `node:sqlite`'s StatementSync used here (newer releases have the optional ones). */
interface StatementSync {
  get(...params: unknown[]): Record<string, unknown> | undefined;
  all(...params: unknown[]): Array<Record<string, unknown>>;
  iterate(...params: unknown[]): IterableIterator<Record<string, unknown>>;
  run(...params: unknown[]): RunResult;
  readonly sourceSQL: string;
  columns?(): unknown[];
  setAllowUnknownNamedParameters?(enabled: boolean): void;
}

interface DatabaseSync {
  prepare(source: string): StatementSync;
  exec(source: string): void;
  close(): void;
  readonly isOpen?: boolean;
  readonly isTransaction?: boolean;
}

/** `node:sqlite` as far as this adapter uses it. */
export interface SqliteModule {
  DatabaseSync: new (path: string) => DatabaseSync;
}

/** `node:sqlite` when this Node serves it without a flag, with `iterate` and FTS5. */
export function loadBuiltin(): SqliteModule | undefined {
  let module: Partial<SqliteModule> | undefined;
  try {
    // Before Node 22.13 the module needs --experimental-sqlite: it is then not served.
    module = process.getBuiltinModule?.('node:sqlite') as Partial<SqliteModule> | undefined;
  } catch {
    return undefined;
  }
  if (!module?.DatabaseSync) return undefined;
  // `iterate` arrived with the unflagged releases (22.13, 23.4); the store's search needs FTS5,
  // which the SQLite of early ones lacks.
  const probe = new module.DatabaseSync(':memory:');
  try {
    if (typeof probe.prepare('SELECT 1').iterate !== 'function') return undefined;
    probe.exec('CREATE VIRTUAL TABLE temp.probe USING fts5(text)');
    return module as SqliteModule;
  } catch {
    return undefined;
  } finally {
    probe.close();
  }
}

/** A parameter placeholder with a name: `@name`, `:name` or `$name`. */
const NAMED = /[@:$]([A-Za-z_][A-Za-z0-9_]*)/g;
/** Statements that return rows, for releases without `StatementSync.columns`. */
const READER = /^\s*(SELECT|WITH|VALUES|PRAGMA|EXPLAIN)\b|\bRETURNING\b/i;

/**
 * better-sqlite3 binds arrays as positional values and ignores object keys the statement does not
 * name; `node:sqlite` would bind an array as an object and throws on an unknown key.
 */
function flatten(params: unknown[]): unknown[] {
  return params.some(Array.isArray) ? params.flat() : params;
}

const isNamed = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !ArrayBuffer.isView(value);

/** A column value as better-sqlite3 gives it: BLOBs as Buffers. */
const value = (v: unknown): unknown =>
  v instanceof Uint8Array ? Buffer.from(v.buffer, v.byteOffset, v.byteLength) : v;

/** A row as better-sqlite3 gives it: an ordinary object (`node:sqlite`'s have no prototype). */
function plain(row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key in row) out[key] = value(row[key]);
  return out;
}

function first(row: Record<string, unknown>): unknown {
  for (const key in row) return value(row[key]);
  return undefined;
}

class BuiltinStatement implements Statement {
  readonly reader: boolean;
  private plucked = false;
  /** The names the statement binds, when this release cannot ignore unknown ones itself. */
  private readonly names: ReadonlySet<string> | undefined;

  constructor(private readonly statement: StatementSync) {
    this.reader = statement.columns
      ? statement.columns().length > 0
      : READER.test(statement.sourceSQL);
    if (statement.setAllowUnknownNamedParameters) statement.setAllowUnknownNamedParameters(true);
    else this.names = new Set([...statement.sourceSQL.matchAll(NAMED)].map((m) => m[1] as string));
  }

  private bind(params: unknown[]): unknown[] {
    const values = flatten(params);
    const named = values[0];
    if (!this.names || !isNamed(named)) return values;
    const known: Record<string, unknown> = {};
    for (const key of Object.keys(named)) if (this.names.has(key)) known[key] = named[key];
    return [known, ...values.slice(1)];
  }

  private shape(row: Record<string, unknown>): unknown {
    return this.plucked ? first(row) : plain(row);
  }

  get(...params: unknown[]): unknown {
    const row = this.statement.get(...this.bind(params));
    return row === undefined ? undefined : this.shape(row);
  }

  all(...params: unknown[]): unknown[] {
    return this.statement.all(...this.bind(params)).map((row) => this.shape(row));
  }

  *iterate(...params: unknown[]): IterableIterator<unknown> {
    for (const row of this.statement.iterate(...this.bind(params))) yield this.shape(row);
  }

  run(...params: unknown[]): RunResult {
    const { changes, lastInsertRowid } = this.statement.run(...this.bind(params));
    return { changes: Number(changes), lastInsertRowid };
  }

  pluck(toggle = true): this {
    if (!this.reader)
      throw new TypeError('The pluck() method is only for statements that return data');
    this.plucked = toggle;
    return this;
  }
}

/** An open `node:sqlite` database behind the store's API. */
export class BuiltinDb implements Db {
  private readonly db: DatabaseSync;
  /** Transactions opened through `transaction` and still running (for releases without `isTransaction`). */
  private depth = 0;
  private closed = false;

  constructor(sqlite: SqliteModule, path: string) {
    this.db = new sqlite.DatabaseSync(path);
  }

  get open(): boolean {
    return this.db.isOpen ?? !this.closed;
  }

  get inTransaction(): boolean {
    return this.db.isTransaction ?? this.depth > 0;
  }

  prepare(source: string): Statement {
    return new BuiltinStatement(this.db.prepare(source));
  }

  exec(source: string): this {
    this.db.exec(source);
    return this;
  }

  pragma(source: string, options: { simple?: boolean } = {}): unknown {
    const statement = this.prepare(`PRAGMA ${source}`);
    return options.simple
      ? statement.reader
        ? statement.pluck().get()
        : undefined
      : statement.all();
  }

  transaction<F extends (...args: never[]) => unknown>(fn: F): Transaction<F> {
    return (...args) => {
      const nested = this.inTransaction;
      // One savepoint name per depth: an inner transaction never releases an outer one's.
      const savepoint = `"docs_graph.${this.depth}"`;
      this.db.exec(nested ? `SAVEPOINT ${savepoint}` : 'BEGIN');
      this.depth++;
      try {
        const result = fn(...args) as ReturnType<F>;
        this.db.exec(nested ? `RELEASE ${savepoint}` : 'COMMIT');
        return result;
      } catch (error) {
        // A statement may already have ended the transaction (ON CONFLICT ROLLBACK, RAISE).
        if (this.inTransaction) {
          if (nested) this.db.exec(`ROLLBACK TO ${savepoint}; RELEASE ${savepoint}`);
          else this.db.exec('ROLLBACK');
        }
        throw error;
      } finally {
        this.depth--;
      }
    };
  }

  close(): void {
    this.db.close();
    this.closed = true;
  }
}
