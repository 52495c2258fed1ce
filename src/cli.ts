#!/usr/bin/env node
import './boot.ts';
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { helpText } from './config/usage.ts';
import {
  COMMANDS,
  type Command,
  type Config,
  ConfigError,
  flagOptions,
  loadConfig,
} from './config.ts';
import type { Endpoint } from './stack.ts';
import { DEMO_USERS } from './workspace/demo/users.ts';

const version = (): string =>
  (
    JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
      version: string;
    }
  ).version;

/** A usage error: one line, the usage, exit 2. */
function fail(message: string): never {
  process.stderr.write(`docs-graph: ${message}\n\n${helpText()}`);
  process.exit(2);
}

/** A run-time error: one line, exit 1. */
function die(message: string): never {
  process.stderr.write(`docs-graph: ${message}\n`);
  process.exit(1);
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
  try {
    return parseArgs({ args: argv, allowPositionals: true, strict: true, options: flagOptions() });
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
  if (values.version) {
    process.stdout.write(`docs-graph ${version()}\n`);
    return;
  }
  const command = positionals[0];
  if (values.help || !command) {
    process.stdout.write(helpText());
    return;
  }
  if (!(command in COMMANDS)) fail(`unknown command ${command}`);
  const extra = positionals.slice(command === 'import' ? 2 : 1);
  if (extra.length > 0) fail(`unexpected argument ${extra[0]}`);
  let config: Config;
  try {
    config = loadConfig({ flags: values, command: command as Command });
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    fail(error.message);
  }
  const { dbPath } = config.workspace;

  if (command === 'import') {
    const folder = positionals[1];
    const spaceId = config.import.space;
    if (!folder) fail('import needs a folder: docs-graph import <folder> --space <id>');
    if (!spaceId) fail('import needs --space <id>');
    const { ImportError, runImport } = await import('./workspace/import.ts');
    try {
      const result = runImport({ folder, spaceId, dbPath, replace: config.import.replace });
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

  const { upstream } = config.gateway;
  if (command === 'gateway' && !upstream) {
    fail('gateway needs --upstream <base-url> or DOCS_GRAPH_UPSTREAM');
  }
  // The servers (and the schema) load only once the arguments are known to be good.
  const { PortInUseError, startGatewayServer, startStack } = await import('./stack.ts');
  try {
    if (command === 'gateway' && upstream) {
      const server = await startGatewayServer({ ...config.server, ...config.gateway, upstream });
      printEndpoints(`gateway -> ${upstream}`, server.url, server.endpoints);
      onSignals(() => server.close());
      return;
    }
    const stack = await startStack({
      ...config.server,
      ...config.gateway,
      ...config.workspace,
      gateway: command === 'start',
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
  // A feature asked for without its optional packages: one line naming them (src/optional.ts).
  if ((error as Error | null)?.name === 'MissingPackageError') die((error as Error).message);
  process.stderr.write(`docs-graph: ${(error as Error).stack ?? String(error)}\n`);
  process.exit(1);
});
