import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { LRUCache } from 'lru-cache';
import { openSqlite } from './sqlite/driver.ts';
import type { Db, DriverName, Statement } from './sqlite/types.ts';
import { migrations } from './store/tables/index.ts';

export type { Db, DriverName, Statement };

/**
 * Opens (and migrates) the workspace database: WAL, foreign keys on, migrations in code. The
 * driver is `node:sqlite` where this Node has it, better-sqlite3 otherwise (see sqlite/driver.ts).
 */
export function openDatabase(path: string, driver?: DriverName): Db {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const db = openSqlite(path, driver);
  db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  // NORMAL under WAL survives a killed process; only a power loss could lose the last commits.
  db.pragma('synchronous = NORMAL');
  // The drivers' SQLite builds differ in this default (16 MB in better-sqlite3's, 2 MB in Node's).
  db.pragma('cache_size = -16000');
  migrate(db);
  cacheStatements(db);
  return db;
}

/**
 * Makes `db.prepare` return the statement it compiled before for the same SQL text (the most
 * recent 500): the stores prepare a statement where they run it, and compiling one costs more than
 * running it (loading the demo prepares about 2,800 statements of 105 texts). A statement comes
 * back not plucked; none is bound (`bind`) or iterated.
 */
function cacheStatements(db: Db): void {
  const prepare = db.prepare.bind(db);
  const statements = new LRUCache<string, Statement>({ max: 500 });
  db.prepare = (source: string) => {
    const cached = statements.get(source);
    if (cached) return cached.reader ? cached.pluck(false) : cached;
    const statement = prepare(source);
    statements.set(source, statement);
    return statement;
  };
}

/** Applies the migrations newer than the database's `user_version`, each in one transaction. */
export function migrate(db: Db): void {
  const current = db.pragma('user_version', { simple: true }) as number;
  for (const migration of migrations) {
    if (migration.version <= current) continue;
    db.transaction(() => {
      db.exec(migration.sql);
      db.pragma(`user_version = ${migration.version}`);
    })();
  }
}
