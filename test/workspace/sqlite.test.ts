import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type Db, openDatabase } from '../../src/workspace/db.ts';
import { defaultDriver, openSqlite } from '../../src/workspace/sqlite/driver.ts';
import { migrations } from '../../src/workspace/store/tables/index.ts';

const major = Number(process.versions.node.split('.')[0]);
// Node 22 and 23 releases differ (unflagged from 22.13, FTS5 later): the driver probes them.
const expected = major >= 24 ? 'node:sqlite' : major <= 20 ? 'better-sqlite3' : defaultDriver();
const hasBuiltin = expected === 'node:sqlite';
const dir = mkdtempSync(join(tmpdir(), 'docs-graph-sqlite-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A database with one table of every kind of column the store writes. */
function scratch(): Db {
  const db = openSqlite(':memory:');
  db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT UNIQUE, n INTEGER, data BLOB)');
  return db;
}

describe(`the SQLite driver on Node ${process.versions.node}`, () => {
  it('is node:sqlite where Node has it unflagged and with FTS5, better-sqlite3 otherwise', () => {
    expect(defaultDriver()).toBe(expected);
  });

  it.runIf(hasBuiltin)('never loads better-sqlite3 where node:sqlite serves', () => {
    openDatabase(':memory:').close();
    const loaded = Object.keys(createRequire(import.meta.url).cache);
    expect(loaded.filter((path) => path.includes('/better-sqlite3/'))).toEqual([]);
  });

  it.runIf(!hasBuiltin)('refuses node:sqlite where Node does not serve a usable one', () => {
    expect(() => openSqlite(':memory:', 'node:sqlite')).toThrow('has no node:sqlite the store');
  });

  it('opens a file database in WAL mode, migrated, with foreign keys and NORMAL sync', () => {
    const db = openDatabase(join(dir, 'pragmas.sqlite'));
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(db.pragma('synchronous', { simple: true })).toBe(1);
    expect(db.pragma('busy_timeout', { simple: true })).toBe(5000);
    expect(db.pragma('user_version', { simple: true })).toBe(migrations.at(-1)?.version);
    expect(db.pragma('foreign_keys')).toEqual([{ foreign_keys: 1 }]);
    db.close();
    expect(db.open).toBe(false);
  });

  it('binds positional, array and named parameters, ignoring names the statement lacks', () => {
    const db = scratch();
    const insert = db.prepare('INSERT INTO t (name, n) VALUES (?, ?)');
    expect(insert.run('a', 1)).toEqual({ changes: 1, lastInsertRowid: 1 });
    expect(insert.run(['b', 2])).toEqual({ changes: 1, lastInsertRowid: 2 });
    const named = db.prepare('INSERT INTO t (name, n) VALUES (@name, :n)');
    expect(named.run({ name: 'c', n: 3, unused: 'x' }).lastInsertRowid).toBe(3);
    const mixed = db.prepare('SELECT name FROM t WHERE n > $min AND name != ? ORDER BY id');
    expect(mixed.all({ min: 1 }, 'c')).toEqual([{ name: 'b' }]);
    expect(db.prepare('UPDATE t SET n = n + 10 WHERE n >= ?').run(2).changes).toBe(2);
    expect(db.prepare('SELECT n FROM t WHERE name = ?').get('nobody')).toBeUndefined();
    db.close();
  });

  it('reads rows as plain objects, BLOBs as Buffers, and binds BigInts', () => {
    const db = scratch();
    db.prepare('INSERT INTO t (name, n, data) VALUES (?, ?, ?)').run(
      'blob',
      9_007_199_254_740_991n,
      Buffer.from([1, 2, 3]),
    );
    const row = db.prepare('SELECT * FROM t').get() as Record<string, unknown>;
    expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
    expect(row).toEqual({
      id: 1,
      name: 'blob',
      n: Number.MAX_SAFE_INTEGER,
      data: Buffer.from([1, 2, 3]),
    });
    expect(Buffer.isBuffer(row.data)).toBe(true);
    expect(db.prepare('SELECT data FROM t').pluck().get()).toEqual(Buffer.from([1, 2, 3]));
    db.close();
  });

  it('plucks and iterates, and a cached statement comes back unplucked', () => {
    const db = openDatabase(':memory:');
    db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT)');
    for (const name of ['x', 'y', 'z']) db.prepare('INSERT INTO t (name) VALUES (?)').run(name);
    const sql = 'SELECT name FROM t ORDER BY id';
    expect(db.prepare(sql).pluck().all()).toEqual(['x', 'y', 'z']);
    expect(db.prepare(sql).get()).toEqual({ name: 'x' });
    expect([...db.prepare(sql).iterate()]).toEqual([{ name: 'x' }, { name: 'y' }, { name: 'z' }]);
    expect([...db.prepare(sql).pluck().iterate()]).toEqual(['x', 'y', 'z']);
    expect(() => db.prepare('DELETE FROM t').pluck()).toThrow(TypeError);
    db.close();
  });

  it('commits a transaction, and rolls it back when its function throws', () => {
    const db = scratch();
    const add = db.transaction((name: string, n: number) => {
      expect(db.inTransaction).toBe(true);
      db.prepare('INSERT INTO t (name, n) VALUES (?, ?)').run(name, n);
      if (n < 0) throw new Error('negative');
      return n * 2;
    });
    expect(add('one', 1)).toBe(2);
    expect(() => add('minus', -1)).toThrow('negative');
    expect(db.inTransaction).toBe(false);
    expect(db.prepare('SELECT name FROM t').pluck().all()).toEqual(['one']);
    db.close();
  });

  it('runs a nested transaction in a savepoint: its failure undoes its own writes only', () => {
    const db = scratch();
    const insert = (name: string) => db.prepare('INSERT INTO t (name) VALUES (?)').run(name);
    const inner = db.transaction((name: string) => {
      insert(name);
      insert('duplicate');
    });
    db.transaction(() => {
      insert('outer');
      inner('first');
      expect(() => inner('second')).toThrow(/UNIQUE/);
      expect(db.inTransaction).toBe(true);
      insert('after');
    })();
    expect(db.prepare('SELECT name FROM t ORDER BY id').pluck().all()).toEqual([
      'outer',
      'first',
      'duplicate',
      'after',
    ]);
    expect(() =>
      db.transaction(() => {
        insert('gone');
        inner('third');
      })(),
    ).toThrow(/UNIQUE/);
    expect(db.prepare('SELECT count(*) FROM t').pluck().get()).toBe(4);
    expect(db.inTransaction).toBe(false);
    db.close();
  });

  it('keeps committed writes for the next connection, and sees none of a rolled back one', () => {
    const path = join(dir, 'reopen.sqlite');
    const first = openDatabase(path);
    first.exec('CREATE TABLE kept (v TEXT)');
    first.transaction(() => first.prepare('INSERT INTO kept VALUES (?)').run('committed'))();
    expect(() =>
      first.transaction(() => {
        first.prepare('INSERT INTO kept VALUES (?)').run('rolled back');
        throw new Error('abort');
      })(),
    ).toThrow('abort');
    const second = openDatabase(path);
    expect(second.prepare('SELECT v FROM kept').pluck().all()).toEqual(['committed']);
    first.close();
    second.close();
  });
});
