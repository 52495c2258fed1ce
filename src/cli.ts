#!/usr/bin/env node
import { parseArgs } from 'node:util';
import { GUARD_USAGE, guardOptionsFromFlags } from './gateway/guard/options.ts';
import { startGatewayServer, startStack } from './server.ts';
import { DEMO_USERS } from './workspace/demo/users.ts';
import { ImportError, runImport } from './workspace/import.ts';

const USAGE = `docs-graph <command> [options]

Commands:
  start       the embedded workspace (/v1) and the GraphQL gateway (/graphql) on one port
  workspace   the embedded workspace server alone (/v1)
  gateway     the GraphQL gateway alone, against any /v1 base URL (--upstream)
  import      import <folder> --space <spaceId>: a folder of Markdown files becomes the space's
              content, as a new revision (nested folders are nested pages)

Options:
  --port <n>        port to listen on (PORT; default 4000; 0 picks a free port)
  --host <host>     address to bind (default 127.0.0.1)
  --db <path>       SQLite database (DOCS_GRAPH_DB; default .data/workspace.sqlite; :memory: allowed)
  --demo-scale <n>  multiply the demo spaces, pages and change requests (empty database only)
  --upstream <url>  gateway: base URL of the /v1 surface (DOCS_GRAPH_UPSTREAM)
  --space <id>      import: the space that receives the pages
  --debug           gateway: list upstream calls in every response's extensions (DOCS_GRAPH_DEBUG=1)
${GUARD_USAGE}  -h, --help        this help
`;

function fail(message: string): never {
  process.stderr.write(`docs-graph: ${message}\n\n${USAGE}`);
  process.exit(2);
}

function intOption(name: string, raw: string | undefined, fallback: number, max: number): number {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > max) {
    fail(`--${name} must be a whole number from 0 to ${max}, got ${JSON.stringify(raw)}`);
  }
  return value;
}

async function main(argv: string[]): Promise<void> {
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        db: { type: 'string' },
        'demo-scale': { type: 'string' },
        upstream: { type: 'string' },
        debug: { type: 'boolean' },
        space: { type: 'string' },
        'max-cost': { type: 'string' },
        'rate-limit': { type: 'string' },
        'trusted-documents': { type: 'string' },
        'disable-introspection': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    fail((error as Error).message);
  }
  const { values, positionals } = parsed;
  const command = positionals[0];
  if (values.help || !command) {
    process.stdout.write(USAGE);
    return;
  }
  if (
    command !== 'start' &&
    command !== 'workspace' &&
    command !== 'gateway' &&
    command !== 'import'
  ) {
    fail(`unknown command ${command}`);
  }
  const dbPath =
    (values.db as string | undefined) ?? process.env.DOCS_GRAPH_DB ?? '.data/workspace.sqlite';
  if (command === 'import') {
    const folder = positionals[1];
    const spaceId = values.space as string | undefined;
    if (!folder) fail('import needs a folder: docs-graph import <folder> --space <spaceId>');
    if (!spaceId) fail('import needs --space <spaceId>');
    try {
      const result = runImport({ folder, spaceId, dbPath });
      process.stdout.write(
        `imported ${result.pages} page(s) and ${result.files} file(s) into space ${spaceId} (revision ${result.revisionId})\n`,
      );
    } catch (error) {
      if (!(error instanceof ImportError)) throw error;
      process.stderr.write(`docs-graph import: ${error.message}\n`);
      process.exit(1);
    }
    return;
  }

  const port = intOption(
    'port',
    (values.port as string | undefined) ?? process.env.PORT,
    4000,
    65535,
  );
  const host = (values.host as string | undefined) ?? '127.0.0.1';
  const debug = values.debug === true || process.env.DOCS_GRAPH_DEBUG === '1';
  const guardFlags = {
    maxCost: values['max-cost'] as string | undefined,
    rateLimit: values['rate-limit'] as string | undefined,
    trustedDocuments: values['trusted-documents'] as string | undefined,
    disableIntrospection: values['disable-introspection'] as boolean | undefined,
  };
  const guardFor = (rateLimitByDefault: boolean) => {
    try {
      return guardOptionsFromFlags(guardFlags, process.env, rateLimitByDefault);
    } catch (error) {
      fail((error as Error).message);
    }
  };
  if (command === 'gateway') {
    const upstream = (values.upstream as string | undefined) ?? process.env.DOCS_GRAPH_UPSTREAM;
    if (!upstream) fail('gateway needs --upstream <base-url> or DOCS_GRAPH_UPSTREAM');
    if (!/^https?:\/\//.test(upstream) || !URL.canParse(upstream)) {
      fail(`--upstream must be an absolute http(s) URL, got ${JSON.stringify(upstream)}`);
    }
    const server = await startGatewayServer({ upstream, port, host, debug, guard: guardFor(true) });
    process.stdout.write(`docs-graph gateway: ${server.url}/graphql -> ${upstream}\n`);
    onSignals(() => server.close());
    return;
  }
  const demoScale = intOption('demo-scale', values['demo-scale'] as string | undefined, 1, 1000);
  const stack = await startStack({
    port,
    host,
    gateway: command === 'start',
    debug,
    dbPath,
    demoScale: Math.max(1, demoScale),
    guard: guardFor(false),
  });
  const lines = [`docs-graph workspace: ${stack.url}/v1`];
  if (stack.gateway)
    lines.push(`docs-graph gateway:   ${stack.url}/graphql (GraphiQL in a browser)`);
  if (stack.seeded) lines.push('loaded the demo data into an empty database');
  lines.push('demo bearer tokens:');
  for (const user of DEMO_USERS)
    lines.push(`  ${user.token.padEnd(18)} ${user.displayName} (${user.persona})`);
  process.stdout.write(`${lines.join('\n')}\n`);

  onSignals(() => stack.close());
}

/** Stops cleanly on SIGINT/SIGTERM (a second signal exits at once). */
function onSignals(close: () => Promise<void>): void {
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) process.exit(1);
    stopping = true;
    process.stdout.write(`\n${signal}: stopping\n`);
    close().then(
      () => process.exit(0),
      (error: unknown) => {
        process.stderr.write(`docs-graph: ${String(error)}\n`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main(process.argv.slice(2)).catch((error: unknown) => {
  process.stderr.write(`docs-graph: ${(error as Error).stack ?? String(error)}\n`);
  process.exit(1);
});
