import type { GraphQLInterfaceType } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '../../src/gateway/schema/index.ts';
import type { DemoPersona } from '../../src/workspace/demo/users.ts';
import { type E2EStack, startE2E } from '../support/gateway.ts';
import { httpCalls, type UpstreamCall } from '../support/graph.ts';
import { globalId, localIdOf } from '../support/ids.ts';

// Global IDs end to end: `node(id)` round-trips for every type implementing `Node`, `nodes(ids)`,
// malformed IDs, and upstream errors that fail only the fields they concern.

type Obj = Record<string, unknown>;

interface GqlError {
  message: string;
  path?: Array<string | number>;
  extensions?: { code?: string; status?: number };
}

interface Body {
  data?: Obj | null;
  errors?: GqlError[];
  extensions?: { upstream?: UpstreamCall[] };
}

let e2e: E2EStack;

async function gql(
  query: string,
  variables: Obj = {},
  as: DemoPersona = 'admin',
): Promise<{ status: number; body: Body }> {
  const { status, body } = await e2e.gql(query, variables, { as, debug: true });
  return { status, body: body as Body };
}

/** Runs a query that must succeed; answers its data. */
async function ok(query: string, variables: Obj = {}, as: DemoPersona = 'admin'): Promise<Obj> {
  const { status, body } = await gql(query, variables, as);
  expect(status).toBe(200);
  expect(body.errors).toBeUndefined();
  return body.data as Obj;
}

const nodesOf = (connection: unknown): Obj[] => (connection as { nodes?: Obj[] }).nodes ?? [];

function firstOf<T>(items: readonly T[], what: string): T {
  const item = items[0];
  if (item === undefined) throw new Error(`no ${what} in the demo data`);
  return item;
}

/** The local part (REST address) of a global ID. */
const localId = (id: string): string => localIdOf(id);

const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64');

/** The demo organization "Acme Docs", with `selection` read through `organizations`. */
async function acme(selection: string): Promise<Obj> {
  const data = await ok(`{ organizations { nodes { title ${selection} } } }`);
  const org = nodesOf(data.organizations).find((o) => o.title === 'Acme Docs');
  if (!org) throw new Error('no Acme Docs organization');
  return org;
}

/** Every space of Acme Docs with `selection`. */
async function acmeSpaces(selection: string): Promise<Obj[]> {
  return nodesOf((await acme(`spaces(first: 100) { nodes { ${selection} } }`)).spaces);
}

/** The demo space "First Project Tutorial": its change request #2 has a comment with a reply. */
async function tutorialSpace(selection: string): Promise<Obj> {
  const space = (await acmeSpaces(`title ${selection}`)).find(
    (s) => s.title === 'First Project Tutorial',
  );
  if (!space) throw new Error('no First Project Tutorial space');
  return space;
}

/**
 * How to reach one real instance of a Node type through navigation. `fields` are a few fields
 * that tell instances apart and come with the object itself (no further upstream call); `find`
 * answers the object read with the selection `id ${fields}` along a navigation path.
 */
interface Finder {
  fields: string;
  find(selection: string): Promise<Obj>;
}

