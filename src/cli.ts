#!/usr/bin/env node
import './boot.ts';
import { readFileSync } from 'node:fs';
import { type ParseArgsConfig, parseArgs } from 'node:util';
import { GUARD_USAGE, guardOptionsFromFlags } from './gateway/guard/options.ts';
import { ConfigError, OPS_CLI_OPTIONS, OPS_USAGE, opsConfig } from './gateway/ops/config.ts';
import { type Limits, limitsWith, parseLimits } from './limits.ts';
import type { Endpoint } from './stack.ts';
import { DEMO_USERS } from './workspace/demo/users.ts';

const COMMANDS = {
  start: 'the embedded workspace (/v1) and the GraphQL gateway (/graphql) on one port',
  workspace: 'the embedded workspace server alone (/v1)',
  gateway: 'the GraphQL gateway alone, against any /v1 base URL (--upstream)',
  import:
    'import <folder> --space <id>: a folder of Markdown files becomes the space content,\n' +
    'as a new revision (nested folders are nested pages; YAML front matter names a page)',
} as const;
type Command = keyof typeof COMMANDS;

interface OptionSpec {
  type: 'string' | 'boolean';
  /** The value's placeholder in the usage (string options). */
  arg?: string;
  short?: string;
  /** Repeatable: every occurrence is kept. */
  multiple?: boolean;
  help: string;
}

/** Every option, once: parsing and the usage text are derived from this table. */
const OPTIONS = {
  port: {
    type: 'string',
    arg: '<n>',
    help: 'port to listen on (PORT; default 4000; 0 picks a free port)',
  },
  host: { type: 'string', arg: '<host>', help: 'address to bind (default 127.0.0.1)' },
  db: {
    type: 'string',
    arg: '<path>',
    help: 'SQLite database (DOCS_GRAPH_DB; default .data/workspace.sqlite;\n:memory: allowed)',
  },
  'demo-scale': {
    type: 'string',
    arg: '<n>',
    help: 'multiply the demo spaces, pages and change requests (empty database only)',
  },
  upstream: {
    type: 'string',
    arg: '<url>',
    help: 'gateway: base URL of the /v1 surface (DOCS_GRAPH_UPSTREAM)',
  },
  'cors-origin': {
    type: 'string',
    arg: '<origin>',
    multiple: true,
    help: 'allow this browser origin to call /graphql cross-origin; repeatable\n(DOCS_GRAPH_CORS_ORIGINS, comma-separated; default none: same-origin only)',
  },
  debug: {
    type: 'boolean',
    help: 'gateway: honour x-docs-graph-debug: 1 (upstream calls in extensions.upstream);\nstart: list them in every response (DOCS_GRAPH_DEBUG=1)',
  },
  limits: {
    type: 'string',
    arg: '<list>',
    help: 'input, size and time limits, name=value,... (DOCS_GRAPH_LIMITS; see README)',
  },
  space: { type: 'string', arg: '<id>', help: 'import: the space (REST id or global ID)' },
  replace: {
    type: 'boolean',
    help: 'import: replace the pages of a space that already has some',
  },
  version: { type: 'boolean', short: 'v', help: 'print the version' },
  help: { type: 'boolean', short: 'h', help: 'this help' },
} satisfies Record<string, OptionSpec>;

function usage(): string {
  const pad = (text: string, width: number, indent: number) =>
    text.replaceAll('\n', `\n${' '.repeat(indent + width)}`);
  const commands = Object.entries(COMMANDS)
    .map(([name, help]) => `  ${name.padEnd(11)} ${pad(help, 12, 2)}`)
    .join('\n');
  const options = Object.entries(OPTIONS as Record<string, OptionSpec>)
    .map(([name, spec]) => {
      const flag = `${spec.short ? `-${spec.short}, ` : ''}--${name}${spec.arg ? ` ${spec.arg}` : ''}`;
      return `  ${flag.padEnd(22)} ${pad(spec.help, 23, 2)}`;
    })
    .join('\n');
  return `docs-graph <command> [options]\n\nCommands:\n${commands}\n\nOptions:\n${options}\n\nGuardrails (start and gateway):\n${GUARD_USAGE}${OPS_USAGE}`;
}

