/**
 * `npm start` runs this, in plain Node (no TypeScript loader; the check costs milliseconds when
 * nothing changed): it builds the CLI into dist/ (tsc, then scripts/bundle-cli.mjs) when
 * dist/cli.js is missing or older than any file of src/ (or the TypeScript config, package.json or
 * the bundle script), and the example frontend into examples/web/dist when missing or older than
 * examples/web or src/client.
 * Given arguments (`start ...`), it then runs the built CLI with them in this same process
 * (`node dist/cli.js start ...`), sparing a second Node start-up.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const at = (...parts) => join(root, ...parts);

/** The newest modification time of the files under `paths` (0 when none exists). */
function newest(paths, skip = () => false) {
  let latest = 0;
  const visit = (path) => {
    if (!existsSync(path) || skip(path)) return;
    const stats = statSync(path);
    if (!stats.isDirectory()) {
      latest = Math.max(latest, stats.mtimeMs);
      return;
    }
    for (const entry of readdirSync(path)) visit(join(path, entry));
  };
  for (const path of paths) visit(path);
  return latest;
}

const builtAt = (file) => (existsSync(file) ? statSync(file).mtimeMs : -1);

function run(what, command, args) {
  process.stdout.write(`building ${what} ...\n`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  return result.status === 0;
}

const cliSources = newest([
  at('src'),
  at('tsconfig.json'),
  at('tsconfig.build.json'),
  at('package.json'),
  at('scripts', 'bundle-cli.mjs'),
]);
if (builtAt(at('dist', 'cli.js')) < cliSources) {
  const tsc = at('node_modules', 'typescript', 'bin', 'tsc');
  if (
    !run('the CLI (dist/)', process.execPath, [tsc, '-p', 'tsconfig.build.json']) ||
    !run('the CLI bundle (dist/cli.js)', process.execPath, [at('scripts', 'bundle-cli.mjs')])
  ) {
    process.stderr.write('the build failed; `npm run dev` runs the sources through tsx\n');
    process.exit(1);
  }
}

const exampleSources = newest(
  [at('examples', 'web'), at('src', 'client')],
  (path) => path.endsWith(`${join('examples', 'web', 'dist')}`) || path.includes('screenshots'),
);
if (builtAt(at('examples', 'web', 'dist', 'index.html')) < exampleSources) {
  const vite = at('node_modules', 'vite', 'bin', 'vite.js');
  if (!existsSync(vite)) {
    process.stderr.write('the example frontend was not built: vite is not installed\n');
  } else if (
    !run('the example frontend', process.execPath, [
      vite,
      'build',
      '--config',
      'examples/web/vite.config.ts',
      '--logLevel',
      'warn',
    ])
  ) {
    process.stderr.write('the example frontend was not built (the server starts without it)\n');
  }
}

if (process.argv.length > 2) await import('../dist/cli.js');