/** One finder per type implementing `Node`; a type without one fails the suite. */
const FINDERS: Record<string, Finder> = {
  Organization: {
    fields: 'title hostname plan type',
    find: (sel) => acme(sel),
  },
  AgentInstructions: {
    fields: 'instructions updatedAt',
    find: async (sel) => (await acme(`agentInstructions { ${sel} }`)).agentInstructions as Obj,
  },
  Collection: {
    fields: 'title description',
    find: async (sel) =>
      firstOf(
        nodesOf((await acme(`collections(first: 1) { nodes { ${sel} } }`)).collections),
        'collection',
      ),
  },
  Space: {
    fields: 'title emoji visibility revision',
    find: async (sel) => firstOf(await acmeSpaces(sel), 'space'),
  },
  Member: {
    fields: 'role disabled joinedAt user { id displayName }',
    find: async (sel) =>
      firstOf(nodesOf((await acme(`members(first: 1) { nodes { ${sel} } }`)).members), 'member'),
  },
  Team: {
    fields: 'title membersCount spacesCount',
    find: async (sel) =>
      firstOf(nodesOf((await acme(`teams(first: 1) { nodes { ${sel} } }`)).teams), 'team'),
  },
  SAMLProvider: {
    fields: 'label ssoURL entityID status',
    find: async (sel) =>
      firstOf(
        nodesOf((await acme(`samlProviders(first: 1) { nodes { ${sel} } }`)).samlProviders),
        'SAML provider',
      ),
  },
  Translation: {
    fields: 'status language createdAt',
    find: async (sel) =>
      firstOf(
        nodesOf((await acme(`translations(first: 1) { nodes { ${sel} } }`)).translations),
        'translation',
      ),
  },
  OpenAPISpec: {
    fields: 'slug sourceURL processingState lastVersion',
    find: async (sel) =>
      firstOf(
        nodesOf((await acme(`openAPISpecs(first: 1) { nodes { ${sel} } }`)).openAPISpecs),
        'OpenAPI spec',
      ),
  },
  OpenAPISpecVersion: {
    fields: 'url createdAt',
    find: async (sel) => {
      const org = await acme(
        `openAPISpecs(first: 1) { nodes { versions(first: 1) { nodes { ${sel} } } } }`,
      );
      return firstOf(nodesOf(firstOf(nodesOf(org.openAPISpecs), 'spec').versions), 'version');
    },
  },
  IssuesCluster: {
    fields: 'label icon impact muted',
    find: async (sel) =>
      firstOf(nodesOf((await acme(`clusters(first: 1) { nodes { ${sel} } }`)).clusters), 'cluster'),
  },
  ConversationIssue: {
    fields: 'title impact createdAt',
    find: async (sel) => {
      const org = await acme(
        `clusters(first: 1) { nodes { issues(first: 1) { nodes { ${sel} } } } }`,
      );
      return firstOf(nodesOf(firstOf(nodesOf(org.clusters), 'cluster').issues), 'issue');
    },
  },
  Conversation: {
    fields: 'subject source createdAt',
    find: async (sel) => {
      const org = await acme(
        `clusters(first: 1) { nodes { issues(first: 1) { nodes { conversation { ${sel} } } } } }`,
      );
      const issue = firstOf(nodesOf(firstOf(nodesOf(org.clusters), 'cluster').issues), 'issue');
      return issue.conversation as Obj;
    },
  },
  Site: {
    fields: 'title type visibility published',
    find: async (sel) =>
      firstOf(nodesOf((await acme(`sites(first: 1) { nodes { ${sel} } }`)).sites), 'site'),
  },
  SiteSection: {
    fields: 'title path default',
    find: async (sel) => {
      const org = await acme(
        `sites(first: 1) { nodes { sections(first: 1) { nodes { ${sel} } } } }`,
      );
      return firstOf(nodesOf(firstOf(nodesOf(org.sites), 'site').sections), 'section');
    },
  },
  SiteSpace: {
    fields: 'title path default hidden',
    find: async (sel) => {
      const org = await acme(
        `sites(first: 1) { nodes { sections(first: 1) { nodes { siteSpaces { ${sel} } } } } }`,
      );
      const section = firstOf(nodesOf(firstOf(nodesOf(org.sites), 'site').sections), 'section');
      return firstOf(section.siteSpaces as Obj[], 'site space');
    },
  },
  SiteSectionGroup: {
    fields: 'title icon',
    find: async (sel) => {
      const org = await acme(
        `sites(first: 1) { nodes { sectionGroups(first: 1) { nodes { ${sel} } } } }`,
      );
      return firstOf(nodesOf(firstOf(nodesOf(org.sites), 'site').sectionGroups), 'section group');
    },
  },
  Page: {
    fields: 'title slug path type',
    find: async (sel) => firstOf((await tutorialSpace(`pages { ${sel} }`)).pages as Obj[], 'page'),
  },
  File: {
    fields: 'name contentType size',
    find: async (sel) =>
      firstOf(nodesOf((await tutorialSpace(`files(first: 1) { nodes { ${sel} } }`)).files), 'file'),
  },
  ChangeRequest: {
    fields: 'number subject status',
    find: async (sel) =>
      firstOf(
        nodesOf(
          (await tutorialSpace(`changeRequests(first: 1) { nodes { ${sel} } }`)).changeRequests,
        ),
        'change request',
      ),
  },
  // Comments and replies through organizations -> spaces -> changeRequests -> comments -> replies.
  Comment: {
    fields: 'status repliesCount postedAt body { markdown }',
    find: async (sel) => {
      const space = await tutorialSpace(
        `changeRequests(first: 10) { nodes { comments(first: 1) { nodes { ${sel} } } } }`,
      );
      const comments = nodesOf(space.changeRequests).flatMap((cr) => nodesOf(cr.comments));
      return firstOf(comments, 'change request comment');
    },
  },
  CommentReply: {
    fields: 'postedAt body { markdown }',
    find: async (sel) => {
      const space = await tutorialSpace(
        `changeRequests(first: 10) { nodes { comments(first: 10) { nodes { replies(first: 1) { nodes { ${sel} } } } } } }`,
      );
      const replies = nodesOf(space.changeRequests)
        .flatMap((cr) => nodesOf(cr.comments))
        .flatMap((c) => nodesOf(c.replies));
      return firstOf(replies, 'change request comment reply');
    },
  },
};

