import { createSchema, createYoga, type Plugin } from 'graphql-yoga';
import { describe, expect, it } from 'vitest';
import type { ComposedPlugin } from '../../src/gateway/plugins/requestHooks.ts';
import { requestPlugins } from '../../src/gateway/plugins/requestHooks.ts';
import {
  type RequestPart,
  type RequestStep,
  replaceResult,
  stopWith,
} from '../../src/gateway/plugins/requestPart.ts';

/** The plugins a Yoga instance runs: its own, then those it was given (as Envelop added them). */
const pluginsOf = (yoga: unknown) =>
  (yoga as { plugins: readonly (Plugin | false | undefined)[] }).plugins.filter(
    (plugin): plugin is Plugin => Boolean(plugin),
  );

const composedOf = (yoga: unknown) =>
  pluginsOf(yoga).filter((plugin): plugin is ComposedPlugin => 'parts' in plugin);

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
