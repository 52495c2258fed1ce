import { readFileSync } from 'node:fs';
import {
  type ExecutionArgs,
  type ExecutionResult,
  type GraphQLFormattedError,
  parse,
} from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { benchCases, PROBE_QUERY, probeIds } from '../../bench/cases.ts';
import { readAnswer } from '../../src/client/fetcher.ts';
import { createContext } from '../../src/gateway/context.ts';
import { executeWith } from '../../src/gateway/execution/compiled.ts';
import type { Executor } from '../../src/gateway/execution/executors.ts';
import { schema } from '../../src/gateway/schema/index.ts';
import type { Upstream } from '../../src/gateway/upstream/client.ts';
import { createGateway, type Gateway } from '../../src/gateway/yoga.ts';
import { type RunningStack, startStack } from '../../src/stack.ts';
import { DEMO_TOKENS, type DemoPersona } from '../../src/workspace/demo/users.ts';
import { listPage, restOrganization, restSpace } from '../support/fixtures.ts';
import { FakeUpstream } from '../support/gateway.ts';
import { globalId } from '../support/ids.ts';

// The compiled executor (graphql-jit) and graphql-js answer every operation alike: data, and
// errors with their messages, paths and extensions. Each operation runs on two gateways over the
// same upstream, one per executor.

type Json = Record<string, unknown>;
type Body = Omit<ExecutionResult, 'errors'> & { errors?: GraphQLFormattedError[] };

interface Operation {
  name: string;
  query: string;
  variables?: Json;
  as?: DemoPersona | null;
}

const EXECUTORS: Executor[] = ['jit', 'graphql-js'];

/** The gateway's answer, assembled when it comes in parts; errors in a stable order. */
async function ask(gateway: Gateway, op: Operation): Promise<{ status: number; body: Body }> {
  const as = op.as === undefined ? 'admin' : op.as;
  const response = await gateway.fetch('http://gateway.test/graphql', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'multipart/mixed, application/graphql-response+json, application/json',
      ...(as ? { authorization: `Bearer ${DEMO_TOKENS[as]}` } : {}),
    },
    body: JSON.stringify({ query: op.query, variables: op.variables ?? {} }),
  });
  const { hasNext: _, ...body } = (await readAnswer(response)) as Body & { hasNext?: boolean };
  const key = (e: GraphQLFormattedError) => `${JSON.stringify(e.path ?? [])} ${e.message}`;
  if (body.errors) body.errors = [...body.errors].sort((a, b) => key(a).localeCompare(key(b)));
  return { status: response.status, body };
}

/** Both gateways' answers to `op`, asserted equal; the first one's is returned. */
async function same(
  gateways: Record<Executor, Gateway>,
  op: Operation,
): Promise<{ status: number; body: Body }> {
  const [jit, js] = [await ask(gateways.jit, op), await ask(gateways['graphql-js'], op)];
  expect(jit, op.name).toEqual(js);
  return jit;
}

const codes = (body: Body) => (body.errors ?? []).map((e) => e.extensions?.code);