/**
 * Types whose address has more than one form: content and comments live in a space's main
 * content or in a change request's. FINDERS covers one form; these cover the other.
 */
const OTHER_SCOPES: Array<{ label: string; typename: string } & Finder> = [
  {
    label: 'Page of a change request',
    typename: 'Page',
    fields: 'title slug path type',
    find: async (sel) => {
      const space = await tutorialSpace(`changeRequests(first: 1) { nodes { pages { ${sel} } } }`);
      const cr = firstOf(nodesOf(space.changeRequests), 'change request');
      return firstOf(cr.pages as Obj[], 'change request page');
    },
  },
  {
    label: 'File of a change request',
    typename: 'File',
    fields: 'name contentType size',
    find: async (sel) => {
      const space = await tutorialSpace(
        `changeRequests(first: 1) { nodes { files(first: 1) { nodes { ${sel} } } } }`,
      );
      const cr = firstOf(nodesOf(space.changeRequests), 'change request');
      return firstOf(nodesOf(cr.files), 'change request file');
    },
  },
  {
    label: 'Comment on a space',
    typename: 'Comment',
    fields: 'status repliesCount postedAt body { markdown }',
    find: async (sel) =>
      firstOf(
        nodesOf((await tutorialSpace(`comments(first: 1) { nodes { ${sel} } }`)).comments),
        'comment',
      ),
  },
  {
    label: 'Reply to a comment on a space',
    typename: 'CommentReply',
    fields: 'postedAt body { markdown }',
    find: async (sel) => {
      const space = await tutorialSpace(
        `comments(first: 10) { nodes { replies(first: 1) { nodes { ${sel} } } } }`,
      );
      return firstOf(
        nodesOf(space.comments).flatMap((c) => nodesOf(c.replies)),
        'comment reply',
      );
    },
  },
];

/** Every object type implementing `Node` in the executable schema. */
const NODE_TYPES = schema
  .getPossibleTypes(schema.getType('Node') as GraphQLInterfaceType)
  .map((t) => t.name)
  .sort();

/** Ids found by the round-trip tests, by label, for the `nodes` and malformed-ID tests. */
const found = new Map<string, { typename: string; id: string }>();

