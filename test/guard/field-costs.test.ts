// Every field that makes upstream calls says so: the calls of every benchmark query and every
// client query, run in process against the embedded `/v1`, are attributed to the field whose
// resolver made them, and each must be one its cost (declared with the `cost` field option, or
// the default of its return type) counts: a read of its parent's body, a list's pages, a read of
// the object a reference returns. A field that makes calls of its own must declare them.
import { AsyncLocalStorage } from 'node:async_hooks';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { addResolversToSchema } from '@graphql-tools/schema';
import {
  defaultFieldResolver,
  execute,
  type GraphQLFieldResolver,
  type GraphQLSchema,
  getNamedType,
  isObjectType,
  Kind,
  type OperationDefinitionNode,
  parse,
} from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { benchCases, PROBE_QUERY, probeIds } from '../../bench/cases.ts';
import { createContext } from '../../src/gateway/context.ts';
import type { FieldCost } from '../../src/gateway/guard/costs.ts';
import type { CostOverride } from '../../src/gateway/guard/estimate.ts';
import { costOf } from '../../src/gateway/guard/estimateRules.ts';
import { isAddressField } from '../../src/gateway/plugins/fieldFacts.ts';
import { resourceOf } from '../../src/gateway/resources/resource.ts';
import { isStub, knows } from '../../src/gateway/resources/stubs.ts';
import { schema } from '../../src/gateway/schema/index.ts';
import {
  type Upstream,
  UpstreamClient,
  type UpstreamRequest,
} from '../../src/gateway/upstream/client.ts';
import type { RunningStack } from '../../src/stack.ts';
import { DEMO_TOKENS } from '../../src/workspace/demo/users.ts';
import { startWorkspace } from './budgetSupport.ts';

/** The field a call was made for, and whether it read the field's parent's body. */
interface Maker {
  coordinate: string;
  body: boolean;
}

/** True when `path` reads an object of the resource of `typename` (at one of its item routes). */
function readsOne(typename: string, path: string): boolean {
  const resource = resourceOf(typename) as unknown as
    | { spec: { routes: { item?: string | readonly string[] } } }
    | undefined;
  const templates = [resource?.spec.routes.item ?? []].flat();
  const bare = path.split('?')[0] as string;
  return templates.some((t) => new RegExp(`^${t.replace(/\{\w+\}/g, '[^/]+')}$`).test(bare));
}

interface Call {
  maker: Maker | undefined;
  request: UpstreamRequest;
}

const making = new AsyncLocalStorage<Maker>();

/**
 * The schema with every resolver run inside the attribution of its field: a parent's body the
 * field needs is read first (as address-first resolution reads it), attributed as a body read;
 * the field's own resolver then runs, its calls attributed to it.
 */
function attributed(graph: GraphQLSchema): GraphQLSchema {
  const resolvers: Record<string, Record<string, GraphQLFieldResolver<unknown, unknown>>> = {};
  for (const type of Object.values(graph.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith('__')) continue;
    const resource = resourceOf(type.name);
    const own: Record<string, GraphQLFieldResolver<unknown, unknown>> = {};
    resolvers[type.name] = own;
    for (const field of Object.values(type.getFields())) {
      const resolve = field.resolve ?? defaultFieldResolver;
      const coordinate = `${type.name}.${field.name}`;
      own[field.name] = (parent, args, ctx, info) => {
        const maker: Maker = { coordinate, body: false };
        const run = () => making.run(maker, resolve, parent, args, ctx, info);
        const needsBody =
          resource !== undefined &&
          isStub(parent) &&
          !isAddressField(field) &&
          !knows(parent as object, field.name);
        if (!needsBody) return run();
        return making
          .run({ coordinate, body: true }, () => resource.full(ctx as never, parent as never))
          .then(run, run);
      };
    }
  }
  // A copy: the shared schema keeps its resolvers.
  return addResolversToSchema({ schema: graph, resolvers, updateResolversInPlace: false });
}

