import { Writable } from 'node:stream';
import { BasicTracerProvider } from '@opentelemetry/sdk-trace-base';
import { createSchema, createYoga, type Plugin } from 'graphql-yoga';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../src/gateway/ops/logging.ts';
import { createMetrics } from '../../src/gateway/ops/metrics.ts';
import type { ComposedPlugin } from '../../src/gateway/plugins/requestHooks.ts';
import { requestPlugins } from '../../src/gateway/plugins/requestHooks.ts';
import {
  type RequestPart,
  type RequestStep,
  replaceResult,
  stopWith,
} from '../../src/gateway/plugins/requestPart.ts';
import { createGateway, type GatewayOptions } from '../../src/gateway/yoga.ts';
import { FakeUpstream } from '../support/gateway.ts';

/** The hooks Yoga and Envelop call on every request, one call per plugin that has one. */
const PHASES = [
  'onRequest',
  'onRequestParse',
  'onParams',
  'onParse',
  'onValidate',
  'onContextBuilding',
  'onExecute',
  'onSubscribe',
  'onExecutionResult',
  'onResultProcess',
  'onResponse',
] as const;

/** The plugins a Yoga instance runs: its own, then those it was given (as Envelop added them). */
const pluginsOf = (yoga: unknown) =>
  (yoga as { plugins: readonly (Plugin | false | undefined)[] }).plugins.filter(
    (plugin): plugin is Plugin => Boolean(plugin),
  );

/** How many hook functions each phase calls per request, over every plugin of `plugins`. */
function hooksPerPhase(plugins: readonly Plugin[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const phase of PHASES) {
    const n = plugins.filter((plugin) => (plugin as Record<string, unknown>)[phase]).length;
    if (n > 0) counts[phase] = n;
  }
  return counts;
}

const composedOf = (yoga: unknown) =>
  pluginsOf(yoga).filter((plugin): plugin is ComposedPlugin => 'parts' in plugin);

const gateway = (options: Partial<GatewayOptions> = {}) =>
  createGateway({ upstream: new FakeUpstream({}), ...options });

const silent = () =>
  createLogger({
    destination: new Writable({ write: (_chunk, _encoding, done) => done() }),
  });

/** The parts of the default configuration, in the order they run. */
const DEFAULT_PARTS = [
  'executor',
  'csrf',
  'apq',
  'documentLimits',
  'cost',
  'subscriptionGuard',
  'argumentLimits',
  'fieldErrors',
  'cacheControl',
  'liveSse',
  'multipart',
  'singleConnectionSse',
  'endUnserved',
];

describe("the gateway's request hooks", () => {
  it('are one plugin with one hook per phase in the default configuration', () => {
    const yoga = gateway();
    const composed = composedOf(yoga);
    expect(composed.map((plugin) => plugin.parts)).toEqual([DEFAULT_PARTS]);
    expect(hooksPerPhase(composed)).toEqual({
      onRequest: 1,
      onRequestParse: 1,
      onParams: 1,
      onParse: 1,
      onValidate: 1,
      onExecute: 1,
      onSubscribe: 1,
      onResultProcess: 1,
      onResponse: 1,
    });
    // Everything the instance calls per request: Yoga's own plugins (the request parsers, the
    // health check and GraphiQL routes, the parse and validation cache, error masking, the
    // context), then `useDeferStream` (onValidate) and the composed plugin.
    expect(pluginsOf(yoga)).toHaveLength(21);
    expect(hooksPerPhase(pluginsOf(yoga))).toEqual({
      onRequest: 4,
      onRequestParse: 7,
      onParams: 2,
      onParse: 4,
      onValidate: 5,
      onContextBuilding: 1,
      onExecute: 3,
      onSubscribe: 5,
      onResultProcess: 2,
      onResponse: 1,
    });
  });

  it('leave out what is off, and what is on joins the same hooks as parts', () => {
    const defaults = gateway();
    const off = gateway({ debug: false, cache: false, guard: { rateLimit: false } });
    expect(composedOf(off).map((plugin) => plugin.parts)).toEqual([DEFAULT_PARTS]);
    expect(hooksPerPhase(pluginsOf(off))).toEqual(hooksPerPhase(pluginsOf(defaults)));

    const on = gateway({
      debug: 'on-request',
      logger: silent(),
      metrics: createMetrics(),
      tracerProvider: new BasicTracerProvider(),
    });
    const [composed] = composedOf(on);
    expect(composed?.parts).toEqual([
      ...DEFAULT_PARTS.slice(0, 8),
      'tracing',
      'observe',
      'cacheControl',
      'upstreamCalls',
      ...DEFAULT_PARTS.slice(9),
    ]);
    expect(composed?.instrumentation).toBeDefined();
    expect(hooksPerPhase(pluginsOf(on))).toEqual(hooksPerPhase(pluginsOf(defaults)));
  });

  it('split around the response cache only where it hooks the same phases', () => {
    // The CLI's defaults: the response cache, logs, metrics and the debug header.
    const yoga = gateway({
      cache: true,
      logger: silent(),
      metrics: createMetrics(),
      debug: 'on-request',
    });
    const plugins = pluginsOf(yoga);
    const [before, after] = composedOf(yoga);
    expect(before?.parts).toEqual([
      'executor',
      'apq',
      'documentLimits',
      'cost',
      'argumentLimits',
      'fieldErrors',
      'observe',
      'cacheScope',
    ]);
    expect(hooksPerPhase(before ? [before] : [])).toEqual({
      onRequest: 1,
      onParams: 1,
      onExecute: 1,
    });
    expect(after?.parts).toContain('cacheTags');
    // Between them, the cache's Yoga plugin and the Envelop plugin it adds: they hook no phase
    // the cache's step does not declare, so no part runs out of its order.
    const cache = plugins.slice(
      plugins.indexOf(before as Plugin) + 1,
      plugins.indexOf(after as Plugin),
    );
    expect(cache).toHaveLength(2);
    expect(hooksPerPhase(cache)).toEqual({ onRequest: 1, onParams: 1, onExecute: 1 });
    // Yoga's own, `useDeferStream`, the cache's two and the two composed plugins.
    expect(plugins).toHaveLength(24);
    expect(hooksPerPhase(plugins)).toEqual({
      onRequest: 6,
      onRequestParse: 7,
      onParams: 3,
      onParse: 4,
      onValidate: 5,
      onContextBuilding: 1,
      onExecute: 5,
      onSubscribe: 5,
      onResultProcess: 2,
      onResponse: 1,
    });
  });

  it('keep trusted documents, a library plugin, before them, still as one plugin', () => {
    const yoga = gateway({ guard: { trustedDocuments: {} } });
    const plugins = pluginsOf(yoga);
    const [composed] = composedOf(yoga);
    expect(composedOf(yoga)).toHaveLength(1);
    expect(composed?.parts).not.toContain('apq');
    const persisted = plugins[plugins.indexOf(composed as Plugin) - 1] as Plugin;
    expect(Object.keys(persisted).sort()).toEqual(['onParams', 'onParse', 'onValidate']);
  });
});

