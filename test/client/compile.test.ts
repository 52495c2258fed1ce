import { resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');

/** Type-checks files with the repository's tsconfig; returns the diagnostics as text. */
function typeCheck(files: string[]): string[] {
  const configFile = ts.readConfigFile(resolve(root, 'tsconfig.json'), ts.sys.readFile);
  const parsed = ts.parseJsonConfigFileContent(configFile.config, ts.sys, root);
  const program = ts.createProgram(files, { ...parsed.options, noEmit: true });
  return ts
    .getPreEmitDiagnostics(program)
    .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'))
    .map((text, i, all) => (all.length > 20 && i === 20 ? `${text} (and more)` : text))
    .slice(0, 21);
}

describe('type-level tests', () => {
  // expectTypeOf is a no-op at run time: this makes `npm test` fail when a type assertion (or an
  // `@ts-expect-error` that is no longer an error) does not hold, not only `tsc --noEmit`.
  it('the type assertions of the client and the example compile', () => {
    const diagnostics = typeCheck([
      resolve(root, 'test/client/types.test.ts'),
      resolve(root, 'examples/web/src/main.tsx'),
    ]);
    expect(diagnostics).toEqual([]);
  }, 120_000);
});
