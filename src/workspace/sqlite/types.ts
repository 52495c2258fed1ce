/**
 * The part of better-sqlite3's API the workspace store uses. Both drivers provide it: better-sqlite3
 * itself, and `node:sqlite` through the adapter in builtin.ts.
 */

/** What `run` reports: rows changed and the last inserted rowid. */
export interface RunResult {
  changes: number;
  lastInsertRowid: number | bigint;
}

/**
 * A prepared statement. Parameters are positional values, arrays of them, or one object of named
 * values (`@name`, `:name`, `$name`) followed by positional values; keys the statement does not
 * name are ignored. Rows are plain objects; BLOBs read back as Buffers.
 */
export interface Statement {
  /** Whether the statement returns rows. */
  readonly reader: boolean;
  get(...params: unknown[]): unknown;
  all(...params: unknown[]): unknown[];
  iterate(...params: unknown[]): IterableIterator<unknown>;
  run(...params: unknown[]): RunResult;
  /** Makes `get`, `all` and `iterate` return the first column's value instead of the row. */
  pluck(toggle?: boolean): this;
}

/** A function that runs in one transaction: a savepoint when called inside another. */
export type Transaction<F extends (...args: never[]) => unknown> = (
  ...args: F extends (...args: infer A) => unknown ? A : never
) => ReturnType<F>;

/** An open SQLite database. */
export interface Db {
  prepare(source: string): Statement;
  exec(source: string): this;
  /** Runs `PRAGMA source`: every row, or with `simple` the first row's first value. */
  pragma(source: string, options?: { simple?: boolean }): unknown;
  /**
   * Wraps `fn` in BEGIN/COMMIT, rolled back when it throws; called inside another transaction it
   * runs in a savepoint, so a nested failure undoes only its own writes.
   */
  transaction<F extends (...args: never[]) => unknown>(fn: F): Transaction<F>;
  readonly inTransaction: boolean;
  readonly open: boolean;
  close(): void;
}

/** The SQLite bindings: Node's built-in `node:sqlite`, or the better-sqlite3 package. */
export type DriverName = 'node:sqlite' | 'better-sqlite3';
