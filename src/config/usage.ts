/**
 * The `--help` text and docs/configuration.md, both rendered from the model (`GROUPS`), so that
 * neither can list an option the CLI does not read or miss one it does.
 */
import { GROUPS, type OptionGroup } from '../config.ts';
import { DOCUMENT_LIMITS } from '../gateway/guard/limits.ts';
import { HTTP_LIMITS, type LimitSpec } from '../http/limits.ts';
import { COMMANDS, type OptionSpec } from './option.ts';

const WIDTH = 100;
const COLUMN = 28;

/** The default of an option in words, or undefined when it has none worth saying. */
function defaultOf(spec: OptionSpec<unknown>): string | undefined {
  if (spec.defaultText) return spec.defaultText;
  const value = spec.default;
  if (value === undefined || value === false) return undefined;
  if (value === true) return 'on';
  return `\`${String(value)}\``;
}

/** The commands that read an option, when fewer than its group's. */
function narrower(spec: OptionSpec<unknown>, group: OptionGroup): string | undefined {
  return spec.commands && spec.commands.join() !== group.commands.join()
    ? spec.commands.join(', ')
    : undefined;
}

const scopeOf = (group: OptionGroup) => group.scope ?? group.commands.join(', ');

const plain = (text: string) => text.replaceAll('`', '');

/** Words of `text` in lines of at most `width` characters. */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** One entry of the usage: `left` in the first column, `right` wrapped beside it. */
function entry(left: string, right: string, indent = 2, column = COLUMN): string {
  const pad = ' '.repeat(column);
  const lines = wrap(right, WIDTH - column);
  const head = `${' '.repeat(indent)}${left}`;
  if (head.length >= column - 1) return [head, ...lines.map((l) => pad + l)].join('\n');
  return [head.padEnd(column) + (lines[0] ?? ''), ...lines.slice(1).map((l) => pad + l)].join('\n');
}

/** The flag as the usage shows it: `-v, --version`, `--port <n>`; the variable without one. */
export function flagText(spec: OptionSpec<unknown>): string {
  if (!spec.flag) return spec.env ?? '';
  const short = spec.short ? `-${spec.short}, ` : '';
  return `${short}--${spec.flag}${spec.arg ? ` ${spec.arg}` : ''}`;
}

function variableText(spec: OptionSpec<unknown>): string | undefined {
  if (!spec.flag || !spec.env) return undefined;
  // A switch's variable is on at one value only: the usage says which.
  return spec.arg === undefined ? `${spec.env}=${spec.envOn ?? '1'}` : spec.env;
}

function limitLines(title: string, table: Record<string, LimitSpec>): string[] {
  return [
    `  ${title}:`,
    ...Object.entries(table).map(([name, spec]) =>
      entry(`${name}=${spec.default}`, plain(spec.description), 4),
    ),
  ];
}

/** The `--help` text. */
export function helpText(): string {
  const lines = ['docs-graph <command> [options]', '', 'Commands:'];
  for (const [name, help] of Object.entries(COMMANDS)) lines.push(entry(name, help, 2, 14));
  lines.push('', 'Options (variable; default). A flag wins over its variable.');
  for (const group of GROUPS as readonly OptionGroup[]) {
    lines.push('', `${group.title} (${scopeOf(group)}):`);
    for (const spec of Object.values(group.options)) {
      const only = narrower(spec, group);
      const notes = [variableText(spec), defaultOf(spec) && `default ${defaultOf(spec)}`].filter(
        Boolean,
      );
      const text = `${only ? `${only}: ` : ''}${spec.description}${notes.length ? ` (${notes.join('; ')})` : ''}`;
      lines.push(entry(flagText(spec), plain(text)));
    }
    if (group.options.limits) {
      lines.push(
        ...limitLines('HTTP limits of --limits, with their defaults', HTTP_LIMITS),
        ...limitLines('GraphQL document limits of --limits', DOCUMENT_LIMITS),
      );
    }
  }
  return `${lines.join('\n')}\n`;
}

const cell = (text: string | undefined) => (text ?? '').replaceAll('|', '\\|');
const code = (text: string | undefined) => (text ? `\`${text}\`` : '');

function limitTable(table: Record<string, LimitSpec>): string[] {
  return [
    '| Limit | Default | Accepted values | Beyond it | Description |',
    '|---|---|---|---|---|',
    ...Object.entries(table).map(([name, spec]) => {
      const accepted = spec.max ? `1 to ${spec.max}` : 'a positive whole number';
      return `| \`${name}\` | \`${spec.default}\` | ${accepted} | ${cell(spec.beyond)} | ${cell(spec.description)} |`;
    }),
  ];
}

/** docs/configuration.md. */
export function configurationMarkdown(): string {
  const out = [
    '# Configuration',
    '',
    '<!-- Generated from the model in src/config.ts by `npm run docs:config`: edit the model, not this file. -->',
    '',
    'Every option of `docs-graph`, by concern. A flag wins over its environment variable, and a',
    'variable over the options a program passes to `loadConfig({ options })`, which win over the',
    'default. `--cors-origin` adds to `DOCS_GRAPH_CORS_ORIGINS` rather than replacing it; the',
    'variable of a switch turns it on at the value shown only. A value an option does not accept',
    'stops the start with one line naming the option and what it accepts (exit code 2).',
    '`docs-graph --help` prints the same list.',
    '',
    '`createGateway` and `startStack` take the same settings as typed options (`limits`, `guard`,',
    '`ops`, ...) and never read the environment.',
  ];
  for (const group of GROUPS as readonly OptionGroup[]) {
    const scope = group.scope ? code(group.scope) : group.commands.map(code).join(', ');
    out.push('', `## ${group.title}`, '', `Read by ${scope}.`, '');
    out.push('| Option | Flag | Environment variable | Default | Accepted values | Description |');
    out.push('|---|---|---|---|---|---|');
    for (const [name, spec] of Object.entries(group.options)) {
      const only = narrower(spec, group);
      const flag = spec.flag ? code(flagText(spec)) : '';
      const variable = spec.env
        ? code(spec.flag && spec.arg === undefined ? variableText(spec) : spec.env)
        : '';
      const description = `${only ? `${only.split(', ').map(code).join(', ')} only: ` : ''}${spec.description}`;
      out.push(
        `| \`${name}\` | ${cell(flag)} | ${cell(variable)} | ${cell(defaultOf(spec))} | ${cell(spec.accepted)} | ${cell(description)} |`,
      );
    }
    if (group.options.limits) {
      out.push(
        '',
        '### HTTP limits',
        '',
        'Both servers (`/v1` and `/graphql`); `src/http/limits.ts`.',
        '',
        ...limitTable(HTTP_LIMITS),
        '',
        '### GraphQL document limits',
        '',
        'The gateway, before any upstream call; `src/gateway/guard/limits.ts`. Each is enforced once.',
        '',
        ...limitTable(DOCUMENT_LIMITS),
      );
    }
  }
  return `${out.join('\n')}\n`;
}
