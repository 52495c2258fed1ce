import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importCycles } from '../support/imports.ts';

/** Past this many lines a module holds more than one concern; split it along a seam. */
const MAX_LINES = 500;

/** Every file and folder under `dir`. */
function entries(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return [path, ...(statSync(path).isDirectory() ? entries(path) : [])];
  });
}

/** The `.ts` files under `root` longer than `max` lines, as `path: lines`. */
function longFiles(root: string, max: number): string[] {
  return entries(root).flatMap((path) => {
    if (!path.endsWith('.ts') || statSync(path).isDirectory()) return [];
    const text = readFileSync(path, 'utf8');
    const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
    return lines > max ? [`${relative(root, path)}: ${lines}`] : [];
  });
}

describe('the /v1 server modules', () => {
  it('import each other without cycles (shared rows and helpers live in leaf modules)', () => {
    expect(importCycles('src/workspace')).toEqual([]);
  });

  it('would be caught importing each other in a cycle', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cycles-'));
    try {
      writeFileSync(join(dir, 'a.ts'), "import { b } from './b.ts';\nexport const a = () => b;\n");
      writeFileSync(join(dir, 'b.ts'), "import type { a } from './a.ts';\nexport const b = 1;\n");
      writeFileSync(join(dir, 'c.ts'), "import { a } from './a.ts';\nexport const c = a;\n");
      expect(importCycles(dir)).toEqual([['a.ts', 'b.ts', 'a.ts']]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it(`and the /v1 contract keep every file within ${MAX_LINES} lines`, () => {
    expect(longFiles('src/workspace', MAX_LINES)).toEqual([]);
    expect(longFiles('src/contract', MAX_LINES)).toEqual([]);
  });

  it('name no file or folder "schema" (the word means GraphQL; SQL definitions are tables)', () => {
    expect(entries('src/workspace').filter((path) => /schema/i.test(path))).toEqual([]);
  });

  it('would be caught with a file one line too long', () => {
    const dir = mkdtempSync(join(tmpdir(), 'lines-'));
    try {
      writeFileSync(join(dir, 'fits.ts'), 'export {};\n'.repeat(MAX_LINES));
      writeFileSync(join(dir, 'long.ts'), 'export {};\n'.repeat(MAX_LINES + 1));
      expect(longFiles(dir, MAX_LINES)).toEqual([`long.ts: ${MAX_LINES + 1}`]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
