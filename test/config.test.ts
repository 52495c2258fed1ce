import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  ConfigError,
  DEFAULT_LIMITS,
  GROUPS,
  LIMITS,
  loadConfig,
  type OptionGroup,
} from '../src/config.ts';
import { DOCUMENT_LIMITS } from '../src/gateway/guard/limits.ts';
import { MAX_SEGMENT_LENGTH } from '../src/gateway/upstream/path.ts';
import { HTTP_LIMITS } from '../src/http/limits.ts';

const refusal = (sources: Parameters<typeof loadConfig>[0]) => {
  try {
    loadConfig(sources);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('loadConfig accepted it');
};

/** Every `.ts` file under `root`. */
function files(root: string): string[] {
  return readdirSync(root).flatMap((name) => {
    const path = join(root, name);
    return statSync(path).isDirectory() ? files(path) : path.endsWith('.ts') ? [path] : [];
  });
}

describe('the configuration model', () => {
  it('reads a flag before its variable, a variable before the options, the options before the default', () => {
    expect(loadConfig({ env: {} }).server.port).toBe(4000);
    expect(loadConfig({ env: {}, options: { port: 5000 } }).server.port).toBe(5000);
    expect(loadConfig({ env: { PORT: '6000' }, options: { port: 5000 } }).server.port).toBe(6000);
    expect(
      loadConfig({ flags: { port: '7000' }, env: { PORT: '6000' }, options: { port: 5000 } }).server
        .port,
    ).toBe(7000);
    // An empty variable is no value.
    expect(loadConfig({ env: { PORT: '' } }).server.port).toBe(4000);
  });

  it('keeps the precedence the CLI had: --cors-origin adds to the variable, a switch variable is on at one value', () => {
    const config = loadConfig({
      flags: { 'cors-origin': ['https://a.example'] },
      env: { DOCS_GRAPH_CORS_ORIGINS: 'https://b.example, https://c.example' },
    });
    expect(config.gateway.corsOrigins).toEqual([
      'https://a.example',
      'https://b.example',
      'https://c.example',
    ]);
    expect(loadConfig({ env: { DOCS_GRAPH_DEBUG: '1' } }).gateway.debug).toBe(true);
    expect(loadConfig({ env: { DOCS_GRAPH_DEBUG: 'yes' } }).gateway.debug).toBe(false);
    expect(
      loadConfig({ env: { DOCS_GRAPH_INTROSPECTION: 'off' } }).gateway.guard.introspection,
    ).toBe(false);
    expect(
      loadConfig({ flags: { 'disable-introspection': true }, env: {} }).gateway.guard,
    ).toMatchObject({
      introspection: false,
    });
  });

  it('refuses a bad value in one line naming the option, where it came from and what it accepts', () => {
    expect(refusal({ flags: { port: 'x' }, env: {} })).toBe(
      '--port must be a whole number from 0 to 65535, got "x"',
    );
    expect(refusal({ env: { PORT: '70000' } })).toBe(
      '--port (PORT) must be a whole number from 0 to 65535, got "70000"',
    );
    expect(refusal({ env: { OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' } })).toBe(
      'OTEL_EXPORTER_OTLP_ENDPOINT must be an absolute http(s) URL, got "collector:4318"',
    );
    expect(refusal({ env: { DOCS_GRAPH_RATE_LIMIT: '10:0' } })).toMatch(
      /^--rate-limit \(DOCS_GRAPH_RATE_LIMIT\) must be <capacity>:<refill per second> .* on or off, got "10:0"$/,
    );
    expect(refusal({ flags: { 'cors-origin': ['docs.example.com'] }, env: {} })).toBe(
      '--cors-origin must be an origin like https://docs.example.com, got "docs.example.com"',
    );
    expect(refusal({ env: { DOCS_GRAPH_LIMITS: 'depth=3' } })).toMatch(
      /^--limits \(DOCS_GRAPH_LIMITS\) names an unknown limit "depth" \(known: bodyBytes, .*\)$/,
    );
    for (const message of [
      refusal({ flags: { 'max-cost': '0' }, env: {} }),
      refusal({ flags: { 'trusted-documents': '/no/such/manifest.json' }, env: {} }),
    ]) {
      expect(message.split('\n')).toHaveLength(1);
    }
  });

  it('reads only the options of the command run', () => {
    const env = { DOCS_GRAPH_UPSTREAM: 'not a url', DOCS_GRAPH_CACHE: 'maybe' };
    expect(refusal({ env, command: 'gateway' })).toMatch(/^--upstream \(DOCS_GRAPH_UPSTREAM\)/);
    expect(refusal({ env, command: 'start' })).toMatch(/^--cache \(DOCS_GRAPH_CACHE\)/);
    expect(loadConfig({ env, command: 'workspace' }).workspace.dbPath).toBe(
      '.data/workspace.sqlite',
    );
    expect(loadConfig({ env: {}, command: 'gateway' }).gateway.guard.rateLimit).toEqual({
      capacity: 10_000,
      refillPerSecond: 100,
    });
    expect(loadConfig({ env: {}, command: 'start' }).gateway.guard.rateLimit).toBe(false);
  });

  it('names every flag and variable once', () => {
    const specs = (GROUPS as readonly OptionGroup[]).flatMap((g) => Object.values(g.options));
    const flags = specs.flatMap((s) => (s.flag ? [s.flag] : []));
    const variables = specs.flatMap((s) => (s.env ? [s.env] : []));
    expect(new Set(flags).size).toBe(flags.length);
    expect(new Set(variables).size).toBe(variables.length);
    for (const spec of specs) expect(spec.flag ?? spec.env).toBeTruthy();
  });

  it('has one table of limits: HTTP and document limits by distinct names, each with its default', () => {
    const http = Object.keys(HTTP_LIMITS);
    const document = Object.keys(DOCUMENT_LIMITS);
    expect(http.filter((name) => document.includes(name))).toEqual([]);
    expect(Object.keys(LIMITS).sort()).toEqual([...http, ...document].sort());
    expect(loadConfig({ env: {} }).server.limits).toEqual(DEFAULT_LIMITS);
    // Each limit is set by its own entry, and by nothing else.
    for (const name of Object.keys(LIMITS) as (keyof typeof LIMITS)[]) {
      const limits = loadConfig({ flags: { limits: `${name}=7` }, env: {} }).server.limits;
      expect(limits).toEqual({ ...DEFAULT_LIMITS, [name]: 7 });
    }
  });

  it('keeps the id length one value: the argument limit, the input check and path segments', () => {
    expect(DEFAULT_LIMITS.idLength).toBe(200);
    expect(MAX_SEGMENT_LENGTH).toBe(200);
    expect(LIMITS.idLength.max).toBe(MAX_SEGMENT_LENGTH);
    expect(loadConfig({ flags: { limits: 'idLength=50' }, env: {} }).server.limits.idLength).toBe(
      50,
    );
    expect(refusal({ flags: { limits: 'idLength=201' }, env: {} })).toBe(
      '--limits sets idLength to "201": it must be a whole number from 1 to 200',
    );
  });

  it('is the only module that reads the environment', () => {
    const readers = [...files('src'), ...files('bench'), ...files('scripts')].filter(
      (file) =>
        !['src/config.ts', 'src/boot.ts'].includes(file) &&
        /process\.env\b/.test(readFileSync(file, 'utf8')),
    );
    expect(readers).toEqual([]);
    expect(readFileSync('src/config.ts', 'utf8')).toContain('process.env');
  });
});