beforeAll(async () => {
  e2e = await startE2E();
}, 60_000);
afterAll(() => e2e.close());

async function roundTrip(label: string, typename: string, finder: Finder): Promise<void> {
  const selection = `id ${finder.fields}`;
  const navigated = await finder.find(selection);
  const id = navigated.id as string;
  expect(typeof id).toBe('string');
  expect(() => localIdOf(id, typename)).not.toThrow();
  found.set(label, { typename, id });

  // The bare node: same typename and id, one upstream call.
  const bare = await gql('query($id: ID!) { node(id: $id) { __typename id } }', { id });
  expect(bare.status).toBe(200);
  expect(bare.body.errors).toBeUndefined();
  expect(bare.body.data?.node).toEqual({ __typename: typename, id });
  const calls = httpCalls(bare.body);
  expect(calls, JSON.stringify(calls)).toHaveLength(1);
  // 304 when an earlier test read the same path with the same token: revalidated, body reused.
  expect(calls[0]).toMatchObject({ method: 'GET', status: expect.toBeOneOf([200, 304]) });

  // The distinguishing fields read through `node` are those read through navigation, still in
  // one call.
  const full = await gql(
    `query($id: ID!) { node(id: $id) { __typename ... on ${typename} { ${selection} } } }`,
    { id },
  );
  expect(full.body.errors).toBeUndefined();
  expect(full.body.data?.node).toEqual({ __typename: typename, ...navigated });
  expect(httpCalls(full.body), JSON.stringify(httpCalls(full.body))).toHaveLength(1);
}

describe('node(id) round-trips', () => {
  it('has a finder for exactly the types implementing Node', () => {
    expect(NODE_TYPES.length).toBeGreaterThan(0);
    const missing = NODE_TYPES.filter((t) => !(t in FINDERS));
    const stale = Object.keys(FINDERS).filter((t) => !NODE_TYPES.includes(t));
    expect(missing, 'Node types without a finder in FINDERS').toEqual([]);
    expect(stale, 'finders for types that no longer implement Node').toEqual([]);
  });

  it.each(NODE_TYPES)(
    '%s: node(id) answers the navigated object in one upstream call',
    async (typename) => {
      const finder = FINDERS[typename];
      if (!finder) throw new Error(`no finder for the Node type ${typename}: add one to FINDERS`);
      await roundTrip(typename, typename, finder);
    },
  );

  it.each(OTHER_SCOPES.map((s) => [s.label, s] as const))(
    '%s: node(id) round-trips in one upstream call',
    async (label, scoped) => {
      await roundTrip(label, scoped.typename, scoped);
    },
  );
});

/** The id of one instance of a Node type (found by its round-trip test, else by its finder). */
async function idOf(label: string): Promise<string> {
  const known = found.get(label);
  if (known) return known.id;
  const scoped = OTHER_SCOPES.find((s) => s.label === label);
  const finder = FINDERS[label] ?? scoped;
  if (!finder) throw new Error(`no finder labelled ${label}`);
  const id = (await finder.find('id')).id as string;
  found.set(label, { typename: scoped?.typename ?? label, id });
  return id;
}

const NODE_QUERY = 'query($id: ID!) { node(id: $id) { __typename id } }';

