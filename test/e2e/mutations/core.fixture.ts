// Shared setup of the mutation contract tables for the organization, collection, space, member,
// team, SAML, change request and comment mutations: rows per mutation, each test file's rows run
// against one embedded stack. Every mutation has a ValidationError row (zero upstream HTTP
// calls), a NotFoundError row and a ForbiddenError row (a lower-role demo user who can see the
// object); success rows read the new state back through the graph where no domain e2e file does
// so yet; ConflictError rows cover the conflicts of the decisions page not covered elsewhere.
//
// Conflicts already covered elsewhere (referenced here, not duplicated):
// - merge of a merged request, merge of an archived request, change request creation in a locked
//   space: test/e2e/changeRequest.test.ts ("merge returns ...", "merging an archived ...",
//   "creating in a locked space ...").
// - restore of a live space and restore outside the 7-day window (deleted_at moved back 8 days),
//   template into the main content of a locked space: test/e2e/space.test.ts.
// Success with read-back already covered elsewhere (no row here): updateOrganization,
// joinOrganization, setAgentInstructions, setMemberRole, removeMember, addSSOMember, createTeam,
// deleteTeam, createSAMLProvider, deleteSAMLProvider (payload re-reads the organization), every
// collection mutation, createSpace, updateSpace, moveSpace, duplicateSpace, transferSpace,
// deleteSpace, createChangeRequest, updateChangeRequest, mark ready / archive / reopen, and every
// comment and reply mutation on a change request (test/e2e/comment.test.ts).
// deleteOrganizationLinkInvite: invite links are not readable through the graph, so its success
// (payload only) in test/e2e/organization.test.ts is all that can be read back.
import { type GraphQLInputObjectType, getNamedType } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '../../../src/gateway/schema/index.ts';
import { DEMO_IDP_CERTIFICATE } from '../../../src/workspace/demo/samlTranslations.ts';
import type { DemoPersona } from '../../../src/workspace/demo/users.ts';
import { type E2EStack, startE2E } from '../../support/gateway.ts';
import { type Data, graphHelpers, httpCalls, organizationIds } from '../../support/graph.ts';
import { globalId, localIdOf, toRestId } from '../../support/ids.ts';

let e2e: E2EStack;
export const { ok } = graphHelpers(() => e2e);

export const MUTATIONS =
  `updateOrganization joinOrganization pingOrganization deleteOrganizationLinkInvite
  setAgentInstructions createCollection updateCollection deleteCollection moveCollection
  transferCollection createSpace updateSpace deleteSpace restoreSpace duplicateSpace moveSpace
  transferSpace applySpaceTemplate setMemberRole removeMember addSSOMember createTeam renameTeam
  deleteTeam changeTeamMembers setTeamMemberRole removeTeamMember createSAMLProvider
  updateSAMLProvider deleteSAMLProvider createChangeRequest updateChangeRequest archiveChangeRequest
  reopenChangeRequest markChangeRequestReady mergeChangeRequest updateChangeRequestFromMain
  postComment editComment resolveComment unresolveComment addCommentReactions
  removeCommentReactions deleteComment postCommentReply editCommentReply addCommentReplyReactions
  removeCommentReplyReactions deleteCommentReply`
    .split(/\s+/)
    .filter(Boolean);

type Vars = Record<string, unknown>;
export type Kind = 'validation' | 'notFound' | 'forbidden' | 'conflict' | 'success';

/** What a row expects: the result's typename; for a ValidationError, the field it names. */
interface Expectation {
  typename: string;
  field?: string;
}

export interface Row {
  mutation: string;
  kind: Kind;
  /** What the row shows (the test name). */
  name: string;
  /** The operation; its single field is aliased `r`. */
  query: string;
  /** The variables, after creating what the row needs (as admin). */
  variables: (f: Fixtures) => Promise<Vars> | Vars;
  as: DemoPersona;
  expect: Expectation;
  /** Reads the new state back through the graph (success rows). */
  readBack?: (f: Fixtures, vars: Vars, result: Data) => Promise<void>;
  /** A gateway or server bug this row reveals: it runs as `it.fails`. */
  bug?: string;
}

