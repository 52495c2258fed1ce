import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.ts';

/** The operational part of the configuration read from these flags and variables. */
const opsConfig = (flags: Record<string, string | boolean>, env: Record<string, string>) =>
  loadConfig({ flags, env }).gateway.ops;

/** The operational flags, as the CLI has always taken them. */
const OPS_FLAGS = [
  'cache',
  'cache-ttl',
  'cache-list-ttl',
  'cache-type-ttl',
  'redis',
  'redis-prefix',
  'require-redis',
  'metrics',
  'log-level',
  'log-format',
  'shutdown-grace',
  'memory-tuning',
  'upstream-connect-timeout',
  'upstream-timeout',
  'upstream-connections',
  'upstream-retries',
  'upstream-retry-base',
];

const BIN = new URL('../../bin/docs-graph.js', import.meta.url).pathname;

describe('operational configuration', () => {
  it('defaults to the cache on, metrics on the main port, info logs and no Redis', () => {
    expect(opsConfig({}, {})).toEqual({
      cache: { freshness: 'upstream', ttl: 30, listTtl: 10, ttlPerType: {} },
      redisUrl: undefined,
      redisPrefix: 'docs-graph:',
      requireRedis: false,
      live: {
        pollIntervalMs: 5_000,
        maxPerToken: 50,
        maxPerConnection: 10,
        maxTotal: 10_000,
        bufferMs: 300_000,
        heartbeatMs: 15_000,
      },
      metrics: 'on',
      metricsOperations: 100,
      logLevel: 'info',
      logPretty: undefined,
      shutdownGraceMs: 10_000,
      memoryTuning: true,
      upstream: {
        connectTimeoutMs: 5000,
        headersTimeoutMs: 15000,
        bodyTimeoutMs: 15000,
        connections: 32,
        retries: 2,
        retryBaseMs: 100,
        validatorBytes: 32_000_000,
      },
      tracing: { endpoint: undefined, tracesEndpoint: undefined, serviceName: 'docs-graph' },
      nodeOptions: undefined,
    });
  });

  it('reads flags before env', () => {
    const config = opsConfig(
      { cache: 'on', 'cache-ttl': '60', metrics: '9464', 'upstream-retries': '0' },
      {
        DOCS_GRAPH_CACHE_TTL: '5',
        DOCS_GRAPH_CACHE_LIST_TTL: '3',
        DOCS_GRAPH_CACHE_TYPE_TTL: 'Space=120, ChangeRequest=15',
        DOCS_GRAPH_REDIS_URL: 'redis://cache:6379/2',
        DOCS_GRAPH_REQUIRE_REDIS: '1',
        LOG_LEVEL: 'debug',
        DOCS_GRAPH_LOG_FORMAT: 'json',
        DOCS_GRAPH_UPSTREAM_TIMEOUT: '2000',
      },
    );
    expect(config).toMatchObject({
      cache: { ttl: 60, listTtl: 3, ttlPerType: { Space: 120, ChangeRequest: 15 } },
      redisUrl: 'redis://cache:6379/2',
      requireRedis: true,
      metrics: { port: 9464 },
      logLevel: 'debug',
      logPretty: false,
      upstream: { retries: 0, headersTimeoutMs: 2000, bodyTimeoutMs: 2000 },
    });
    expect(opsConfig({}, { DOCS_GRAPH_CACHE: 'off', DOCS_GRAPH_METRICS: 'off' })).toMatchObject({
      cache: false,
      metrics: 'off',
    });
    expect(opsConfig({}, { DOCS_GRAPH_MEMORY_TUNING: 'off' }).memoryTuning).toBe(false);
    expect(
      opsConfig({ 'memory-tuning': 'on' }, { DOCS_GRAPH_MEMORY_TUNING: 'off' }).memoryTuning,
    ).toBe(true);
  });

  it('refuses values out of range with a message naming the flag', () => {
    const bad: Array<[Record<string, string | boolean>, Record<string, string>, RegExp]> = [
      [{ cache: 'maybe' }, {}, /--cache .* one of on, off/],
      [{ 'cache-ttl': '-1' }, {}, /--cache-ttl/],
      [{}, { DOCS_GRAPH_CACHE_TYPE_TTL: 'space:3' }, /Type=seconds/],
      [{ redis: 'http://x' }, {}, /redis:\/\//],
      [{ 'require-redis': true }, {}, /needs --redis/],
      [{ metrics: 'sometimes' }, {}, /--metrics/],
      [{}, { LOG_LEVEL: 'loud' }, /--log-level \(LOG_LEVEL\)/],
      [{ 'upstream-retries': '3' }, {}, /from 0 to 2/],
      [{ 'memory-tuning': 'auto' }, {}, /--memory-tuning .* one of on, off/],
    ];
    for (const [values, env, message] of bad) {
      expect(() => opsConfig(values, env)).toThrow(ConfigError);
      expect(() => opsConfig(values, env)).toThrow(message);
    }
  });

  it('--help lists every operational flag', () => {
    const help = execFileSync(process.execPath, [BIN, '--help'], { encoding: 'utf8' });
    for (const flag of OPS_FLAGS) expect(help).toContain(`--${flag}`);
    expect(help).toContain('OTEL_EXPORTER_OTLP_ENDPOINT');
  });
});