describe('nodes(ids)', () => {
  it('answers several types in order, with duplicates, in one upstream call per distinct object', async () => {
    const labels = [
      'Space',
      'Page',
      'Space',
      'Team',
      'Comment',
      'Page',
      'Organization',
      'Reply to a comment on a space',
      'Team',
      'SiteSpace',
    ];
    const ids = await Promise.all(labels.map(idOf));
    const { status, body } = await gql(
      'query($ids: [ID!]!) { nodes(ids: $ids) { __typename id } }',
      { ids },
    );
    expect(status).toBe(200);
    expect(body.errors).toBeUndefined();
    const typenames = labels.map((l) => found.get(l)?.typename);
    expect(body.data?.nodes).toEqual(ids.map((id, i) => ({ __typename: typenames[i], id })));
    const distinct = new Set(ids).size;
    expect(distinct).toBe(7);
    const calls = httpCalls(body);
    expect(calls.map((c) => c.path).sort(), JSON.stringify(calls)).toHaveLength(distinct);
    expect(new Set(calls.map((c) => c.path)).size).toBe(distinct);
    for (const call of calls) {
      expect(call).toMatchObject({ method: 'GET', status: expect.toBeOneOf([200, 304]) });
    }
  });

  it('answers null for a missing object, with a NOT_FOUND error at its index, and the rest', async () => {
    const space = await idOf('Space');
    const team = await idOf('Team');
    const missing = globalId('Space', 'noSuchSpace0000000000');
    const { status, body } = await gql(
      'query($ids: [ID!]!) { nodes(ids: $ids) { __typename id } }',
      { ids: [space, missing, team] },
    );
    expect(status).toBe(200);
    expect(body.data?.nodes).toEqual([
      { __typename: 'Space', id: space },
      null,
      { __typename: 'Team', id: team },
    ]);
    expect(body.errors).toHaveLength(1);
    expect(body.errors?.[0]).toMatchObject({
      path: ['nodes', 1],
      extensions: { code: 'NOT_FOUND', status: 404 },
    });
    expect(httpCalls(body)).toHaveLength(3);
  });
});

/** Object types that have a single-segment address (the REST id itself). */
const SINGLE_SEGMENT = ['AgentInstructions', 'Collection', 'Organization', 'Space'];

describe('malformed global IDs', () => {
  it('answers BAD_USER_INPUT, with no upstream call, to an address with the wrong number of segments', async () => {
    const checked: string[] = [];
    for (const typename of NODE_TYPES) {
      const segments = localId(await idOf(typename)).split('/').length;
      if (segments === 1) continue;
      checked.push(typename);
      const tooFew = b64(`${typename}:x`);
      const tooMany = b64(
        `${typename}:${Array(segments + 2)
          .fill('x')
          .join('/')}`,
      );
      const empty = b64(`${typename}:${Array(segments).fill('').join('/')}`);
      for (const id of [tooFew, tooMany, empty]) {
        const { status, body } = await gql(NODE_QUERY, { id });
        expect(status).toBe(200);
        expect(body.data).toEqual({ node: null });
        expect(body.errors, `${typename} ${localId(id)}`).toHaveLength(1);
        expect(body.errors?.[0]).toMatchObject({
          message: `id: not a valid ${typename} ID`,
          path: ['node'],
          extensions: { code: 'BAD_USER_INPUT' },
        });
        expect(httpCalls(body)).toEqual([]);
      }
    }
    expect(checked.sort()).toEqual(NODE_TYPES.filter((t) => !SINGLE_SEGMENT.includes(t)));
  });

  it('reads a single-segment address with a slash as one opaque REST id: NOT_FOUND after one call', async () => {
    for (const typename of SINGLE_SEGMENT) {
      expect(localId(await idOf(typename)).split('/')).toHaveLength(1);
      const { status, body } = await gql(NODE_QUERY, { id: b64(`${typename}:x/y`) });
      expect(status).toBe(200);
      expect(body.data).toEqual({ node: null });
      expect(body.errors?.[0]).toMatchObject({
        path: ['node'],
        extensions: { code: 'NOT_FOUND', status: 404 },
      });
      const calls = httpCalls(body);
      expect(calls).toHaveLength(1);
      expect(calls[0]?.path).toContain('x%2Fy');
    }
  });

  const UNDECODABLE: Array<[string, string]> = [
    ['not base64', 'not base64!!'],
    ['empty', ''],
    ['no type separator', b64('garbage')],
    ['empty local id', b64('Space:')],
    ['unknown type name', b64('Nope:abc')],
    ['type that is not a Node', b64('User:abc')],
    ['root type name', b64('Query:x')],
  ];

  it.each(UNDECODABLE)(
    'answers an unmasked error at node, with no upstream call, to an ID %s',
    async (_what, id) => {
      const { status, body } = await gql(NODE_QUERY, { id });
      expect(status).toBe(200);
      expect(body.data).toEqual({ node: null });
      expect(body.errors).toHaveLength(1);
      const error = body.errors?.[0] as GqlError;
      expect(error.path).toEqual(['node']);
      expect(error.message).not.toMatch(/unexpected error/i);
      expect(error.message).toMatch(/is not a global ID|is not a type that node\(id\) loads/);
      expect(error.extensions?.code).toBe('BAD_USER_INPUT');
      expect(httpCalls(body)).toEqual([]);
    },
  );
});