describe('both executors over the embedded workspace', () => {
  let stack: RunningStack;
  let gateways: Record<Executor, Gateway>;
  let ids: ReturnType<typeof probeIds>;
  let translationId: string;

  beforeAll(async () => {
    stack = await startStack({ port: 0, host: '127.0.0.1', dbPath: ':memory:' });
    const make = (executor: Executor) =>
      createGateway({
        upstream: stack.url,
        executor,
        // Broad queries over the demo data, as the end-to-end tier makes.
        guard: { maxCost: 1_000_000 },
        limits: { queryNodes: 1_000_000_000 },
      });
    gateways = { jit: make('jit'), 'graphql-js': make('graphql-js') };
    const probe = await ask(gateways.jit, { name: 'probe', query: PROBE_QUERY });
    expect(probe.body.errors).toBeUndefined();
    ids = probeIds(probe.body.data as Json);
    const translations = await ask(gateways.jit, {
      name: 'translations',
      query: `query($id: ID!) { organization(id: $id) { translations { nodes { id } } } }`,
      variables: { id: ids.orgId },
    });
    translationId =
      (
        translations.body.data as { organization?: { translations?: { nodes?: Json[] } } }
      ).organization?.translations?.nodes?.[0]?.id?.toString() ?? 'none';
  });

  afterAll(async () => {
    for (const gateway of Object.values(gateways ?? {})) await gateway.upstream.close();
    await stack?.close();
  });

  it('answers every client operation alike', async () => {
    const manifest = JSON.parse(
      readFileSync(
        new URL('../../src/client/generated/persisted-documents.json', import.meta.url),
        'utf8',
      ),
    ) as Record<string, string>;
    const { orgId, siteId, contentSpaceId: spaceId, pageId, changeRequestNumber } = ids;
    const cr = { spaceId, idOrNumber: changeRequestNumber };
    const variables: Record<string, { variables: Json; as?: DemoPersona }> = {
      ChangeRequests: { variables: { spaceId } },
      ChangeRequestDetail: { variables: cr },
      ChangeRequestChanges: { variables: cr },
      // Mutations that fail (refused or not found) leave the workspace as it was for the other.
      CreateChangeRequest: { variables: { input: { spaceId } }, as: 'outsider' },
      MergeChangeRequest: { variables: { input: { spaceId, changeRequestId: '999999' } } },
      UpdateChangeRequestFromMain: {
        variables: { input: { spaceId, changeRequestId: changeRequestNumber } },
        as: 'outsider',
      },
      PostComment: { variables: { input: { spaceId, body: { markdown: 'x' } } }, as: 'outsider' },
      PostCommentReply: {
        variables: { input: { spaceId, commentId: 'missing', body: { markdown: 'x' } } },
      },
      ResolveComment: { variables: { input: { spaceId, commentId: 'missing' } } },
      Organizations: { variables: {} },
      OrganizationDashboard: { variables: { id: orgId } },
      OrganizationSpaces: { variables: { organizationId: orgId } },
      Search: { variables: { organizationId: orgId, query: 'the' } },
      OrganizationChangeRequests: { variables: { organizationId: orgId } },
      Sites: { variables: { organizationId: orgId } },
      SiteStructure: { variables: { siteId } },
      PublishSite: { variables: { input: { siteId } }, as: 'outsider' },
      SpaceWithPages: { variables: { id: spaceId } },
      PageContent: { variables: { spaceId, pageId } },
      Translations: { variables: { organizationId: orgId } },
      RunTranslation: { variables: { input: { translationId } }, as: 'outsider' },
    };
    let ran = 0;
    for (const text of Object.values(manifest)) {
      const [, kind, name] = /\b(query|mutation|subscription) (\w+)/.exec(text) ?? [];
      if (kind === 'subscription' || !name) continue;
      const given = variables[name];
      expect(given, `variables for ${name}`).toBeDefined();
      if (!given) continue;
      const { body } = await same(gateways, { name, query: text, ...given });
      expect(body.data, name).toBeTruthy();
      if (kind === 'query')
        expect(body.errors, `${name}: ${JSON.stringify(body.errors)}`).toBeUndefined();
      ran++;
    }
    expect(ran).toBe(Object.keys(variables).length);
  });

  it('answers the benchmark queries alike', async () => {
    for (const c of benchCases(ids)) {
      const { body } = await same(gateways, {
        name: c.name,
        query: c.query,
        variables: c.variables,
      });
      expect(body.data, c.name).toBeTruthy();
    }
  });

  it('answers refusals, absences and bad input alike', async () => {
    const { orgId, contentSpaceId } = ids;
    // Each answers errors, with at least the codes given.
    const cases: Array<Operation & { codes: string[] }> = [
      {
        name: 'not found',
        query: `{ node(id: "${globalId('Space', 'missing')}") { id } }`,
        codes: ['NOT_FOUND'],
      },
      {
        name: 'outsider',
        query: `query($id: ID!) { organization(id: $id) { title } }`,
        variables: { id: orgId },
        as: 'outsider',
        codes: [],
      },
      {
        name: 'no token',
        query: `query($id: ID!) { organization(id: $id) { title } }`,
        variables: { id: orgId },
        as: null,
        codes: ['UNAUTHENTICATED'],
      },
      {
        name: 'malformed id',
        query: `{ node(id: "not-a-global-id") { id } }`,
        codes: ['BAD_USER_INPUT'],
      },
      {
        name: 'nodes with one missing',
        query: `query($ids: [ID!]!) { nodes(ids: $ids) { __typename id ... on Space { title } } }`,
        variables: { ids: [contentSpaceId, globalId('Space', 'missing'), orgId] },
        codes: ['NOT_FOUND'],
      },
      {
        // The failing item last, failing before the others settle.
        name: 'nodes ending with a malformed id',
        query: `query($ids: [ID!]!) { nodes(ids: $ids) { __typename id } }`,
        variables: { ids: [contentSpaceId, orgId, 'not-a-global-id'] },
        codes: ['BAD_USER_INPUT'],
      },
      {
        name: 'missing variable',
        query: `query($id: ID!) { space(id: $id) { title } }`,
        codes: [],
      },
      {
        name: 'variable of the wrong type',
        query: `query($n: Int) { organizations(first: $n) { totalCount } }`,
        variables: { n: 'many' },
        codes: [],
      },
      {
        name: 'unknown operation name',
        query: `query A { __typename } query B { __typename }`,
        codes: [],
      },
    ];
    for (const c of cases) {
      const { body } = await same(gateways, c);
      const found = codes(body);
      expect(found.length, `${c.name}: ${JSON.stringify(body.errors)}`).toBeGreaterThan(0);
      for (const code of c.codes) expect(found, c.name).toContain(code);
    }
  });
});

