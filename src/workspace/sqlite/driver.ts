/**
 * The SQLite driver seam: the store talks to the `Db` of types.ts, which Node's built-in
 * `node:sqlite` provides where this Node serves it unflagged and with FTS5 (Node 24), with no
 * native build, and better-sqlite3 provides elsewhere (Node 20, early Node 22 releases).
 */
import { BuiltinDb, loadBuiltin, type SqliteModule } from './builtin.ts';
import { openNative } from './native.ts';
import type { Db, DriverName } from './types.ts';

let builtin: SqliteModule | null | undefined;

/** `node:sqlite`, looked up once. */
function builtinModule(): SqliteModule | undefined {
  if (builtin === undefined) builtin = loadBuiltin() ?? null;
  return builtin ?? undefined;
}

/** The driver this Node uses: `node:sqlite` when it has it, better-sqlite3 otherwise. */
export function defaultDriver(): DriverName {
  return builtinModule() ? 'node:sqlite' : 'better-sqlite3';
}

/** Opens the SQLite database at `path` (or `:memory:`) with `driver`. */
export function openSqlite(path: string, driver: DriverName = defaultDriver()): Db {
  if (driver === 'better-sqlite3') return openNative(path);
  const sqlite = builtinModule();
  if (!sqlite)
    throw new Error(
      `Node ${process.versions.node} has no node:sqlite the store can use (unflagged, with FTS5)`,
    );
  return new BuiltinDb(sqlite, path);
}
