import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChangeRequestChangesDocument } from '../../src/client/index.ts';
import { type E2EStack, startE2E } from '../support/gateway.ts';
import { graphHelpers, httpCalls, upstreamCount } from '../support/graph.ts';

let e2e: E2EStack;
const spaces: Record<string, { id: string; editMode: string }> = {};
let orgId: string;

const { send: gql, ok } = graphHelpers(() => e2e);

beforeAll(async () => {
  e2e = await startE2E();
  const data = await ok<{
    organizations: {
      nodes: Array<{
        id: string;
        title: string;
        spaces: { nodes: Array<{ id: string; title: string; editMode: string }> };
      }>;
    };
  }>(`{ organizations { nodes { id title spaces(first: 100) { nodes { id title editMode } } } } }`);
  const acme = data.organizations.nodes.find((o) => o.title === 'Acme Docs');
  if (!acme) throw new Error('no demo organization');
  orgId = acme.id;
  for (const s of acme.spaces.nodes) spaces[s.title] = { id: s.id, editMode: s.editMode };
}, 60_000);
afterAll(() => e2e.close());

const CR_FIELDS = `id number status subject description createdAt updatedAt revision revisionInitial
  revisionMergedAncestor revisionMerged commentsCount outdated conversationsIssuesCluster
  requestedReviewers { id } urls { app location } permissions { view edit merge comment }
  createdBy { id displayName } space { id title }`;

type Cr = {
  id: string;
  number: number;
  status: string;
  subject: string;
  revision: string;
  space: { id: string; title: string };
};

async function createCr(
  spaceId: string,
  subject: string,
  as: 'admin' | 'edit' = 'edit',
): Promise<Cr> {
  const data = await ok<{ createChangeRequest: { __typename: string; changeRequest: Cr } }>(
    `mutation($input: CreateChangeRequestInput!) { createChangeRequest(input: $input) {
      __typename ... on ChangeRequestPayload { changeRequest { ${CR_FIELDS} } } } }`,
    { input: { spaceId, subject } },
    as,
  );
  expect(data.createChangeRequest.__typename).toBe('ChangeRequestPayload');
  return data.createChangeRequest.changeRequest;
}

