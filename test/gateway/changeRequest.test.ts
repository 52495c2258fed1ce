import { describe, expect, it } from 'vitest';
import { listPage, restComment, restSpace } from '../support/fixtures.ts';
import { FakeUpstream, runSchema } from '../support/gateway.ts';
import { addressId, globalId } from '../support/ids.ts';

const user = (id: string) => ({ object: 'user', id, displayName: `User ${id}` });

const space = restSpace('s1', { title: 'API', changeRequests: 2, changeRequestsOpen: 2 });

const changeRequest = (id: string, number: number, extra: Record<string, unknown> = {}) => ({
  object: 'change-request',
  id,
  number,
  status: 'open',
  subject: `Change ${number}`,
  createdBy: user(`u${number}`),
  createdAt: '2024-01-01T00:00:00.000Z',
  updatedAt: '2024-01-03T00:00:00.000Z',
  space: 's1',
  revision: `rc${number}`,
  revisionInitial: 'r1',
  comments: 1,
  outdated: false,
  ...extra,
});

const crId = (id: string) => globalId('ChangeRequest', addressId('s1', id));

describe('ChangeRequest reads', () => {
  it('a space with its change requests and their createdBy costs exactly 2 calls', async () => {
    const upstream = new FakeUpstream({
      '/spaces/s1': space,
      '/spaces/s1/change-requests?limit=51': listPage([
        changeRequest('c1', 1),
        changeRequest('c2', 2),
      ]),
    });
    const result = await runSchema(
      upstream,
      `query($id: ID!) { node(id: $id) { ... on Space { title
        changeRequests { totalCount nodes { id number subject status outdated commentsCount
          createdBy { id displayName } space { id } } } } } }`,
      { id: globalId('Space', 's1') },
    );
    expect(result.errors).toBeUndefined();
    const data = result.data as {
      node: { changeRequests: { totalCount: number; nodes: Array<Record<string, unknown>> } };
    };
    expect(data.node.changeRequests.totalCount).toBe(2);
    expect(data.node.changeRequests.nodes[1]).toEqual({
      id: crId('c2'),
      number: 2,
      subject: 'Change 2',
      status: 'OPEN',
      outdated: false,
      commentsCount: 1,
      createdBy: { id: 'u2', displayName: 'User u2' },
      space: { id: globalId('Space', 's1') },
    });
    expect(upstream.paths).toEqual(['/spaces/s1', '/spaces/s1/change-requests?limit=51']);
  });

  it('passes every list filter, with global user ids mapped to REST ids', async () => {
    const upstream = new FakeUpstream({}, (req) =>
      req.path.startsWith('/spaces/s1/change-requests?')
        ? { body: listPage([changeRequest('c1', 1)]) }
        : req.path === '/spaces/s1'
          ? { body: space }
          : undefined,
    );
    const result = await runSchema(
      upstream,
      `query($id: ID!, $u: ID!) { node(id: $id) { ... on Space {
        changeRequests(first: 5, status: ARCHIVED, creator: $u, contributor: "u2",
          requestedReviewer: "u3", conversationsIssuesCluster: "k1", orderBy: CREATED_AT) {
          nodes { number } } } } }`,
      { id: globalId('Space', 's1'), u: globalId('User', 'u1') },
    );
    expect(result.errors).toBeUndefined();
    // node(id) is a lookup: the space is not read, its change requests are listed from its id.
    expect(upstream.paths).toEqual([
      '/spaces/s1/change-requests?contributor=u2&conversationsIssuesCluster=k1&creator=u1&limit=6&orderBy=createdAt&requestedReviewer=u3&status=archived',
    ]);
  });

  it('node(id) of a change request costs one call; aliased duplicates cost one', async () => {
    const upstream = new FakeUpstream({ '/spaces/s1/change-requests/c1': changeRequest('c1', 1) });
    const result = await runSchema(
      upstream,
      `query($id: ID!) { a: node(id: $id) { ... on ChangeRequest { subject } }
        b: node(id: $id) { ... on ChangeRequest { number } }
        c: changeRequest(spaceId: "s1", idOrNumber: "c1") { revision } }`,
      { id: crId('c1') },
    );
    expect(result.errors).toBeUndefined();
    expect(result.data).toEqual({
      a: { subject: 'Change 1' },
      b: { number: 1 },
      c: { revision: 'rc1' },
    });
    expect(upstream.paths).toEqual(['/spaces/s1/change-requests/c1']);
  });

  it('a change request’s content, comments and pdf start from its ID: the request is not read', async () => {
    const upstream = new FakeUpstream({
      '/spaces/s1/change-requests/c1/content/pages': { pages: [] },
      '/spaces/s1/change-requests/c1/content/files?limit=51': listPage([]),
      '/spaces/s1/change-requests/c1/comments?limit=51': listPage([]),
      '/spaces/s1/change-requests/c1/pdf': { url: 'https://pdf/1' },
    });
    const result = await runSchema(
      upstream,
      `query($id: ID!) { changeRequest(spaceId: "s1", idOrNumber: $id) { id
        pages { title } files { totalCount } comments { totalCount } pdf } }`,
      { id: crId('c1') },
    );
    expect(result.errors).toBeUndefined();
    expect(result.data).toEqual({
      changeRequest: {
        id: crId('c1'),
        pages: [],
        files: { totalCount: 0 },
        comments: { totalCount: 0 },
        pdf: 'https://pdf/1',
      },
    });
    expect(upstream.paths.sort()).toEqual([
      '/spaces/s1/change-requests/c1/comments?limit=51',
      '/spaces/s1/change-requests/c1/content/files?limit=51',
      '/spaces/s1/change-requests/c1/content/pages',
      '/spaces/s1/change-requests/c1/pdf',
    ]);
  });

  it('a change request read by number is primed under its id', async () => {
    const upstream = new FakeUpstream({ '/spaces/s1/change-requests/7': changeRequest('c7', 7) });
    const result = await runSchema(
      upstream,
      `{ changeRequest(spaceId: "s1", idOrNumber: "7") { id number
        content: space { id } } }`,
    );
    expect(result.errors).toBeUndefined();
    expect(result.data).toEqual({
      changeRequest: { id: crId('c7'), number: 7, content: { id: globalId('Space', 's1') } },
    });
    expect(upstream.paths).toEqual(['/spaces/s1/change-requests/7']);
  });

  it('named by number, the objects under it are read at its number path and show its id', async () => {
    const upstream = new FakeUpstream({
      '/spaces/s1/change-requests/7': changeRequest('c7', 7),
      '/spaces/s1/change-requests/7/comments?limit=51': listPage([
        { ...restComment('k1', { markdown: 'Hi' }), target: { space: 's1', changeRequest: 'c7' } },
      ]),
      '/spaces/s1/change-requests/7/content/pages': {
        pages: [{ id: 'p1', title: 'P', type: 'document' }],
      },
      '/spaces/s1/change-requests/7/pdf': { url: 'https://pdf/7' },
    });
    const result = await runSchema(
      upstream,
      `{ changeRequest(spaceId: "s1", idOrNumber: "7") { pdf pages { id changeRequest { id } }
        comments { nodes { id target { changeRequest { id subject } } } } } }`,
    );
    expect(result.errors).toBeUndefined();
    expect(result.data).toEqual({
      changeRequest: {
        pdf: 'https://pdf/7',
        pages: [
          { id: globalId('Page', addressId('s1', 'c7', 'p1')), changeRequest: { id: crId('c7') } },
        ],
        comments: {
          nodes: [
            {
              id: globalId('Comment', addressId('s1', 'c7', 'k1')),
              target: { changeRequest: { id: crId('c7'), subject: 'Change 7' } },
            },
          ],
        },
      },
    });
    // One read of the request, by number; a later read of it by id finds it primed.
    expect(upstream.paths.sort()).toEqual([
      '/spaces/s1/change-requests/7',
      '/spaces/s1/change-requests/7/comments?limit=51',
      '/spaces/s1/change-requests/7/content/pages',
      '/spaces/s1/change-requests/7/pdf',
    ]);
  });

  it('named by digits that are its id, it shows that id', async () => {
    const upstream = new FakeUpstream({
      '/spaces/s1/change-requests/42': changeRequest('42', 3),
      '/spaces/s1/change-requests/42/comments?limit=51': listPage([]),
    });
    const result = await runSchema(
      upstream,
      '{ changeRequest(spaceId: "s1", idOrNumber: "42") { id comments { totalCount } } }',
    );
    expect(result.errors).toBeUndefined();
    expect(result.data).toEqual({ changeRequest: { id: crId('42'), comments: { totalCount: 0 } } });
    expect(upstream.paths).toHaveLength(2);
  });

  it('named by number, takes a page of its own by global ID, and refuses another’s', async () => {
    const upstream = new FakeUpstream({
      '/spaces/s1/change-requests/7': changeRequest('c7', 7),
      '/spaces/s1/change-requests/7/content/page/p1': { id: 'p1', title: 'Mine', type: 'document' },
    });
    const page = (cr: string) => globalId('Page', addressId('s1', cr, 'p1'));
    const result = await runSchema(
      upstream,
      `query($mine: ID!, $other: ID!, $main: ID!) {
        changeRequest(spaceId: "s1", idOrNumber: "7") {
          mine: page(id: $mine) { id title } other: page(id: $other) { title }
          main: page(id: $main) { title } } }`,
      { mine: page('c7'), other: page('c8'), main: globalId('Page', addressId('s1', 'p1')) },
    );
    expect(result.data).toEqual({
      changeRequest: { mine: { id: page('c7'), title: 'Mine' }, other: null, main: null },
    });
    expect(result.errors?.map((e) => [e.path?.join('.'), e.extensions?.code]).sort()).toEqual([
      ['changeRequest.main', 'BAD_USER_INPUT'],
      ['changeRequest.other', 'BAD_USER_INPUT'],
    ]);
    // The page is read at the request's number path, once the number's id is known.
    expect(upstream.paths).toEqual([
      '/spaces/s1/change-requests/7',
      '/spaces/s1/change-requests/7/content/page/p1',
    ]);
  });

  it('reads the pdf url and the content revision of a change request', async () => {
    const upstream = new FakeUpstream({
      '/spaces/s1/change-requests/c1': changeRequest('c1', 1),
      '/spaces/s1/change-requests/c1/pdf?only=true&page=p1': { url: 'https://pdf/1' },
      '/spaces/s1/change-requests/c1/content': {
        object: 'revision',
        id: 'rc1',
        parents: ['r1'],
        pages: [],
        files: [],
        reusableContents: [],
        variables: {},
        createdAt: '2024-01-01T00:00:00.000Z',
        type: 'edits',
      },
    });
    const result = await runSchema(
      upstream,
      `query($id: ID!, $p: ID!) { node(id: $id) { ... on ChangeRequest {
        pdf(only: true, page: $p) content { id parents type } } } }`,
      { id: crId('c1'), p: globalId('Page', addressId('s1', 'c1', 'p1')) },
    );
    expect(result.errors).toBeUndefined();
    expect(result.data).toEqual({
      node: { pdf: 'https://pdf/1', content: { id: 'rc1', parents: ['r1'], type: 'EDITS' } },
    });
  });

  it('maps an upstream status outside the known list to UNKNOWN', async () => {
    const upstream = new FakeUpstream({
      '/spaces/s1/change-requests/c1': changeRequest('c1', 1, { status: 'in-review' }),
    });
    const result = await runSchema(
      upstream,
      `query($id: ID!) { node(id: $id) { ... on ChangeRequest { status } } }`,
      { id: crId('c1') },
    );
    expect(result.data).toEqual({ node: { status: 'UNKNOWN' } });
  });
});