/** The input type of a mutation's `input` argument, from the gateway's schema. */
function inputTypeOf(mutation: string): string {
  const field = schema.getMutationType()?.getFields()[mutation];
  if (!field) throw new Error(`no mutation ${mutation}`);
  return (getNamedType(field.args[0]?.type) as GraphQLInputObjectType).name;
}

/** `mutation($input: XInput!) { r: mutation(input: $input) { __typename <select> } }`. */
function op(mutation: string, select = ''): string {
  return `mutation($input: ${inputTypeOf(mutation)}!) { r: ${mutation}(input: $input) { __typename
    ... on ValidationError { fieldErrors { path message } } ... on Error { message } ${select} } }`;
}

/** The whole address (local part) of a global ID. */
const addressOf = (id: string) => localIdOf(id);

let seq = 0;
export const unique = (prefix: string) => `${prefix} ${++seq}`;

/** Demo ids and builders of fresh objects (created as admin), for the rows' variables. */
export class Fixtures {
  acme = '';
  globex = '';
  /** Global IDs of demo spaces by title. */
  spaces: Record<string, string> = {};
  /** Global IDs of demo collections by title. */
  collections: Record<string, string> = {};
  /** Org-scoped Member ids and User ids by email. */
  members: Record<string, { id: string; userId: string }> = {};

  async load(): Promise<void> {
    const orgs = await organizationIds(e2e);
    this.acme = orgs['Acme Docs'] as string;
    this.globex = orgs['Globex Handbook'] as string;
    const data = await ok<{
      organization: {
        spaces: { nodes: Array<{ id: string; title: string }> };
        collections: { nodes: Array<{ id: string; title: string }> };
        members: { nodes: Array<{ id: string; user: { id: string; email: string } }> };
      };
    }>(
      `query($id: ID!) { organization(id: $id) { spaces(first: 1000) { nodes { id title } }
        collections(first: 100) { nodes { id title } }
        members(first: 1000) { nodes { id user { id email } } } } }`,
      { id: this.acme },
    );
    for (const s of data.organization.spaces.nodes) this.spaces[s.title] = s.id;
    for (const c of data.organization.collections.nodes) this.collections[c.title] = c.id;
    for (const m of data.organization.members.nodes) {
      this.members[m.user.email] = { id: m.id, userId: m.user.id };
    }
  }

  /** Runs a write as admin and returns its payload (fails on anything else). */
  async write<T = Data>(mutation: string, input: Vars, select: string, typename: string) {
    const data = await ok<{ r: Data & { __typename: string } }>(op(mutation, select), { input });
    expect(data.r.__typename, JSON.stringify(data.r)).toBe(typename);
    return data.r as unknown as T;
  }

  async collection(): Promise<string> {
    const r = await this.write<{ collection: { id: string } }>(
      'createCollection',
      { organizationId: this.acme, title: unique('Coll') },
      '... on CollectionPayload { collection { id } }',
      'CollectionPayload',
    );
    return r.collection.id;
  }

  async space(extra: Vars = {}): Promise<string> {
    const r = await this.write<{ space: { id: string } }>(
      'createSpace',
      { organizationId: this.acme, title: unique('Space'), ...extra },
      '... on SpacePayload { space { id } }',
      'SpacePayload',
    );
    return r.space.id;
  }

  async deletedSpace(): Promise<string> {
    const id = await this.space();
    await this.write('deleteSpace', { spaceId: id }, '', 'DeletePayload');
    return id;
  }

  async lockedSpace(): Promise<string> {
    const id = await this.space();
    await this.lock(id);
    return id;
  }

  async lock(spaceId: string): Promise<void> {
    await this.write('updateSpace', { spaceId, editMode: 'LOCKED' }, '', 'SpacePayload');
  }

  async team(members: string[] = []): Promise<string> {
    const r = await this.write<{ team: { id: string } }>(
      'createTeam',
      { organizationId: this.acme, title: unique('Team'), members },
      '... on TeamPayload { team { id } }',
      'TeamPayload',
    );
    return r.team.id;
  }