describe('both executors over a damaged upstream', () => {
  const gatewaysOver = (upstream: Upstream) =>
    Object.fromEntries(
      EXECUTORS.map((executor) => [executor, createGateway({ upstream, executor })]),
    ) as Record<Executor, Gateway>;

  it('locates UPSTREAM_SHAPE errors and bubbles nulls alike', async () => {
    const upstream = new FakeUpstream({
      '/orgs/o1': restOrganization('o1'),
      '/orgs/o1/spaces?limit=51': listPage([
        restSpace('s1'),
        // A non-null member damaged: its field fails, and the null bubbles to the item.
        restSpace('s2', { id: { not: 'an id' } }),
        restSpace('s3', { title: 42, visibility: 'galactic' }),
        { object: 'space' },
      ]),
      '/spaces/s1': restSpace('s1', { createdAt: 'yesterday', emoji: ['📘'] }),
    });
    const gateways = gatewaysOver(upstream);
    const queries: Operation[] = [
      {
        name: 'damaged list',
        query: `{ organization(id: "${globalId('Organization', 'o1')}") { title
          spaces { nodes { id title emoji visibility createdAt updatedAt } } } }`,
      },
      {
        name: 'damaged item',
        query: `{ node(id: "${globalId('Space', 's1')}") { __typename id ... on Space { title emoji createdAt } } }`,
      },
    ];
    for (const op of queries) {
      const { body } = await same(gateways, { ...op, as: null });
      expect(codes(body).length, op.name).toBeGreaterThan(0);
    }
  });
});

describe('executeWith', () => {
  const run = (executor: Executor, query: string) => {
    const args: ExecutionArgs = {
      schema,
      document: parse(query),
      contextValue: createContext(new FakeUpstream(), 'Bearer t', false),
    };
    let fallback = 0;
    return Promise.resolve(
      executeWith(executor, args, () => {
        fallback++;
        return { data: { fallback: true } };
      }),
    ).then((result) => ({ result, fallback }));
  };

  it('compiles plain operations and leaves incremental ones to graphql-js', async () => {
    expect(await run('jit', '{ __typename }')).toEqual({
      result: { data: { __typename: 'Query' } },
      fallback: 0,
    });
    expect((await run('jit', '{ ... @defer { __typename } }')).fallback).toBe(1);
    expect((await run('graphql-js', '{ __typename }')).fallback).toBe(1);
  });
});