const version = (): string =>
  (
    JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
      version: string;
    }
  ).version;

/** `parseArgs` descriptors of the guardrail flags (their help is `GUARD_USAGE`). */
const GUARD_CLI_OPTIONS = {
  'max-cost': { type: 'string' },
  'rate-limit': { type: 'string' },
  'trusted-documents': { type: 'string' },
  'disable-introspection': { type: 'boolean' },
} as const;

/** A usage error: one line, the usage, exit 2. */
function fail(message: string): never {
  process.stderr.write(`docs-graph: ${message}\n\n${usage()}`);
  process.exit(2);
}

/** A run-time error: one line, exit 1. */
function die(message: string): never {
  process.stderr.write(`docs-graph: ${message}\n`);
  process.exit(1);
}

function intOption(name: string, raw: string | undefined, fallback: number, max: number): number {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > max) {
    fail(`--${name} must be a whole number from 0 to ${max}, got ${JSON.stringify(raw)}`);
  }
  return value;
}

/** Node's parse errors in one line (`unknown option --x`, `--port needs a value`). */
function parseError(error: unknown): string {
  const { code, message } = error as { code?: string; message: string };
  const option = /'(-[^' ]+)/.exec(message)?.[1];
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' && option) return `unknown option ${option}`;
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE' && option) {
    return /argument missing/.test(message)
      ? `${option} needs a value`
      : `${option} takes no value`;
  }
  return message.split('\n')[0] ?? message;
}

function parse(argv: string[]) {
  const options = Object.fromEntries(
    Object.entries(OPTIONS as Record<string, OptionSpec>).map(([name, spec]) => [
      name,
      {
        type: spec.type,
        ...(spec.short ? { short: spec.short } : {}),
        ...(spec.multiple ? { multiple: true } : {}),
      },
    ]),
  ) as NonNullable<ParseArgsConfig['options']>;
  Object.assign(options, OPS_CLI_OPTIONS, GUARD_CLI_OPTIONS);
  try {
    return parseArgs({ args: argv, allowPositionals: true, strict: true, options });
  } catch (error) {
    fail(parseError(error));
  }
}

/** The start-up lines: every URL the server answers at. */
function printEndpoints(title: string, url: string, endpoints: readonly Endpoint[]): void {
  const width = Math.max(...endpoints.map((e) => url.length + e.path.length)) + 2;
  const lines = [`docs-graph ${title}:`];
  for (const e of endpoints) lines.push(`  ${`${url}${e.path}`.padEnd(width)}${e.description}`);
  process.stdout.write(`${lines.join('\n')}\n`);
}