  async saml(): Promise<string> {
    const r = await this.write<{ samlProvider: { id: string } }>(
      'createSAMLProvider',
      {
        organizationId: this.acme,
        label: unique('IdP'),
        entityID: 'https://sts.example/acme',
        ssoURL: 'https://login.example/saml',
        certificate: DEMO_IDP_CERTIFICATE,
      },
      '... on SAMLProviderPayload { samlProvider { id } }',
      'SAMLProviderPayload',
    );
    return r.samlProvider.id;
  }

  /** A fresh draft change request (global ID) in `spaceId` or in a fresh space. */
  async cr(spaceId?: string): Promise<string> {
    const r = await this.write<{ changeRequest: { id: string } }>(
      'createChangeRequest',
      { spaceId: spaceId ?? (await this.space()), subject: unique('CR') },
      '... on ChangeRequestPayload { changeRequest { id } }',
      'ChangeRequestPayload',
    );
    return r.changeRequest.id;
  }

  async crWithStatus(status: 'ARCHIVED' | 'OPEN' | 'DRAFT'): Promise<string> {
    const id = await this.cr();
    await this.write(
      'updateChangeRequest',
      { changeRequestId: id, status },
      '',
      'ChangeRequestPayload',
    );
    return id;
  }

  /** The scope of a comment: a fresh space, or a change request in one. */
  async scope(on: Scope): Promise<Vars> {
    return on === 'space' ? { spaceId: await this.space() } : { changeRequestId: await this.cr() };
  }

  /** A fresh comment (global ID) in a fresh scope. */
  async comment(on: Scope, extra: Vars = {}): Promise<string> {
    const r = await this.write<{ comment: { id: string } }>(
      'postComment',
      { ...(await this.scope(on)), body: { markdown: unique('Comment') }, ...extra },
      '... on CommentPayload { comment { id } }',
      'CommentPayload',
    );
    return r.comment.id;
  }

  async reply(on: Scope): Promise<{ commentId: string; replyId: string }> {
    const commentId = await this.comment(on);
    const r = await this.write<{ reply: { id: string } }>(
      'postCommentReply',
      { commentId, body: { markdown: unique('Reply') } },
      '... on CommentReplyPayload { reply { id } }',
      'CommentReplyPayload',
    );
    return { commentId, replyId: r.reply.id };
  }

  /** The scope (space, change request) of a comment's global ID, as input fields. */
  scopeOf(commentOrReplyId: string, tail: number): Vars {
    const parts = addressOf(commentOrReplyId).split('/').map(decodeURIComponent);
    const scope = parts.slice(0, parts.length - tail);
    return scope.length === 1
      ? { spaceId: scope[0] }
      : { spaceId: scope[0], changeRequestId: scope[1] };
  }

  async node<T = Data>(id: string, fields: string, as: DemoPersona = 'admin'): Promise<T> {
    return (await ok<{ node: T }>(`query($id: ID!) { node(id: $id) { ${fields} } }`, { id }, as))
      .node;
  }
}

export type Scope = 'space' | 'changeRequest';

const fixtures = new Fixtures();

export const MISSING_ORG = globalId('Organization', 'no-such-org');
export const MISSING_COLLECTION = globalId('Collection', 'no-such-collection');
export const MISSING_SPACE = globalId('Space', 'no-such-space');
export const missingCr = (spaceId: string) =>
  globalId('ChangeRequest', `${encodeURIComponent(toRestId(spaceId, 'Space'))}/no-such-cr`);
/** A missing comment in an existing scope: `space/comment` or `space/changeRequest/comment`. */
export const missingComment = (scope: Vars) =>
  globalId(
    'Comment',
    scope.changeRequestId
      ? `${addressOf(scope.changeRequestId as string)}/no-such-comment`
      : `${encodeURIComponent(toRestId(scope.spaceId as string, 'Space'))}/no-such-comment`,
  );
export const DOC = {
  object: 'document',
  nodes: [
    {
      object: 'block',
      type: 'paragraph',
      nodes: [{ object: 'text', leaves: [{ text: 'Be precise.' }] }],
    },
  ],
};
export const long = (n: number) => 'x'.repeat(n);