/** A query runs through `steps`; each part notes its calls in `calls`. */
async function run(steps: RequestStep[]) {
  const yoga = createYoga({
    schema: createSchema({ typeDefs: 'type Query { hello: String }', resolvers: {} }),
    plugins: requestPlugins(steps),
    logging: false,
  });
  const response = await yoga.fetch('http://test/graphql', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: '{ hello }' }),
  });
  return { yoga, body: await response.json() };
}

describe('composed request hooks', () => {
  it('call the parts in order, each seeing what the ones before it replaced, until one stops', async () => {
    const calls: string[] = [];
    const part = (name: string, stop = false): RequestPart => ({
      name,
      onExecute(payload) {
        calls.push(`execute ${name}`);
        if (stop) return stopWith(payload, { data: { hello: name } });
        return {
          onExecuteDone(done) {
            const result = done.result as { data?: { hello?: string } };
            calls.push(`done ${name} saw ${result.data?.hello}`);
            replaceResult(done, { data: { hello: `${result.data?.hello} ${name}` } });
          },
        };
      },
      onResultProcess() {
        calls.push(`result ${name}`);
      },
    });
    const { yoga, body } = await run([part('a'), part('b'), part('c', true), part('d')]);
    expect(composedOf(yoga)).toHaveLength(1);
    expect(calls).toEqual([
      'execute a',
      'execute b',
      'execute c',
      'done a saw c',
      'done b saw c a',
      'result a',
      'result b',
      'result c',
      'result d',
    ]);
    expect(body).toEqual({ data: { hello: 'c a b' } });
  });

  it('split a phase around a library plugin that hooks it, and no other', async () => {
    const calls: string[] = [];
    const part = (name: string): RequestPart => ({
      name,
      onExecute: () => void calls.push(`execute ${name}`),
      onResponse: () => void calls.push(`response ${name}`),
    });
    const library: Plugin = { onExecute: () => void calls.push('execute library') };
    const { yoga } = await run([part('a'), { library }, part('b')]);
    const plugins = pluginsOf(yoga);
    const composed = composedOf(yoga);
    expect(composed.map((plugin) => plugin.parts)).toEqual([['a'], ['a', 'b']]);
    expect(plugins.indexOf(library)).toBe(plugins.indexOf(composed[0] as Plugin) + 1);
    expect(calls).toEqual([
      'execute a',
      'execute library',
      'execute b',
      'response a',
      'response b',
    ]);
  });

  it('take a library plugin that adds plugins it does not name as hooking every phase', () => {
    const part: RequestPart = { name: 'a', onResponse: () => undefined };
    const library: Plugin = { onPluginInit: () => undefined };
    const plugins = requestPlugins([part, { library }, { ...part, name: 'b' }]);
    expect(plugins.map((plugin) => (plugin as ComposedPlugin).parts)).toEqual([
      ['a'],
      undefined,
      ['b'],
    ]);
    const declared = requestPlugins([
      part,
      { library, adds: ['onExecute'] },
      { ...part, name: 'b' },
    ]);
    expect(declared.map((plugin) => (plugin as ComposedPlugin).parts)).toEqual([
      undefined,
      ['a', 'b'],
    ]);
  });
});