describe('ChangeRequest mutations', () => {
  it('an over-long subject is a ValidationError and costs the upstream nothing', async () => {
    const upstream = new FakeUpstream();
    const result = await runSchema(
      upstream,
      `mutation($input: UpdateChangeRequestInput!) { updateChangeRequest(input: $input) {
        __typename ... on ValidationError { message fieldErrors { path message } } } }`,
      { input: { changeRequestId: crId('c1'), subject: 'x'.repeat(101) } },
    );
    expect(result.errors).toBeUndefined();
    expect(result.data).toEqual({
      updateChangeRequest: {
        __typename: 'ValidationError',
        message: 'subject: at most 100 characters',
        fieldErrors: [{ path: ['subject'], message: 'at most 100 characters' }],
      },
    });
    expect(upstream.requests).toHaveLength(0);
  });

  it('a REST change request id without spaceId is a ValidationError', async () => {
    const upstream = new FakeUpstream();
    const result = await runSchema(
      upstream,
      `mutation { archiveChangeRequest(input: { changeRequestId: "c1" }) {
        __typename ... on ValidationError { fieldErrors { path } } } }`,
    );
    expect(result.data).toEqual({
      archiveChangeRequest: { __typename: 'ValidationError', fieldErrors: [{ path: ['spaceId'] }] },
    });
    expect(upstream.requests).toHaveLength(0);
  });

  it('archive PATCHes the status and the payload shows the new state', async () => {
    const upstream = new FakeUpstream({
      'PATCH /spaces/s1/change-requests/c1': changeRequest('c1', 1, { status: 'archived' }),
    });
    const result = await runSchema(
      upstream,
      `mutation { archiveChangeRequest(input: { changeRequestId: "c1", spaceId: "s1" }) {
        __typename ... on ChangeRequestPayload { changeRequest { id status } } } }`,
    );
    expect(result.data).toEqual({
      archiveChangeRequest: {
        __typename: 'ChangeRequestPayload',
        changeRequest: { id: crId('c1'), status: 'ARCHIVED' },
      },
    });
    expect(upstream.requests.map((r) => [r.method, r.path, r.body])).toEqual([
      ['PATCH', '/spaces/s1/change-requests/c1', { status: 'archived' }],
    ]);
  });

  it('merge returns the change request and its space read after the write', async () => {
    let merged = false;
    const upstream = new FakeUpstream({}, (req) => {
      if (req.method === 'POST' && req.path === '/spaces/s1/change-requests/c1/merge') {
        merged = true;
        return { body: { revision: 'r2', result: 'merge' } };
      }
      if (req.path === '/spaces/s1/change-requests/c1') {
        return {
          body: changeRequest('c1', 1, merged ? { status: 'merged', revisionMerged: 'r2' } : {}),
        };
      }
      if (req.path === '/spaces/s1') return { body: { ...space, revision: merged ? 'r2' : 'r1' } };
      return undefined;
    });
    const result = await runSchema(
      upstream,
      `mutation($id: ID!) { mergeChangeRequest(input: { changeRequestId: $id }) {
        ... on ChangeRequestRevisionPayload { revision result
          changeRequest { status revisionMerged } space { title } } } }`,
      { id: crId('c1') },
    );
    expect(result.errors).toBeUndefined();
    expect(result.data).toEqual({
      mergeChangeRequest: {
        revision: 'r2',
        result: 'merge',
        changeRequest: { status: 'MERGED', revisionMerged: 'r2' },
        space: { title: 'API' },
      },
    });
    expect(upstream.paths).toEqual([
      'POST /spaces/s1/change-requests/c1/merge',
      '/spaces/s1/change-requests/c1',
      '/spaces/s1',
    ]);
  });

  it('an upstream 409 is a ConflictError; a 404 a NotFoundError; a 403 a ForbiddenError', async () => {
    const status: Record<string, number> = { c1: 409, c2: 404, c3: 403 };
    const upstream = new FakeUpstream({}, (req) => {
      const id = /change-requests\/(c\d)\/merge$/.exec(req.path)?.[1];
      return id
        ? { status: status[id] ?? 500, body: { error: { code: status[id], message: 'no' } } }
        : undefined;
    });
    const result = await runSchema(
      upstream,
      `mutation {
        a: mergeChangeRequest(input: { changeRequestId: "c1", spaceId: "s1" }) { __typename }
        b: mergeChangeRequest(input: { changeRequestId: "c2", spaceId: "s1" }) { __typename }
        c: mergeChangeRequest(input: { changeRequestId: "c3", spaceId: "s1" }) { __typename } }`,
    );
    expect(result.data).toEqual({
      a: { __typename: 'ConflictError' },
      b: { __typename: 'NotFoundError' },
      c: { __typename: 'ForbiddenError' },
    });
  });

  it('create sends the subject and the template with file references as REST ids', async () => {
    const upstream = new FakeUpstream({
      'POST /spaces/s1/change-requests': changeRequest('c9', 9, { status: 'draft' }),
    });
    const result = await runSchema(
      upstream,
      `mutation($s: ID!, $f: ID!) { createChangeRequest(input: { spaceId: $s, subject: "New",
        template: { id: "faq", contentRefs: [{ name: "logo", file: $f }] } }) {
        ... on ChangeRequestPayload { changeRequest { number status } } } }`,
      { s: globalId('Space', 's1'), f: globalId('File', addressId('s1', 'f1')) },
    );
    expect(result.data).toEqual({
      createChangeRequest: { changeRequest: { number: 9, status: 'DRAFT' } },
    });
    expect(upstream.requests[0]?.body).toEqual({
      subject: 'New',
      template: { id: 'faq', params: { contentRefs: { logo: { kind: 'file', file: 'f1' } } } },
    });
  });
});