// Shorthands for rows.
export const row = (
  mutation: string,
  kind: Kind,
  name: string,
  variables: Row['variables'],
  expectation: Expectation,
  extra: Partial<Pick<Row, 'as' | 'readBack' | 'bug' | 'query'>> = {},
): Row => ({
  mutation,
  kind,
  name,
  query: extra.query ?? op(mutation),
  variables,
  as: extra.as ?? 'admin',
  expect: expectation,
  ...(extra.readBack ? { readBack: extra.readBack } : {}),
  ...(extra.bug ? { bug: extra.bug } : {}),
});
export const invalid = (
  mutation: string,
  name: string,
  field: string,
  input: (f: Fixtures) => Promise<Vars> | Vars,
  extra: Partial<Pick<Row, 'bug'>> = {},
) =>
  row(
    mutation,
    'validation',
    `ValidationError (${name}), no upstream call`,
    async (fx) => ({ input: await input(fx) }),
    { typename: 'ValidationError', field },
    extra,
  );
export const missing = (
  mutation: string,
  name: string,
  input: (f: Fixtures) => Promise<Vars> | Vars,
  typename = 'NotFoundError',
) => row(mutation, 'notFound', name, async (fx) => ({ input: await input(fx) }), { typename });
export const forbidden = (
  mutation: string,
  as: DemoPersona,
  name: string,
  input: (f: Fixtures) => Promise<Vars> | Vars,
) =>
  row(
    mutation,
    'forbidden',
    `ForbiddenError as ${as} (${name})`,
    async (fx) => ({ input: await input(fx) }),
    { typename: 'ForbiddenError' },
    { as },
  );
export const succeeds = (
  mutation: string,
  name: string,
  typename: string,
  select: string,
  input: (f: Fixtures) => Promise<Vars> | Vars,
  readBack: NonNullable<Row['readBack']>,
  as: DemoPersona = 'admin',
) =>
  row(
    mutation,
    'success',
    `success, read back: ${name}`,
    async (fx) => ({ input: await input(fx) }),
    { typename },
    { query: op(mutation, select), readBack, as },
  );
export const conflict = (mutation: string, name: string, input: (f: Fixtures) => Promise<Vars>) =>
  row(mutation, 'conflict', `ConflictError: ${name}`, async (fx) => ({ input: await input(fx) }), {
    typename: 'ConflictError',
  });

export const inputOf = (vars: Vars) => vars.input as Record<string, string>;
async function runRow(r: Row): Promise<void> {
  const variables = await r.variables(fixtures);
  const { status, body } = await e2e.gql(r.query, variables, { as: r.as, debug: true });
  expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
  expect(status).toBe(200);
  const result = (body.data as { r: Data & { __typename: string } }).r;
  expect(result.__typename, JSON.stringify(result)).toBe(r.expect.typename);
  if (r.kind === 'validation') {
    const fieldErrors = result.fieldErrors as Array<{ path: string[]; message: string }>;
    expect(fieldErrors.length).toBeGreaterThan(0);
    expect(
      fieldErrors.some((e) => e.path.includes(r.expect.field as string)),
      JSON.stringify(fieldErrors),
    ).toBe(true);
    // Debug is on, so the response lists upstream calls; none of them may be an HTTP call.
    expect(Array.isArray(body.extensions?.upstream)).toBe(true);
    expect(httpCalls(body)).toEqual([]);
  }
  if (r.readBack) await r.readBack(fixtures, variables, result);
}

const label = (r: Row) => `${r.mutation} [${r.kind}] ${r.name}`;

/** Runs `rows` against one embedded stack, opened before the file's tests and closed after them. */
export function describeRows(title: string, rows: Row[]): void {
  beforeAll(async () => {
    e2e = await startE2E();
    await fixtures.load();
  }, 60_000);

  afterAll(async () => {
    await e2e?.close();
  });

  describe(title, () => {
    const working = rows.filter((r) => !r.bug);
    const broken = rows.filter((r) => r.bug);
    it.each(working.map((r) => [label(r), r] as const))('%s', async (_name, r) => {
      await runRow(r);
    });
    if (broken.length > 0) {
      it.fails.each(broken.map((r) => [`${label(r)} — BUG: ${r.bug}`, r] as const))(
        '%s',
        async (_name, r) => {
          await runRow(r);
        },
      );
    }
  });
}
