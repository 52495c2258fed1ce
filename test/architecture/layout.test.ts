import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { importCycles } from '../support/imports.ts';

// The rules of the layout (docs/architecture.md, "Layout"): one place per concept, layers that
// point down.

const SCHEMA = 'src/gateway/schema';
const UPSTREAM = 'src/gateway/upstream';

/** Leaf modules every layer imports, upstream/ included: they import nothing of ours. */
const LEAVES = ['src/gateway/errorCatalog.ts'];

/** Past this many lines a module holds more than one concern; split it along a seam. */
const MAX_LINES = 500;

/** Files that may read `process.env`: the configuration model and the CLI entry. */
const ENV_READERS = ['src/config.ts', 'src/cli.ts', 'src/entry.ts', 'src/boot.ts'];

/** The configuration model's own modules. */
const CONFIG_DIR = 'src/config/';

/** The parts of every domain folder; each of types, queries, mutations may be a folder of parts. */
const DOMAIN_PARTS = ['index.ts', 'mutations', 'queries', 'resource.ts', 'types'];

/** Parts a domain may have besides those: its subscription fields (live data of its objects). */
const OPTIONAL_PARTS = ['subscriptions'];

/**
 * Parts a domain lacks, and why: search reads hits of other domains' objects (its routes are on
 * the Organization and Space descriptors) and the REST surface has no search writes.
 */
const WITHOUT: Readonly<Record<string, readonly string[]>> = {
  search: ['mutations', 'resource.ts'],
};

/** Every `.ts` file under `root`. */
function files(root: string): string[] {
  return readdirSync(root).flatMap((name) => {
    const path = join(root, name);
    return statSync(path).isDirectory() ? files(path) : path.endsWith('.ts') ? [path] : [];
  });
}

/** The relative module specifiers a source imports or re-exports. */
function relativeImports(source: string): string[] {
  return ts
    .preProcessFile(source, true, true)
    .importedFiles.map((f) => f.fileName)
    .filter((name) => name.startsWith('.'));
}

/** The files of `paths` (relative to the repository) that mention `text` outside comments. */
function mentioning(paths: string[], pattern: RegExp): string[] {
  return paths.filter((path) => {
    const code = readFileSync(path, 'utf8')
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/(^|[^:])\/\/.*$/gm, '$1');
    return pattern.test(code);
  });
}

/** The domain folders of the graph and the parts each holds (`types.ts` and `types/` both as `types`). */
function domainParts(): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const name of readdirSync(SCHEMA)) {
    const path = join(SCHEMA, name);
    if (!statSync(path).isDirectory()) continue;
    out[name] = readdirSync(path)
      .map((part) =>
        part === 'index.ts' || part === 'resource.ts' ? part : part.replace(/\.ts$/, ''),
      )
      .sort();
  }
  return out;
}

/** The `.ts` files under `root` (outside `generated/`) longer than `max` lines, as `path: lines`. */
function longFiles(root: string, max: number): string[] {
  return files(root).flatMap((path) => {
    if (path.includes('/generated/')) return [];
    const text = readFileSync(path, 'utf8');
    const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
    return lines > max ? [`${path}: ${lines}`] : [];
  });
}

describe('the layout', () => {
  it('reads process.env only in the configuration model and the CLI entry', () => {
    const readers = mentioning(files('src'), /process\.env/).filter(
      (f) => !ENV_READERS.includes(f) && !f.startsWith(CONFIG_DIR),
    );
    expect(readers).toEqual([]);
  });

  it('builds no REST path in the graph: every path comes from a resource descriptor', () => {
    expect(mentioning(files(SCHEMA), /\brestPath\b/)).toEqual([]);
  });

  it('gives every domain the same parts: resource, types, queries, mutations and an index', () => {
    const parts = domainParts();
    const expected = Object.fromEntries(
      Object.entries(parts).map(([domain, has]) => [
        domain,
        [
          ...DOMAIN_PARTS.filter((p) => !WITHOUT[domain]?.includes(p)),
          ...OPTIONAL_PARTS.filter((p) => has.includes(p)),
        ].sort(),
      ]),
    );
    expect(parts).toEqual(expected);
    expect(Object.keys(parts).length).toBe(14);
  });

  it('keeps domain indexes to imports: they export nothing', () => {
    const offenders = Object.keys(domainParts()).filter((domain) => {
      const source = readFileSync(join(SCHEMA, domain, 'index.ts'), 'utf8');
      const file = ts.createSourceFile('index.ts', source, ts.ScriptTarget.Latest);
      return file.statements.some((s) => !ts.isImportDeclaration(s) || s.importClause);
    });
    expect(offenders).toEqual([]);
  });

  it('lets upstream/ import nothing from the graph layer', () => {
    const offenders = files(UPSTREAM).flatMap((file) =>
      relativeImports(readFileSync(file, 'utf8'))
        .map((name) => relative('.', resolve(dirname(file), name)))
        .filter(
          (target) =>
            !target.startsWith(UPSTREAM) &&
            !target.startsWith('src/contract') &&
            !LEAVES.includes(target),
        )
        .map((target) => `${file} -> ${target}`),
    );
    expect(offenders).toEqual([]);
  });

  it('keeps the leaf modules every layer imports free of imports of ours', () => {
    const offenders = LEAVES.filter((file) => relativeImports(readFileSync(file, 'utf8')).length);
    expect(offenders).toEqual([]);
  });

  it('says every error code once, in the error catalog', () => {
    const offenders = mentioning(files('src/gateway'), /\bcode: ['"]/).filter(
      (file) => !LEAVES.includes(file),
    );
    expect(offenders).toEqual([]);
  });

  it('keeps every source file under 500 lines', () => {
    expect(longFiles('src', MAX_LINES)).toEqual([]);
  });

  it('has no import cycle anywhere in the source', () => {
    expect(importCycles('src')).toEqual([]);
  });

  it('would be caught by each rule', () => {
    expect(relativeImports("import { x } from '../plugins/shape.ts';\nimport 'graphql';")).toEqual([
      '../plugins/shape.ts',
    ]);
    const dir = mkdtempSync(join(tmpdir(), 'layout-'));
    try {
      writeFileSync(join(dir, 'reads.ts'), 'export const port = process.env.PORT;\n');
      writeFileSync(join(dir, 'says.ts'), '// process.env is read by the config\nexport {};\n');
      writeFileSync(join(dir, 'long.ts'), 'export {};\n'.repeat(MAX_LINES + 1));
      const paths = ['reads.ts', 'says.ts'].map((f) => join(dir, f));
      expect(mentioning(paths, /process\.env/)).toEqual([join(dir, 'reads.ts')]);
      expect(longFiles(dir, MAX_LINES)).toEqual([`${join(dir, 'long.ts')}: ${MAX_LINES + 1}`]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
