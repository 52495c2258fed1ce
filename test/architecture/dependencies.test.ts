import { readdirSync, readFileSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = new URL('../../', import.meta.url).pathname;
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
  optionalDependencies: Record<string, string>;
  peerDependencies: Record<string, string>;
};
/** Run-time dependencies: optional ones (better-sqlite3, for Node 20) are such all the same. */
const runtime = { ...manifest.dependencies, ...manifest.optionalDependencies };

/**
 * Declared packages that the shipped code does not name in an import, with the reason each is
 * declared all the same. Each must really be unimported: an entry that is imported is stale.
 */
const NOT_IMPORTED: Record<string, string> = {
  // Node 20 releases pinned for the ranges of Fastify and graphql-yoga (docs/decisions.md).
  'light-my-request': 'the Node 20 release under Fastify',
  '@graphql-tools/schema': 'the Node 20 release under graphql-yoga',
  '@graphql-tools/merge': 'the Node 20 release under graphql-yoga',
  'openapi-types': 'a peer dependency of `@readme/openapi-parser`',
};

/** Development packages the shipped code may name, and why that is no run-time dependency. */
const DEVELOPMENT_ONLY: Record<string, string> = {
  tsx: '`bin/docs-graph.js` loads it in a checkout only (the sources, unbuilt), never installed',
};

/** Every `.ts`, `.tsx`, `.js` and `.mjs` file under `dir`, generated client code included. */
function files(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...files(path));
    else if (/\.(tsx?|m?js)$/.test(name)) out.push(path);
  }
  return out;
}

/**
 * The module names a file imports: static and dynamic imports, re-exports, and the `require`,
 * `require.resolve` calls (a `createRequire` function is named `require` throughout), each
 * with a string literal.
 */
function specifiers(file: string): string[] {
  const source = ts.createSourceFile(
    file,
    readFileSync(file, 'utf8'),
    ts.ScriptTarget.Latest,
    true,
  );
  const found: string[] = [];
  const literal = (node: ts.Node | undefined) => {
    if (node && ts.isStringLiteralLike(node)) found.push(node.text);
  };
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) literal(node.moduleSpecifier);
    else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      literal(node.argument.literal);
    } else if (ts.isCallExpression(node)) {
      const callee = node.expression.getText(source);
      if (
        node.expression.kind === ts.SyntaxKind.ImportKeyword ||
        callee === 'require' ||
        callee === 'require.resolve'
      ) {
        literal(node.arguments[0]);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The package a bare specifier names (`@scope/name/sub` -> `@scope/name`), or undefined. */
function packageOf(specifier: string): string | undefined {
  if (specifier.startsWith('.') || specifier.startsWith('/') || specifier.startsWith('node:')) {
    return undefined;
  }
  if (builtinModules.includes(specifier.split('/')[0] ?? '')) return undefined;
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** Package name -> the files (relative to the root) that import it, for a set of folders. */
function importsIn(folders: string[]): Map<string, string[]> {
  const users = new Map<string, string[]>();
  for (const folder of folders) {
    for (const file of files(join(root, folder))) {
      for (const specifier of specifiers(file)) {
        const name = packageOf(specifier);
        if (!name) continue;
        users.set(name, [...(users.get(name) ?? []), relative(root, file)]);
      }
    }
  }
  return users;
}

// What ships and runs: the sources and the command. Scripts and tests use development packages.
const shipped = importsIn(['src', 'bin']);

describe('package.json against the code', () => {
  it('finds the imports it looks for (the check itself works)', () => {
    expect(shipped.get('graphql-yoga')?.length).toBeGreaterThan(1);
    expect(shipped.get('ioredis')).toContain('src/gateway/redis.ts');
    expect(shipped.get('pdfkit')).toEqual(['src/workspace/store/pdf.ts']);
    expect(shipped.get('@readme/openapi-parser')).toContain(
      'src/workspace/store/openapiProcessing.ts',
    );
  });

  it('every dependency and peer dependency is imported by the shipped code', () => {
    const declared = [...Object.keys(runtime), ...Object.keys(manifest.peerDependencies)];
    const unused = declared.filter((name) => !shipped.has(name) && !(name in NOT_IMPORTED));
    expect(unused).toEqual([]);
  });

  it('every package the shipped code imports is a dependency or a peer dependency', () => {
    const undeclared = [...shipped.keys()].filter(
      (name) =>
        !(name in runtime) &&
        !(name in manifest.peerDependencies) &&
        !(name in DEVELOPMENT_ONLY && name in manifest.devDependencies),
    );
    expect(undeclared.map((name) => `${name} (${shipped.get(name)?.[0]})`)).toEqual([]);
  });

  it('every package said to be used without an import is declared and indeed not imported', () => {
    for (const name of Object.keys(NOT_IMPORTED)) {
      expect(name in runtime || name in manifest.peerDependencies).toBe(true);
      expect(shipped.get(name)).toBeUndefined();
    }
  });

  it('every peer dependency is also installed for development', () => {
    const missing = Object.keys(manifest.peerDependencies).filter(
      (name) => !(name in manifest.devDependencies),
    );
    expect(missing).toEqual([]);
  });
});