describe('malformed global IDs: BAD_USER_INPUT per ID', () => {
  it('node(id) answers BAD_USER_INPUT to an ID that does not decode to a Node type', async () => {
    for (const id of ['not base64!!', b64('garbage'), b64('Nope:abc'), b64('User:abc')]) {
      const { body } = await gql(NODE_QUERY, { id });
      expect(body.errors?.[0]?.extensions?.code, id).toBe('BAD_USER_INPUT');
    }
  });

  it('nodes(ids) fails only the malformed ID and keeps the rest of the data', async () => {
    const space = await idOf('Space');
    const { body } = await gql(
      'query($ids: [ID!]!) { nodes(ids: $ids) { id } organizations(first: 1) { totalCount } }',
      { ids: [space, 'not base64!!'] },
    );
    expect(body.data?.nodes).toEqual([{ id: space }, null]);
    expect(body.errors?.[0]).toMatchObject({
      path: ['nodes', 1],
      extensions: { code: 'BAD_USER_INPUT' },
    });
  });

  it('nodes(ids) with a well-formed ID of the wrong shape fails only that index', async () => {
    const space = await idOf('Space');
    const { status, body } = await gql('query($ids: [ID!]!) { nodes(ids: $ids) { id } }', {
      ids: [space, b64('Member:x')],
    });
    expect(status).toBe(200);
    expect(body.data?.nodes).toEqual([{ id: space }, null]);
    expect(body.errors).toHaveLength(1);
    expect(body.errors?.[0]).toMatchObject({
      path: ['nodes', 1],
      extensions: { code: 'BAD_USER_INPUT' },
    });
  });
});