/** Calls no cost of their field counts: `coordinate: what it did`, one per field. */
function uncounted(calls: readonly Call[], override?: CostOverride): string[] {
  const found = new Set<string>();
  for (const { maker, request } of calls) {
    if (!maker) {
      found.add(`(no field): ${request.method} ${request.path}`);
      continue;
    }
    const [typename, name] = maker.coordinate.split('.') as [string, string];
    const type = schema.getType(typename);
    const field = isObjectType(type) ? type.getFields()[name] : undefined;
    if (!isObjectType(type) || !field) continue;
    const cost: FieldCost = costOf({ schema, override }, type, field);
    if (maker.body) {
      if (!cost.parentBody) found.add(`${maker.coordinate}: reads its parent's body`);
      continue;
    }
    // A reference's calls are reads of the objects it returns; `node(s)` read what their ids name.
    const counted =
      (cost.calls ?? 0) > 0 ||
      ['connection', 'node', 'nodes'].includes(cost.returns ?? '') ||
      (cost.returns === 'reference' && readsOne(getNamedType(field.type).name, request.path)) ||
      type === schema.getMutationType() ||
      name === '_entities';
    if (!counted) found.add(`${maker.coordinate}: makes calls of its own`);
  }
  return [...found].sort();
}

/** Variables of the client's queries, by name (`id` by operation). */
function variablesFor(
  operation: OperationDefinitionNode,
  ids: ReturnType<typeof probeIds>,
): Record<string, unknown> {
  const known: Record<string, unknown> = {
    organizationId: ids.orgId,
    spaceId: ids.contentSpaceId,
    pageId: ids.pageId,
    siteId: ids.siteId,
    idOrNumber: ids.changeRequestNumber,
    query: 'install',
    id: operation.name?.value === 'OrganizationDashboard' ? ids.orgId : ids.contentSpaceId,
  };
  const variables: Record<string, unknown> = {};
  for (const definition of operation.variableDefinitions ?? []) {
    const name = definition.variable.name.value;
    if (name in known) variables[name] = known[name];
    else if (definition.type.kind === Kind.NON_NULL_TYPE && !definition.defaultValue) {
      throw new Error(`${operation.name?.value}: no value for $${name}`);
    }
  }
  return variables;
}

const OPERATIONS = 'src/client/operations';

let workspace: RunningStack;
const calls: Call[] = [];
const ran: string[] = [];

beforeAll(async () => {
  workspace = await startWorkspace();
  const client = new UpstreamClient({ baseUrl: workspace.url });
  const upstream: Upstream = {
    request: (request) => {
      calls.push({ maker: making.getStore(), request });
      return client.request(request);
    },
    close: () => client.close(),
  };
  const graph = attributed(schema);
  const run = async (source: string, variableValues: Record<string, unknown> = {}) => {
    const contextValue = createContext(upstream, `Bearer ${DEMO_TOKENS.admin}`, false);
    return execute({ schema: graph, document: parse(source), variableValues, contextValue });
  };
  const probe = await run(PROBE_QUERY);
  const ids = probeIds(probe.data as Record<string, unknown>);
  for (const c of benchCases(ids)) {
    await run(c.query, c.variables);
    ran.push(c.name);
  }
  for (const file of readdirSync(OPERATIONS).filter((f) => f.endsWith('.graphql'))) {
    const source = readFileSync(join(OPERATIONS, file), 'utf8');
    const document = parse(source);
    for (const definition of document.definitions) {
      if (definition.kind !== Kind.OPERATION_DEFINITION || definition.operation !== 'query') {
        continue;
      }
      const name = definition.name?.value;
      const result = await execute({
        schema: graph,
        document,
        operationName: name,
        variableValues: variablesFor(definition, ids),
        contextValue: createContext(upstream, `Bearer ${DEMO_TOKENS.admin}`, false),
      });
      expect(result.errors, name).toBeUndefined();
      ran.push(name ?? file);
    }
  }
  await client.close();
}, 120_000);

afterAll(async () => {
  await workspace?.close();
});

describe('the costs fields declare', () => {
  it('count every upstream call of the benchmark and client queries', () => {
    expect(ran.length).toBeGreaterThanOrEqual(13 + 12);
    expect(calls.length).toBeGreaterThan(100);
    expect(uncounted(calls)).toEqual([]);
  });

  it('would name a field whose cost is left out', () => {
    // The same calls, with the cost of fields that make calls of their own taken away.
    const without =
      (field: string): CostOverride =>
      (type, name) =>
        `${type}.${name}` === field ? {} : undefined;
    expect(uncounted(calls, without('Site.publishedSite'))).toEqual([
      'Site.publishedSite: makes calls of its own',
    ]);
    // A tree of pages is read in one call: no reference read of the pages it returns.
    expect(uncounted(calls, without('Space.pages'))).toEqual([
      'Space.pages: makes calls of its own',
    ]);
    expect(uncounted(calls, without('Page.markdown'))).toEqual([
      'Page.markdown: makes calls of its own',
    ]);
  });
});
