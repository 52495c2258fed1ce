/**
 * Bundles the CLI (src/cli.ts, what it imports and their dependencies) for `npm start`,
 * `bin/docs-graph.js` and `node dist/cli.js`: Node then reads, resolves and links a few modules at
 * start instead of about 1,500, which was most of a cold start (docs/benchmarks.md, Start-up). dist/cli.js
 * is the small entry (src/entry.ts: V8 flags first, see src/boot.ts); the CLI itself and each
 * module it loads on demand are chunks beside it (dist/cli-*.js), split at dynamic imports.
 * Runs after tsc (`npm run build`, scripts/ensure-built.mjs); the library (dist/index.js and the
 * rest of dist/) stays as tsc writes it.
 *
 * Left out of the bundle and loaded from node_modules: the native SQLite binding, packages that
 * read files of their own at run time (pdfkit's fonts, pino's transports, Swagger UI's page), and what is loaded only
 * when a feature is used (GraphiQL's page, the OpenAPI parser, YAML for `import`, the OTLP
 * exporter, Fastify's default schema compilers; OpenTelemetry, ioredis, pino-pretty and Ajv are
 * loaded with `require` on first use and stay out by themselves).
 */
import { readdirSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const at = (path) => fileURLToPath(new URL(`../${path}`, import.meta.url));

export const EXTERNAL = [
  'better-sqlite3',
  'pdfkit',
  '@fastify/swagger-ui',
  'pino',
  'pino-pretty',
  '@graphql-yoga/render-graphiql',
  '@readme/openapi-parser',
  'yaml',
  '@opentelemetry/*',
  '@fastify/ajv-compiler',
  '@fastify/fast-json-stringify-compiler',
  'light-my-request',
];

/** Writes dist/cli.js and its chunks (with source maps) from src/entry.ts. */
export async function bundleCli() {
  // Chunks are named by their content: those of an earlier build go first.
  for (const file of readdirSync(at('dist'))) {
    if (file.startsWith('cli-')) rmSync(at(`dist/${file}`));
  }
  await build({
    entryPoints: { cli: at('src/entry.ts') },
    outdir: at('dist'),
    chunkNames: 'cli-[hash]',
    splitting: true,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: EXTERNAL,
    // CommonJS dependencies call `require`, which an ES module does not have.
    banner: {
      js: "import { createRequire as createRequireOfBundle } from 'node:module';\nconst require = createRequireOfBundle(import.meta.url);",
    },
    // Whitespace and syntax minified (names kept, so stack traces stay readable): less to read
    // and parse at start, and a smaller package. Source maps stay out of the package (files).
    minifyWhitespace: true,
    minifySyntax: true,
    sourcemap: true,
    sourcesContent: false,
    legalComments: 'eof',
    logLevel: 'warning',
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await bundleCli();