describe('partial data', () => {
  it('fails only the fields whose upstream call fails, with NOT_FOUND and the status', async () => {
    const space = await idOf('Space');
    const org = await idOf('Organization');
    const missing = globalId('Team', `${localId(org)}/noSuchTeam0000000000`);
    const { status, body } = await gql(
      `query($space: ID!, $org: ID!, $missing: ID!) {
        space(id: $space) { title changeRequest(idOrNumber: "999999") { subject } }
        missing: node(id: $missing) { id ... on Team { title } }
        org: node(id: $org) { id ... on Organization { title } }
      }`,
      { space, org, missing },
    );
    expect(status).toBe(200);
    const data = body.data as {
      space: { title: string; changeRequest: unknown };
      missing: unknown;
      org: { id: string; title: string };
    };
    expect(data.space.title).toEqual(expect.any(String));
    expect(data.space.changeRequest).toBeNull();
    expect(data.missing).toBeNull();
    expect(data.org).toEqual({ id: org, title: 'Acme Docs' });
    const byPath = new Map((body.errors ?? []).map((e) => [JSON.stringify(e.path), e]));
    expect(byPath.size).toBe(2);
    expect(byPath.get(JSON.stringify(['space', 'changeRequest']))).toMatchObject({
      extensions: { code: 'NOT_FOUND', status: 404 },
    });
    expect(byPath.get(JSON.stringify(['missing']))).toMatchObject({
      extensions: { code: 'NOT_FOUND', status: 404 },
    });
    const failed = httpCalls(body).filter((c) => c.status === 404);
    expect(failed.map((c) => c.path).sort()).toEqual(
      [
        `/spaces/${localId(space)}/change-requests/999999`,
        `/orgs/${localId(org)}/teams/noSuchTeam0000000000`,
      ].sort(),
    );
  });

  it('answers NOT_FOUND for the node of a deleted object', async () => {
    const org = await idOf('Organization');
    const created = await ok(
      `mutation($org: ID!) { createTeam(input: { organizationId: $org, title: "Node test team" }) {
        __typename ... on TeamPayload { team { id title } } } }`,
      { org },
    );
    const team = (created.createTeam as { team: { id: string; title: string } }).team;
    const before = await ok(NODE_QUERY, { id: team.id });
    expect(before.node).toEqual({ __typename: 'Team', id: team.id });
    const deleted = await ok(
      `mutation($org: ID!, $team: ID!) { deleteTeam(input: { organizationId: $org, teamId: $team }) {
        __typename ... on DeletedInOrganizationPayload { deletedId } } }`,
      { org, team: team.id },
    );
    expect(deleted.deleteTeam).toMatchObject({ __typename: 'DeletedInOrganizationPayload' });
    const { status, body } = await gql(
      'query($id: ID!, $org: ID!) { node(id: $id) { id } org: node(id: $org) { id } }',
      { id: team.id, org },
    );
    expect(status).toBe(200);
    expect(body.data).toEqual({ node: null, org: { id: org } });
    expect(body.errors).toHaveLength(1);
    expect(body.errors?.[0]).toMatchObject({
      path: ['node'],
      extensions: { code: 'NOT_FOUND', status: 404 },
    });
  });

  it('answers NOT_FOUND, without leaking anything, to an outsider reading a private space', async () => {
    const spaces = await acmeSpaces('id title visibility');
    const secret = spaces.find((s) => s.visibility === 'PRIVATE');
    if (!secret) throw new Error('no private space in the demo data');
    const { status, body } = await gql(
      `query($id: ID!) { space(id: $id) { title } node(id: $id) { id ... on Space { title } }
        nodes(ids: [$id]) { id } }`,
      { id: secret.id },
      'outsider',
    );
    expect(status).toBe(200);
    expect(body.data).toEqual({ space: null, node: null, nodes: [null] });
    expect(body.errors?.map((e) => JSON.stringify(e.path)).sort()).toEqual(
      [['space'], ['node'], ['nodes', 0]].map((p) => JSON.stringify(p)).sort(),
    );
    for (const error of body.errors ?? []) {
      expect(error.extensions).toMatchObject({ code: 'NOT_FOUND', status: 404 });
    }
    const text = JSON.stringify(body);
    expect(text).not.toContain(secret.title as string);
    // One upstream read of the space, shared by the three fields.
    expect(httpCalls(body)).toHaveLength(1);
  });

  it('answers FORBIDDEN for a field a lower role may not read, and the rest of the node', async () => {
    const members = nodesOf(
      (await acme('members(first: 50) { nodes { id role user { displayName } } }')).members,
    );
    const other = members.find(
      (m) =>
        m.role === 'ADMIN' && (m.user as { displayName: string }).displayName !== 'Remy Reader',
    );
    if (!other) throw new Error('no admin member in the demo data');
    const { status, body } = await gql(
      `query($id: ID!) { node(id: $id) { id ... on Member { role user { displayName }
        spaces(first: 1) { totalCount } } } }`,
      { id: other.id },
      'read',
    );
    expect(status).toBe(200);
    expect(body.data?.node).toEqual({
      id: other.id,
      role: 'ADMIN',
      user: other.user,
      spaces: null,
    });
    expect(body.errors).toHaveLength(1);
    expect(body.errors?.[0]).toMatchObject({
      path: ['node', 'spaces'],
      extensions: { code: 'FORBIDDEN', status: 403 },
    });
  });
});
