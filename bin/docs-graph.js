#!/usr/bin/env node
// Runs the built CLI (dist/, `npm run build`) when it is at least as new as every source file;
// otherwise the TypeScript sources through tsx's loader, so a checkout needs no build step.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const built = fileURLToPath(new URL('../dist/cli.js', import.meta.url));
const sources = fileURLToPath(new URL('../src', import.meta.url));

function newest(path) {
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(path).reduce((max, entry) => Math.max(max, newest(`${path}/${entry}`)), 0);
}

if (existsSync(built) && (!existsSync(sources) || statSync(built).mtimeMs >= newest(sources))) {
  await import(new URL('../dist/cli.js', import.meta.url).href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../src/cli.ts');
}
