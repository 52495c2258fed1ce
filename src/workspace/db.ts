import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { migrations } from './store/schema/index.ts';

export type Db = Database.Database;

/** Opens (and migrates) the workspace database: WAL, foreign keys on, migrations in code. */
export function openDatabase(path: string): Db {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  // NORMAL under WAL survives a killed process; only a power loss could lose the last commits.
  db.pragma('synchronous = NORMAL');
  migrate(db);
  return db;
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
