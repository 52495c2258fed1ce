#!/usr/bin/env node
// The `docs-graph` command. An installed package has no src/: it runs the built CLI (dist/cli.js)
// and nothing compiles at run time. In a checkout it runs the built CLI when it is at least as new
// as every source file, otherwise the TypeScript sources through tsx's loader (a development
// dependency), so a checkout needs no build step. `--version` alone is answered here, before any
// of the CLI loads.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const args = process.argv.slice(2);
if (args.length === 1 && (args[0] === '--version' || args[0] === '-v')) {
  const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
  process.stdout.write(`docs-graph ${version}\n`);
  process.exit(0);
}

const built = fileURLToPath(new URL('../dist/cli.js', import.meta.url));
const sources = fileURLToPath(new URL('../src', import.meta.url));

function newest(path) {
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(path).reduce((max, entry) => Math.max(max, newest(`${path}/${entry}`)), 0);
}

if (existsSync(built) && (!existsSync(sources) || statSync(built).mtimeMs >= newest(sources))) {
  await import(new URL('../dist/cli.js', import.meta.url).href);
} else if (!existsSync(sources)) {
  process.stderr.write(`docs-graph: the built CLI (${built}) is missing; reinstall the package\n`);
  process.exit(1);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../src/cli.ts');
}
