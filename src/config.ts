/**
 * Every option of docs-graph, once: its flag, its environment variable, the values it accepts,
 * its default and its description, grouped by concern (`GROUPS`, the options of each in
 * `config/*.ts`; a zod object per concern, as in GraphQL Hive's `environment.ts`). `loadConfig`
 * reads the sources once into the typed `Config` the rest of the code receives; the `--help`
 * text and docs/configuration.md are rendered from the same model (`config/usage.ts`). This is
 * the only module that reads `process.env`.
 */
import type { ParseArgsConfig } from 'node:util';
import { z } from 'zod';
import { GUARD, LIMIT_OPTIONS, RATE_LIMIT_ON } from './config/guard.ts';
import { limitsWith } from './config/limits.ts';
import { LIVE } from './config/live.ts';
import { CACHE, LIFECYCLE, OBSERVABILITY, REDIS, UPSTREAM } from './config/ops.ts';
import { type Command, GATEWAY, type OptionSpec, type Raw, SERVE } from './config/option.ts';
import { BENCH, GATEWAY_OPTIONS, GENERAL, IMPORT, SERVER, WORKSPACE } from './config/server.ts';
import { readPersistedDocuments } from './gateway/guard/documents.ts';
import type { GuardOptions } from './gateway/guard/plugins.ts';

export { DEFAULT_LIMITS, LIMITS, type Limits, limitsWith, parseLimits } from './config/limits.ts';
export { COMMANDS, type Command, type OptionSpec } from './config/option.ts';

/** A concern: its options, the commands that read them, a title for the usage and the docs. */
export interface OptionGroup {
  title: string;
  /** Where its options apply, in words, when not a list of commands. */
  scope?: string;
  commands: readonly Command[];
  options: Record<string, OptionSpec<unknown>>;
}

/** The model: every option, by concern, in the order of the usage and the docs. */
export const GROUPS = [
  { title: 'Server', commands: SERVE, options: SERVER },
  { title: 'Embedded workspace', commands: ['start', 'workspace', 'import'], options: WORKSPACE },
  { title: 'Gateway', commands: GATEWAY, options: GATEWAY_OPTIONS },
  { title: 'Limits', commands: SERVE, options: LIMIT_OPTIONS },
  { title: 'Guardrails', commands: GATEWAY, options: GUARD },
  { title: 'Response cache', commands: GATEWAY, options: CACHE },
  { title: 'Shared state', commands: GATEWAY, options: REDIS },
  { title: 'Live data', commands: GATEWAY, options: LIVE },
  { title: 'Metrics, logs and traces', commands: GATEWAY, options: OBSERVABILITY },
  { title: 'Lifecycle and memory', commands: GATEWAY, options: LIFECYCLE },
  { title: 'Upstream calls', commands: GATEWAY, options: UPSTREAM },
  { title: 'Import', commands: ['import'], options: IMPORT },
  {
    title: 'General',
    scope: 'every command',
    commands: ['start', 'workspace', 'gateway', 'import'],
    options: GENERAL,
  },
  { title: 'Benchmarks', scope: 'bench/memory.ts', commands: [], options: BENCH },
] as const satisfies readonly OptionGroup[];

const OPTIONS = {
  ...SERVER,
  ...WORKSPACE,
  ...GATEWAY_OPTIONS,
  ...LIMIT_OPTIONS,
  ...GUARD,
  ...CACHE,
  ...REDIS,
  ...LIVE,
  ...OBSERVABILITY,
  ...LIFECYCLE,
  ...UPSTREAM,
  ...IMPORT,
  ...GENERAL,
  ...BENCH,
};

/** Each concern's zod object, made once from its options' schemas. */
const SCHEMAS = new Map(
  (GROUPS as readonly OptionGroup[]).map((group) => [
    group,
    z.object(
      Object.fromEntries(Object.entries(group.options).map(([key, spec]) => [key, spec.schema])),
    ),
  ]),
);

/** Every option's value, by option name. */
export type OptionValues = {
  [K in keyof typeof OPTIONS]: (typeof OPTIONS)[K] extends OptionSpec<infer T> ? T : never;
};

