/**
 * Optional packages: features a process may never use (traces over OTLP, PDF export) depend on
 * packages that `package.json` lists as optional peer dependencies, so an install without them
 * stays small; better-sqlite3, which only Node 20 needs, is an optional dependency that an install
 * may skip when it cannot build. Asking for a feature without its packages fails with one line
 * that names them and the command that adds them.
 */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** A feature was asked for whose optional packages are not installed. */
export class MissingPackageError extends Error {
  constructor(
    readonly feature: string,
    readonly packages: readonly string[],
  ) {
    super(
      `${feature} needs ${packages.length === 1 ? 'the package' : 'the packages'} ${packages.join(', ')}, not installed (optional for docs-graph): npm install ${packages.join(' ')}`,
    );
    this.name = 'MissingPackageError';
  }
}

/** Whether `name` resolves from docs-graph's own location (as code, or as a package of files). */
function installed(name: string): boolean {
  for (const path of [name, `${name}/package.json`]) {
    try {
      require.resolve(path);
      return true;
    } catch {}
  }
  return false;
}

/** Throws a `MissingPackageError` naming those of `packages` that are not installed. */
export function requirePackages(feature: string, packages: readonly string[]): void {
  const missing = packages.filter((name) => !installed(name));
  if (missing.length > 0) throw new MissingPackageError(feature, missing);
}
