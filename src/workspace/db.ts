import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import type Database from 'better-sqlite3';
import type { Statement } from 'better-sqlite3';
import { LRUCache } from 'lru-cache';
import { requirePackages } from '../optional.ts';
import { migrations } from './store/tables/index.ts';

export type Db = Database.Database;

/**
 * better-sqlite3 (a native module) is an optional peer dependency: only the embedded server
 * needs it, a gateway in front of a hosted `/v1` never loads it.
 */
function sqlite(): typeof Database {
  requirePackages('the embedded workspace server (start, workspace, import)', ['better-sqlite3']);
  return createRequire(import.meta.url)('better-sqlite3') as typeof Database;
}

/** Opens (and migrates) the workspace database: WAL, foreign keys on, migrations in code. */
export function openDatabase(path: string): Db {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const db = new (sqlite())(path);
  db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  // NORMAL under WAL survives a killed process; only a power loss could lose the last commits.
  db.pragma('synchronous = NORMAL');
  migrate(db);
  cacheStatements(db);
  return db;
}

/**
 * Makes `db.prepare` return the statement it compiled before for the same SQL text (the most
 * recent 500): the stores prepare a statement where they run it, and compiling one costs more than
 * running it (loading the demo prepares about 2,800 statements of 105 texts). A statement comes
 * back in its default mode (not plucked, raw or expanded); none is bound (`bind`) or iterated.
 */
function cacheStatements(db: Db): void {
  const prepare = db.prepare.bind(db);
  const statements = new LRUCache<string, Statement>({ max: 500 });
  db.prepare = ((source: string) => {
    const cached = statements.get(source);
    if (cached) return cached.reader ? cached.pluck(false).expand(false).raw(false) : cached;
    const statement = prepare(source);
    statements.set(source, statement);
    return statement;
  }) as Db['prepare'];
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
