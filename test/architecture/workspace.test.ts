import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importCycles } from '../support/imports.ts';

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
});