/** `util.parseArgs` descriptors of every flag of the model. */
export function flagOptions(): NonNullable<ParseArgsConfig['options']> {
  const out: NonNullable<ParseArgsConfig['options']> = {};
  for (const group of GROUPS as readonly OptionGroup[]) {
    for (const spec of Object.values(group.options)) {
      if (!spec.flag) continue;
      out[spec.flag] = {
        type: spec.arg === undefined ? 'boolean' : 'string',
        ...(spec.short ? { short: spec.short } : {}),
        ...(spec.multiple ? { multiple: true } : {}),
      };
    }
  }
  return out;
}

/** A flag or variable with a value it cannot take: one line naming it and what it accepts. */
export class ConfigError extends Error {}

/** Where a value came from; refusals name the option as the user gave it. */
type Source = 'flag' | 'env';

/** How the usage and refusals name an option: its flag, or its variable. */
export function optionName(spec: OptionSpec<unknown>, source?: Source): string {
  if (!spec.flag) return spec.env ?? '';
  return source === 'env' && spec.env ? `--${spec.flag} (${spec.env})` : `--${spec.flag}`;
}

function rawValue(
  spec: OptionSpec<unknown>,
  flags: Readonly<Record<string, Raw>>,
  env: Readonly<Record<string, string | undefined>>,
): { raw: Raw; source?: Source } {
  const flag = spec.flag === undefined ? undefined : flags[spec.flag];
  const variable = spec.env === undefined || env[spec.env] === '' ? undefined : env[spec.env];
  if (spec.flag !== undefined && spec.arg === undefined) {
    if (flag === true) return { raw: true, source: 'flag' };
    // A switch's variable is on at one value and off at any other.
    if (variable !== undefined) return { raw: variable === (spec.envOn ?? '1'), source: 'env' };
    return { raw: undefined };
  }
  if (spec.multiple) {
    // The flag adds to the variable's list rather than replacing it.
    const given = (Array.isArray(flag) ? flag : []).map(String);
    const listed = (variable ?? '').split(',').map((item) => item.trim());
    const all = [...given, ...listed.filter(Boolean)];
    if (all.length === 0) return { raw: undefined };
    return { raw: all, source: given.length > 0 ? 'flag' : 'env' };
  }
  if (typeof flag === 'string' && flag !== '') return { raw: flag, source: 'flag' };
  if (variable !== undefined) return { raw: variable, source: 'env' };
  return { raw: undefined };
}

/** The sources of a configuration, in order of precedence: flags, variables, options. */
export interface ConfigSources {
  /** Flags by name, as `util.parseArgs` gives them. */
  flags?: Readonly<Record<string, Raw>>;
  /** Environment variables (default `process.env`). */
  env?: Readonly<Record<string, string | undefined>>;
  /** Values of a program's own (library options): used where no flag or variable gives one. */
  options?: Partial<OptionValues>;
  /** The command run: only the options it reads are read (all of them when absent). */
  command?: Command;
}

/**
 * Reads every option once: a flag wins over its variable, a variable over `options`, and
 * `options` over the model's default. `createGateway` and `startStack` never read the
 * environment themselves: a program that wants the variables to apply to them passes
 * `loadConfig({ options })`'s values. Throws a `ConfigError` for the first bad value.
 */
export function loadConfig(sources: ConfigSources = {}): Config {
  const flags = sources.flags ?? {};
  const env = sources.env ?? process.env;
  const values: Record<string, unknown> = {};
  for (const group of GROUPS as readonly OptionGroup[]) {
    const raw: Record<string, Raw> = {};
    const origin: Record<string, Source | undefined> = {};
    for (const [key, spec] of Object.entries(group.options)) {
      // An option the command does not read is not checked either, so that a variable meant
      // for the gateway cannot stop a `workspace` started in the same environment.
      const commands = spec.commands ?? group.commands;
      if (sources.command && !commands.includes(sources.command)) continue;
      const value = rawValue(spec, flags, env);
      raw[key] = value.raw;
      origin[key] = value.source;
    }
    const parsed = (SCHEMAS.get(group) as z.ZodType<Record<string, unknown>>).safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const key = String(issue?.path[0]);
      const spec = group.options[key] as OptionSpec<unknown>;
      throw new ConfigError(`${optionName(spec, origin[key])} ${issue?.message}`);
    }
    for (const [key, spec] of Object.entries(group.options)) {
      const given = parsed.data[key];
      const own = (sources.options as Record<string, unknown> | undefined)?.[key];
      values[key] = given ?? own ?? spec.default;
    }
  }
  return shape(values as OptionValues, sources.command);
}

