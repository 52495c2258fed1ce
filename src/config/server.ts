/** The options of the servers, the gateway, `import` and the CLI itself. */
import { statSync } from 'node:fs';
import { z } from 'zod';
import { DEFAULT_EXECUTOR, EXECUTORS } from '../gateway/execution/executors.ts';
import {
  got,
  httpUrl,
  oneOf,
  option,
  refuse,
  text,
  textAs,
  toggle,
  wholeNumber,
} from './option.ts';

const isFile = (path: string) => {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
};

/** Where the servers listen. */
export const SERVER = {
  port: option({
    flag: 'port',
    arg: '<n>',
    env: 'PORT',
    ...wholeNumber(0, 65535),
    default: 4000,
    description: 'port to listen on; `0` picks a free port (the chosen URL is printed)',
  }),
  host: option({
    flag: 'host',
    arg: '<host>',
    ...text('an address or a host name'),
    default: '127.0.0.1',
    description: 'address to bind',
  }),
};

/** The embedded workspace's database and demo data. */
export const WORKSPACE = {
  db: option({
    flag: 'db',
    arg: '<path>',
    env: 'DOCS_GRAPH_DB',
    ...text('a file path, or `:memory:`'),
    default: '.data/workspace.sqlite',
    description: 'SQLite database of the embedded workspace',
  }),
  demoScale: option({
    flag: 'demo-scale',
    arg: '<n>',
    ...wholeNumber(0, 1000),
    default: 1,
    description: 'multiply the demo spaces, pages and change requests (empty database only)',
    commands: ['start', 'workspace'],
  }),
  pdfCjkFont: option<string | undefined>({
    flag: 'pdf-cjk-font',
    arg: '<path>',
    env: 'DOCS_GRAPH_PDF_CJK_FONT',
    ...textAs(
      'an existing TrueType or OpenType font file (`.ttf`, `.otf`), or a collection (`.ttc`: its first font)',
      (path) => (isFile(path) ? path : undefined),
    ),
    default: undefined,
    defaultText: 'none: Chinese, Japanese and Korean characters are left out of PDF exports',
    description:
      'font for the Chinese, Japanese and Korean text of PDF exports (the embedded DejaVu Sans draws Latin, Greek, Cyrillic and more)',
    commands: ['start', 'workspace'],
  }),
};

/** The gateway's upstream, browser origins and debug answers. */
export const GATEWAY_OPTIONS = {
  upstream: option<string | undefined>({
    flag: 'upstream',
    arg: '<url>',
    env: 'DOCS_GRAPH_UPSTREAM',
    ...textAs('an absolute http(s) URL', httpUrl),
    default: undefined,
    description: 'base URL of the /v1 surface (`https://host` or `https://host/v1`); required',
    commands: ['gateway'],
  }),
  corsOrigins: option<string[]>({
    flag: 'cors-origin',
    arg: '<origin>',
    multiple: true,
    env: 'DOCS_GRAPH_CORS_ORIGINS',
    accepted: 'origins like `https://docs.example.com`, or `*`; the variable comma-separated',
    schema: z
      .array(z.string())
      .optional()
      .transform((origins, ctx) => {
        const bad = origins?.find((o) => o !== '*' && !httpUrl(o));
        if (bad === undefined) return origins;
        return refuse(ctx, `must be an origin like https://docs.example.com, ${got(bad)}`);
      }),
    default: [],
    defaultText: 'none: same-origin only',
    description:
      'allow this browser origin to call /graphql cross-origin, with credentials (`*`: any origin, without); repeatable, adding to the variable',
  }),
  debug: option({
    flag: 'debug',
    env: 'DOCS_GRAPH_DEBUG',
    ...toggle('a switch; the variable `1`'),
    default: false,
    description:
      '`gateway`: honour `x-docs-graph-debug: 1` (upstream calls in `extensions.upstream`); `start`: list them in every response',
  }),
  federation: option({
    flag: 'federation',
    env: 'DOCS_GRAPH_FEDERATION',
    ...toggle('a switch; the variable `1`'),
    default: false,
    description:
      'serve the graph as a Federation v2 subgraph (entity keys, `_entities`, `_service`) for a supergraph router (docs/federation.md)',
  }),
  executor: option({
    flag: 'executor',
    arg: '<name>',
    env: 'DOCS_GRAPH_EXECUTOR',
    ...oneOf(EXECUTORS),
    default: DEFAULT_EXECUTOR,
    description:
      'how queries and mutations without `@defer`/`@stream` run: `jit` compiles each document once (graphql-jit), `graphql-js` walks it per request; subscriptions and incremental answers always take the latter',
  }),
};

/** `docs-graph import`. */
export const IMPORT = {
  space: option<string | undefined>({
    flag: 'space',
    arg: '<id>',
    ...text('a REST id or a global ID'),
    default: undefined,
    description: 'the space to import into; required',
  }),
  replace: option({
    flag: 'replace',
    ...toggle('a switch'),
    default: false,
    description: 'replace the pages of a space that already has some',
  }),
};

/** Every command's. */
export const GENERAL = {
  version: option({
    flag: 'version',
    short: 'v',
    ...toggle('a switch'),
    default: false,
    description: 'print the version',
  }),
  help: option({
    flag: 'help',
    short: 'h',
    ...toggle('a switch'),
    default: false,
    description: 'this help',
  }),
};

/** The benchmarks' (`bench/`): read through the model too. */
export const BENCH = {
  benchCli: option<string | undefined>({
    env: 'DOCS_GRAPH_BENCH_CLI',
    ...text('a file path'),
    default: undefined,
    defaultText: '`dist/cli.js`',
    description: 'the built CLI `bench/memory.ts` measures',
  }),
};