async function main(argv: string[]): Promise<void> {
  const { values, positionals } = parse(argv);
  const string = (name: keyof typeof OPTIONS) => values[name] as string | undefined;
  if (values.version) {
    process.stdout.write(`docs-graph ${version()}\n`);
    return;
  }
  const command = positionals[0];
  if (values.help || !command) {
    process.stdout.write(usage());
    return;
  }
  if (!(command in COMMANDS)) fail(`unknown command ${command}`);
  const extra = positionals.slice(command === 'import' ? 2 : 1);
  if (extra.length > 0) fail(`unexpected argument ${extra[0]}`);
  const dbPath = string('db') ?? process.env.DOCS_GRAPH_DB ?? '.data/workspace.sqlite';

  if ((command as Command) === 'import') {
    const folder = positionals[1];
    const spaceId = string('space');
    if (!folder) fail('import needs a folder: docs-graph import <folder> --space <id>');
    if (!spaceId) fail('import needs --space <id>');
    const { ImportError, runImport } = await import('./workspace/import.ts');
    try {
      const result = runImport({ folder, spaceId, dbPath, replace: values.replace === true });
      for (const file of result.skipped) {
        process.stderr.write(`skipped ${file}: neither Markdown nor an image or PDF\n`);
      }
      process.stdout.write(
        `imported ${result.pages} page${result.pages === 1 ? '' : 's'} and ${result.files} file${result.files === 1 ? '' : 's'} into space ${spaceId} (revision ${result.revisionId}) in ${result.dbPath}\n`,
      );
    } catch (error) {
      if (!(error instanceof ImportError)) throw error;
      die(`import: ${error.message}`);
    }
    return;
  }

  const port = intOption('port', string('port') ?? process.env.PORT, 4000, 65535);
  const host = string('host') ?? '127.0.0.1';
  const debug = values.debug === true || process.env.DOCS_GRAPH_DEBUG === '1';
  const corsOrigins = [
    ...((values['cors-origin'] as string[] | undefined) ?? []),
    ...(process.env.DOCS_GRAPH_CORS_ORIGINS ?? '')
      .split(',')
      .map((o) => o.trim())
      .filter(Boolean),
  ];
  for (const origin of corsOrigins) {
    if (origin !== '*' && !(/^https?:\/\//.test(origin) && URL.canParse(origin))) {
      fail(
        `--cors-origin must be an origin like https://docs.example.com, got ${JSON.stringify(origin)}`,
      );
    }
  }
  let limits: Limits;
  try {
    limits = limitsWith(parseLimits(string('limits') ?? process.env.DOCS_GRAPH_LIMITS ?? ''));
  } catch (error) {
    fail(`--limits: ${(error as Error).message}`);
  }
  let ops: ReturnType<typeof opsConfig>;
  try {
    ops = opsConfig(values, process.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    fail(error.message);
  }
  const guardFor = (rateLimitByDefault: boolean) => {
    try {
      return guardOptionsFromFlags(
        {
          maxCost: values['max-cost'] as string | undefined,
          rateLimit: values['rate-limit'] as string | undefined,
          trustedDocuments: values['trusted-documents'] as string | undefined,
          disableIntrospection: values['disable-introspection'] as boolean | undefined,
        },
        process.env,
        rateLimitByDefault,
      );
    } catch (error) {
      fail((error as Error).message);
    }
  };
  // The servers (and the schema) load only once the arguments are known to be good.
  const { PortInUseError, startGatewayServer, startStack } = await import('./stack.ts');
  try {
    if (command === 'gateway') {
      const upstream = string('upstream') ?? process.env.DOCS_GRAPH_UPSTREAM;
      if (!upstream) fail('gateway needs --upstream <base-url> or DOCS_GRAPH_UPSTREAM');
      if (!/^https?:\/\//.test(upstream) || !URL.canParse(upstream)) {
        fail(`--upstream must be an absolute http(s) URL, got ${JSON.stringify(upstream)}`);
      }
      const server = await startGatewayServer({
        upstream,
        port,
        host,
        debug,
        corsOrigins,
        limits,
        ops,
        guard: guardFor(true),
      });
      printEndpoints(`gateway -> ${upstream}`, server.url, server.endpoints);
      onSignals(() => server.close());
      return;
    }
    const demoScale = intOption('demo-scale', string('demo-scale'), 1, 1000);
    const stack = await startStack({
      port,
      host,
      gateway: command === 'start',
      debug,
      corsOrigins,
      limits,
      ops,
      guard: guardFor(false),
      dbPath,
      demoScale: Math.max(1, demoScale),
    });
    printEndpoints(command, stack.url, stack.endpoints);
    const lines: string[] = [];
    if (stack.seeded) lines.push(`loaded the demo data into an empty database (${dbPath})`);
    lines.push('demo bearer tokens:');
    for (const user of DEMO_USERS)
      lines.push(`  ${user.token.padEnd(18)} ${user.displayName} (${user.persona})`);
    process.stdout.write(`${lines.join('\n')}\n`);
    onSignals(() => stack.close());
  } catch (error) {
    if (error instanceof PortInUseError) {
      die(
        `${error.message}: choose another with --port <n> or PORT=<n> (--port 0 picks a free one)`,
      );
    }
    throw error;
  }
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
      (error: unknown) => die(String(error)),
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main(process.argv.slice(2)).catch((error: unknown) => {
  process.stderr.write(`docs-graph: ${(error as Error).stack ?? String(error)}\n`);
  process.exit(1);
});
