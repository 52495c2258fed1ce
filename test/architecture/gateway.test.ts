import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { importCycles } from '../support/imports.ts';

const SCHEMA = 'src/gateway/schema';

/** Every `.ts` file under `root`. */
function files(root: string): string[] {
  return readdirSync(root).flatMap((name) => {
    const path = join(root, name);
    return statSync(path).isDirectory() ? files(path) : path.endsWith('.ts') ? [path] : [];
  });
}

/** The names a file imports (named imports, default and namespace imports). */
function importedNames(source: string): string[] {
  const file = ts.createSourceFile('f.ts', source, ts.ScriptTarget.Latest);
  const names: string[] = [];
  for (const statement of file.statements) {
    if (!ts.isImportDeclaration(statement) || !statement.importClause) continue;
    const clause = statement.importClause;
    if (clause.name) names.push(clause.name.text);
    const bindings = clause.namedBindings;
    if (bindings && ts.isNamedImports(bindings)) {
      for (const element of bindings.elements) {
        names.push((element.propertyName ?? element.name).text);
      }
    }
  }
  return names;
}

/** Top-level functions and constants a file declares, by name. */
function declaredNames(source: string): string[] {
  const file = ts.createSourceFile('f.ts', source, ts.ScriptTarget.Latest);
  const names: string[] = [];
  for (const statement of file.statements) {
    if (ts.isFunctionDeclaration(statement) && statement.name) names.push(statement.name.text);
    if (ts.isVariableStatement(statement)) {
      for (const d of statement.declarationList.declarations) {
        if (ts.isIdentifier(d.name)) names.push(d.name.text);
      }
    }
  }
  return names;
}

/** Helpers that answered "which REST object is this" per domain, before resource descriptors. */
const ADDRESS_HELPERS = ['toRestId', 'splitAddressId', 'orgScopedAddress', 'withQuery'];

describe('the gateway modules', () => {
  it('import each other without cycles', () => {
    expect(importCycles('src/gateway')).toEqual([]);
  });

  it('leave addresses to the resource descriptors: no schema file imports the id and path helpers', () => {
    const offenders = files(SCHEMA).flatMap((file) =>
      importedNames(readFileSync(file, 'utf8'))
        .filter((name) => ADDRESS_HELPERS.includes(name))
        .map((name) => `${relative(SCHEMA, file)}: ${name}`),
    );
    expect(offenders).toEqual([]);
  });

  it('keep no per-domain address, path or connection-mapping helpers', () => {
    const offenders = files('src/gateway').flatMap((file) =>
      declaredNames(readFileSync(file, 'utf8'))
        .filter(
          (name) =>
            ['mapConnection', 'addressLoader', 'idRef'].includes(name) ||
            (file.startsWith(SCHEMA) && /^[a-z]\w*(Address|Path)$/.test(name)),
        )
        .map((name) => `${relative('src/gateway', file)}: ${name}`),
    );
    expect(offenders).toEqual([]);
  });

  it('would be caught importing a helper or declaring one', () => {
    expect(
      importedNames("import { toRestId, type X } from '../ids.ts';\nimport y from 'y';"),
    ).toEqual(['toRestId', 'X', 'y']);
    expect(declaredNames('export const spacePath = 1;\nfunction mapConnection() {}')).toEqual([
      'spacePath',
      'mapConnection',
    ]);
  });
});