/** The manifest at `path`, or a `ConfigError` naming the option. */
function manifest(path: string) {
  try {
    return readPersistedDocuments(path);
  } catch (error) {
    throw new ConfigError(`${optionName(GUARD.trustedDocuments)}: ${(error as Error).message}`);
  }
}

/** The values, arranged as the parts of the program receive them. */
function shape(v: OptionValues, command: Command | undefined) {
  if (v.requireRedis && !v.redis) {
    throw new ConfigError('--require-redis needs --redis <url> (DOCS_GRAPH_REDIS_URL)');
  }
  const guard: GuardOptions & { introspection: boolean } = {
    maxCost: v.maxCost,
    rateLimit: v.rateLimit ?? (command === 'gateway' ? RATE_LIMIT_ON : false),
    ...(v.trustedDocuments ? { trustedDocuments: manifest(v.trustedDocuments) } : {}),
    introspection: !v.disableIntrospection,
  };
  return {
    server: { port: v.port, host: v.host, limits: limitsWith(v.limits) },
    workspace: { dbPath: v.db, demoScale: Math.max(1, v.demoScale), pdfCjkFont: v.pdfCjkFont },
    gateway: {
      upstream: v.upstream,
      corsOrigins: v.corsOrigins,
      debug: v.debug,
      federation: v.federation,
      executor: v.executor,
      guard,
      ops: {
        cache: v.cache && {
          freshness: v.cacheFreshness,
          ttl: v.cacheTtl,
          listTtl: v.cacheListTtl,
          ttlPerType: v.cacheTypeTtl,
        },
        redisUrl: v.redis,
        redisPrefix: v.redisPrefix,
        requireRedis: v.requireRedis,
        live: {
          pollIntervalMs: v.livePollInterval,
          maxPerToken: v.liveMaxPerToken,
          maxPerConnection: v.liveMaxPerConnection,
          maxTotal: v.liveMaxTotal,
          bufferMs: v.liveBuffer * 1000,
          heartbeatMs: v.liveHeartbeat * 1000,
        },
        metrics: v.metrics,
        metricsOperations: v.metricsOperations,
        logLevel: v.logLevel,
        logPretty: v.logFormat === undefined ? undefined : v.logFormat === 'pretty',
        shutdownGraceMs: v.shutdownGrace * 1000,
        memoryTuning: v.memoryTuning,
        upstream: {
          connectTimeoutMs: v.upstreamConnectTimeout,
          headersTimeoutMs: v.upstreamTimeout,
          bodyTimeoutMs: v.upstreamTimeout,
          connections: v.upstreamConnections,
          retries: v.upstreamRetries,
          retryBaseMs: v.upstreamRetryBase,
          validatorBytes: v.upstreamValidators * 1_000_000,
        },
        tracing: {
          endpoint: v.otlpEndpoint,
          tracesEndpoint: v.otlpTracesEndpoint,
          serviceName: v.serviceName,
        },
        nodeOptions: v.nodeOptions,
      },
    },
    import: { space: v.space, replace: v.replace },
    bench: { cli: v.benchCli },
  };
}

/** The whole configuration, as `loadConfig` reads it. */
export type Config = ReturnType<typeof shape>;

/**
 * The gateway's part of the configuration, as the servers (`src/stack.ts`) take it and pass its
 * settings on to `createGateway`, unreshaped.
 */
export type GatewayConfig = Config['gateway'];

/** The operational configuration of a `start` or `gateway` process (`startOps`). */
export type OpsConfig = GatewayConfig['ops'];
