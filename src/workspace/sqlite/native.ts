/**
 * The better-sqlite3 driver, for Node releases without a usable `node:sqlite` (Node 20).
 * better-sqlite3 is a native module and an optional dependency: installs on newer Node lines may
 * lack it (or fail to build it) without harm, since they never load it.
 */
import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';
import { requirePackages } from '../../optional.ts';
import type { Db } from './types.ts';

/** Opens `path` with better-sqlite3, whose API is the store's own (types.ts is its subset). */
export function openNative(path: string): Db {
  requirePackages(
    `the embedded workspace server (start, workspace, import) on Node ${process.versions.node}, which has no usable node:sqlite,`,
    ['better-sqlite3'],
  );
  // Typed as better-sqlite3 declares itself, so the type check proves it provides `Db`.
  const Database: new (path: string) => Db = createRequire(import.meta.url)(
    'better-sqlite3',
  ) as typeof BetterSqlite3;
  return new Database(path);
}
