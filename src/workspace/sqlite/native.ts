/**
 * The better-sqlite3 driver, for Node releases without a usable `node:sqlite` (Node 20). better-sqlite3 is a native module and an optional dependency: installs on newer Node lines may
 * lack it (or fail to build it) without harm, since they never load it.
 */
import { createRequire } from 'node:module';
import { requirePackages } from '../../optional.ts';
import type { Db } from './types.ts';

type Constructor = new (path: string) => Db;

/** Opens `path` with better-sqlite3, whose API is the store's own (types.ts is its subset). */
export function openNative(path: string): Db {
  requirePackages(
    `the embedded workspace server (start, workspace, import) on Node ${process.versions.node}, which has no usable node:sqlite,`,
    ['better-sqlite3'],
  );
  const Database = createRequire(import.meta.url)('better-sqlite3') as Constructor;
  return new Database(path);
}