describe('change request reads', () => {
  it('lists a space’s change requests with every field and every filter', async () => {
    const space = spaces['Getting Started'];
    const data = await ok<{
      node: {
        changeRequests: { totalCount: number; nodes: Cr[] };
        all: { nodes: Array<{ status: string }> };
      };
    }>(
      `query($id: ID!) { node(id: $id) { ... on Space {
        changeRequests(first: 10) { totalCount nodes { ${CR_FIELDS} } }
        all: changeRequests(status: MERGED, orderBy: CREATED_AT) { nodes { status } } } } }`,
      { id: space?.id },
    );
    expect(data.node.changeRequests.totalCount).toBeGreaterThan(0);
    for (const cr of data.node.changeRequests.nodes) {
      expect(cr.status).toBe('OPEN');
      expect(cr.space.id).toBe(space?.id);
    }
    for (const cr of data.node.all.nodes) expect(cr.status).toBe('MERGED');
  });

  it('filters by creator, and reads one request by number, by root field and by node id', async () => {
    const space = spaces['Getting Started'];
    const list = await ok<{
      node: { changeRequests: { nodes: Array<Cr & { createdBy: { id: string } }> } };
    }>(
      `query($id: ID!) { node(id: $id) { ... on Space { changeRequests { nodes { id number createdBy { id } } } } } }`,
      { id: space?.id },
    );
    const first = list.node.changeRequests.nodes[0];
    if (!first) throw new Error('no change request');
    const data = await ok<
      Record<
        string,
        {
          id: string;
          number?: number;
          changeRequests?: { nodes: Array<{ createdBy: { id: string } }> };
        } | null
      >
    >(
      `query($space: ID!, $cr: ID!, $n: String!, $creator: ID!) {
        bySpace: node(id: $space) { id ... on Space { changeRequest(idOrNumber: $n) { id number } } }
        root: changeRequest(spaceId: $space, idOrNumber: $n) { id number }
        node(id: $cr) { id ... on ChangeRequest { number } }
        filtered: node(id: $space) { ... on Space { changeRequests(creator: $creator) { nodes { createdBy { id } } } } } }`,
      { space: space?.id, cr: first.id, n: String(first.number), creator: first.createdBy.id },
    );
    expect(data.root).toEqual({ id: first.id, number: first.number });
    expect(data.node).toEqual({ id: first.id, number: first.number });
    expect((data.bySpace as unknown as { changeRequest: unknown }).changeRequest).toEqual({
      id: first.id,
      number: first.number,
    });
    const filtered = data.filtered?.changeRequests?.nodes ?? [];
    expect(filtered.length).toBeGreaterThan(0);
    for (const cr of filtered) expect(cr.createdBy.id).toBe(first.createdBy.id);
  });

  it('reads the organization’s change requests, a request’s content, pages, files and pdf', async () => {
    const data = await ok<{
      node: {
        changeRequests: {
          totalCount: number;
          nodes: Array<{
            id: string;
            pdf: string;
            content: { id: string; pages: Array<{ id: string; title: string }> };
            pages: Array<{ id: string }>;
            files: { totalCount: number };
          }>;
        };
      };
    }>(
      `query($org: ID!) { node(id: $org) { ... on Organization { changeRequests(first: 2, status: OPEN) {
        totalCount nodes { id pdf content { id type pages { id title } files { id } } pages { id title changeRequest { id } }
          files(first: 1) { totalCount nodes { id name changeRequest { id } } } } } } } }`,
      { org: orgId },
    );
    expect(data.node.changeRequests.totalCount).toBeGreaterThan(0);
    const cr = data.node.changeRequests.nodes[0];
    expect(cr?.pdf).toMatch(/^https?:\/\//);
    expect(cr?.content.pages.length).toBeGreaterThan(0);
    expect(cr?.pages.map((p) => p.id)).toEqual(cr?.content.pages.map((p) => p.id));
    const pageId = cr?.pages[0]?.id;
    const page = await ok<{ node: { title: string; changeRequest: { id: string } } }>(
      `query($id: ID!) { node(id: $id) { ... on Page { title changeRequest { id } } } }`,
      { id: pageId },
    );
    expect(page.node.changeRequest.id).toBe(cr?.id);
  });
});

describe('change request diff', () => {
  it('the example’s diff query reads each page once per revision', async () => {
    const space = spaces['Getting Started'];
    const list = await ok<{ node: { changeRequests: { nodes: Array<{ number: number }> } } }>(
      `query($id: ID!) { node(id: $id) { ... on Space { changeRequests(first: 1) { nodes { number } } } } }`,
      { id: space?.id },
    );
    const cr = list.node.changeRequests.nodes[0];
    if (!cr) throw new Error('no change request');
    const { body } = await e2e.gql(
      ChangeRequestChangesDocument.toString(),
      { spaceId: space?.id, idOrNumber: String(cr.number) },
      { debug: true },
    );
    expect(body.errors).toBeUndefined();
    const { diff } = (
      body.data as {
        changeRequest: {
          diff: { basis: string; outdated: boolean; pages: Array<{ kind: string }> };
        };
      }
    ).changeRequest;
    expect(diff.basis).toBe('BASE');
    expect(diff.pages.length).toBeGreaterThan(0);
    const calls = httpCalls(body).map((c) => c.path);
    // No path twice; the request (read by number), the two trees, then one read per page of
    // each revision (link and group pages have no text to read).
    expect(new Set(calls).size).toBe(calls.length);
    const reads = (pattern: RegExp) => calls.filter((path) => pattern.test(path));
    const proposed = reads(/^\/spaces\/[^/]+\/change-requests\/[^/]+\/content\/page\//);
    const revisions = reads(/^\/spaces\/[^/]+\/revisions\/[^/]+\/page\//);
    expect(proposed.length).toBeGreaterThan(0);
    expect(revisions.length).toBeGreaterThan(0);
    // What main changed since is read only when main moved on: the space (its active revision),
    // that revision's tree and its pages. Main's live content is never read.
    expect(reads(/^\/spaces\/[^/]+\/content\//)).toEqual([]);
    expect(new Set(revisions.map((path) => path.split('/')[4])).size).toBe(diff.outdated ? 2 : 1);
    const mainReads = diff.outdated ? 2 : 0;
    expect(calls).toHaveLength(3 + mainReads + proposed.length + revisions.length);
  });
});

describe('change request mutations', () => {
  it('create, update, mark ready, archive and reopen; the state reads back', async () => {
    const space = spaces['Installation Guide'];
    const cr = await createCr(space?.id as string, 'Gateway test');
    expect(cr.subject).toBe('Gateway test');
    const update = await ok<{
      updateChangeRequest: { changeRequest: { subject: string; description: unknown } };
    }>(
      `mutation($id: ID!) { updateChangeRequest(input: { changeRequestId: $id, subject: "Renamed",
        description: { object: "document", nodes: [] } }) {
        ... on ChangeRequestPayload { changeRequest { subject description } } } }`,
      { id: cr.id },
      'edit',
    );
    expect(update.updateChangeRequest.changeRequest.subject).toBe('Renamed');
    for (const [mutation, status] of [
      ['updateChangeRequest', 'DRAFT'],
      ['markChangeRequestReady', 'OPEN'],
      ['archiveChangeRequest', 'ARCHIVED'],
      ['reopenChangeRequest', 'OPEN'],
    ] as const) {
      const input = mutation === 'updateChangeRequest' ? ', status: DRAFT' : '';
      const moved = await ok<Record<string, { changeRequest: { status: string } }>>(
        `mutation($id: ID!) { m: ${mutation}(input: { changeRequestId: $id${input} }) {
          ... on ChangeRequestPayload { changeRequest { status } } } }`,
        { id: cr.id },
        'edit',
      );
      expect(moved.m?.changeRequest.status).toBe(status);
      const read = await ok<{ node: { status: string } }>(
        `query($id: ID!) { node(id: $id) { ... on ChangeRequest { status } } }`,
        { id: cr.id },
      );
      expect(read.node.status).toBe(status);
    }
  });

  it('merge returns the merged request and its space; merging again is a ConflictError', async () => {
    const space = spaces['Configuration Reference'];
    const cr = await createCr(space?.id as string, 'To merge');
    const before = await ok<{ node: { content: { id: string } } }>(
      `query($id: ID!) { node(id: $id) { ... on Space { content { id } } } }`,
      { id: space?.id },
    );
    const merged = await ok<{
      mergeChangeRequest: {
        __typename: string;
        revision: string;
        result: string;
        changeRequest: { status: string; revisionMerged: string };
        space: { id: string; content: { id: string; type: string } };
      };
    }>(
      `mutation($id: ID!) { mergeChangeRequest(input: { changeRequestId: $id }) { __typename
        ... on ChangeRequestRevisionPayload { revision result changeRequest { status revisionMerged }
          space { id content { id type } } } } }`,
      { id: cr.id },
      'review',
    );
    expect(merged.mergeChangeRequest).toMatchObject({
      __typename: 'ChangeRequestRevisionPayload',
      result: 'merge',
      changeRequest: { status: 'MERGED', revisionMerged: merged.mergeChangeRequest.revision },
      space: { id: space?.id, content: { id: merged.mergeChangeRequest.revision, type: 'MERGE' } },
    });
    expect(merged.mergeChangeRequest.revision).not.toBe(before.node.content.id);
    const again = await gql(
      `mutation($id: ID!) { mergeChangeRequest(input: { changeRequestId: $id }) { __typename ... on Error { message } } }`,
      { id: cr.id },
    );
    expect(again.data).toMatchObject({ mergeChangeRequest: { __typename: 'ConflictError' } });
  });

  it('merging an archived request is a ConflictError; update from main gives a new revision', async () => {
    const space = spaces['Installation Guide'];
    const cr = await createCr(space?.id as string, 'To archive');
    const updated = await ok<{
      updateChangeRequestFromMain: {
        revision: string;
        result: string;
        changeRequest: { revision: string; revisionMergedAncestor: string | null };
      };
    }>(
      `mutation($id: ID!) { updateChangeRequestFromMain(input: { changeRequestId: $id }) {
        ... on ChangeRequestRevisionPayload { revision result changeRequest { revision revisionMergedAncestor } } } }`,
      { id: cr.id },
      'edit',
    );
    expect(updated.updateChangeRequestFromMain.result).toBe('update');
    expect(updated.updateChangeRequestFromMain.changeRequest.revision).toBe(
      updated.updateChangeRequestFromMain.revision,
    );
    expect(updated.updateChangeRequestFromMain.changeRequest.revisionMergedAncestor).not.toBeNull();
    await ok(
      `mutation($id: ID!) { archiveChangeRequest(input: { changeRequestId: $id }) { __typename } }`,
      { id: cr.id },
      'edit',
    );
    const merge = await gql(
      `mutation($id: ID!) { mergeChangeRequest(input: { changeRequestId: $id }) { __typename } }`,
      { id: cr.id },
    );
    expect(merge.data).toEqual({ mergeChangeRequest: { __typename: 'ConflictError' } });
  });

  it('creating in a locked space is a ConflictError', async () => {
    const locked = Object.values(spaces).find((s) => s.editMode === 'LOCKED');
    expect(locked).toEqual({ id: spaces['Release Notes']?.id, editMode: 'LOCKED' });
    const body = await gql(
      `mutation($s: ID!) { createChangeRequest(input: { spaceId: $s, subject: "x" }) { __typename } }`,
      { s: locked?.id },
    );
    expect(body.data).toEqual({ createChangeRequest: { __typename: 'ConflictError' } });
  });

  it('invalid input is a ValidationError with zero upstream calls', async () => {
    const space = spaces['Installation Guide'];
    const cases: Array<[string, string, Record<string, unknown>]> = [
      [
        '$s: ID!, $v: String',
        'createChangeRequest(input: { spaceId: $s, subject: $v })',
        { s: space?.id, v: 'x'.repeat(101) },
      ],
      [
        '$s: ID!, $v: String',
        'updateChangeRequest(input: { changeRequestId: "1", spaceId: $s, subject: $v })',
        { s: space?.id, v: 'x'.repeat(101) },
      ],
      [
        '$s: ID!, $v: JSON',
        'updateChangeRequest(input: { changeRequestId: "1", spaceId: $s, description: $v })',
        { s: space?.id, v: 'not a document' },
      ],
      ['$v: ID!', 'archiveChangeRequest(input: { changeRequestId: $v })', { v: '1' }],
      ['$v: ID!', 'reopenChangeRequest(input: { changeRequestId: $v })', { v: '1' }],
      ['$v: ID!', 'markChangeRequestReady(input: { changeRequestId: $v })', { v: '1' }],
      ['$v: ID!', 'mergeChangeRequest(input: { changeRequestId: $v })', { v: '1' }],
      ['$v: ID!', 'updateChangeRequestFromMain(input: { changeRequestId: $v })', { v: '1' }],
    ];
    for (const [vars, field, variables] of cases) {
      const body = await gql(`mutation(${vars}) { m: ${field} { __typename } }`, variables, {
        debug: true,
      });
      expect(body.data, field).toEqual({ m: { __typename: 'ValidationError' } });
      expect(upstreamCount(body), field).toBe(0);
    }
  });

  it('a missing request is a NotFoundError; a reader is a ForbiddenError', async () => {
    const space = spaces['Installation Guide'];
    const missing = await gql(
      `mutation($s: ID!) {
        a: updateChangeRequest(input: { changeRequestId: "nope", spaceId: $s, subject: "x" }) { __typename }
        b: mergeChangeRequest(input: { changeRequestId: "nope", spaceId: $s }) { __typename }
        c: archiveChangeRequest(input: { changeRequestId: "nope", spaceId: $s }) { __typename }
        d: updateChangeRequestFromMain(input: { changeRequestId: "nope", spaceId: $s }) { __typename }
        e: createChangeRequest(input: { spaceId: "nope" }) { __typename } }`,
      { s: space?.id },
    );
    expect(missing.data).toEqual({
      a: { __typename: 'NotFoundError' },
      b: { __typename: 'NotFoundError' },
      c: { __typename: 'NotFoundError' },
      d: { __typename: 'NotFoundError' },
      e: { __typename: 'NotFoundError' },
    });
    const cr = await createCr(space?.id as string, 'Forbidden checks');
    const forbidden = await gql(
      `mutation($s: ID!, $cr: ID!) {
        a: createChangeRequest(input: { spaceId: $s }) { __typename }
        b: updateChangeRequest(input: { changeRequestId: $cr, subject: "x" }) { __typename }
        c: reopenChangeRequest(input: { changeRequestId: $cr }) { __typename }
        d: markChangeRequestReady(input: { changeRequestId: $cr }) { __typename }
        e: archiveChangeRequest(input: { changeRequestId: $cr }) { __typename }
        f: updateChangeRequestFromMain(input: { changeRequestId: $cr }) { __typename }
        g: mergeChangeRequest(input: { changeRequestId: $cr }) { __typename } }`,
      { s: space?.id, cr: cr.id },
      { as: 'read' },
    );
    expect(Object.values(forbidden.data ?? {})).toEqual(
      Array(7).fill({ __typename: 'ForbiddenError' }),
    );
  });
});
