import { describe, expect, it } from 'vitest';
import { restCollection, restOrganization, restSpace } from '../support/fixtures.ts';
import { FakeUpstream, runSchema } from '../support/gateway.ts';
import { globalId } from '../support/ids.ts';

const space = (id: string, extra: Record<string, unknown> = {}) =>
  restSpace(id, {
    comments: 2,
    changeRequests: 5,
    changeRequestsOpen: 3,
    changeRequestsDraft: 1,
    ...extra,
  });

const collection = (id: string) => restCollection(id);

const org = restOrganization('o1', { title: 'Acme', plan: 'free' });

describe('Space', () => {
  it('exposes every field; unknown enum values are UNKNOWN', async () => {
    const up = new FakeUpstream({
      '/spaces/s1': space('s1', {
        visibility: 'galaxy-only',
        editMode: 'locked',
        language: 'pt-br',
        parent: 'c1',
        defaultLevel: 'comment',
        urls: { app: 'a', published: 'p', public: 'u', location: 'l', icon: 'i' },
        gitSync: { repoName: 'docs', url: 'g' },
        visitorAuth: { backend: 'custom' },
        permissions: { view: true, edit: false, merge: true },
      }),
    });
    const result = await runSchema(
      up,
      `{ space(id: "s1") { id title emoji visibility editMode mergeRules language revision defaultLevel
          commentsCount changeRequestsCount changeRequestsOpen changeRequestsDraft visitorAuth deletedAt
          urls { app published public location icon } gitSync { repoName url }
          permissions { view edit merge review } organization { id } parentCollection { id } } }`,
    );
    expect(result.errors).toBeUndefined();
    expect(result.data?.space).toEqual({
      id: globalId('Space', 's1'),
      title: 'Space s1',
      emoji: '📘',
      visibility: 'UNKNOWN',
      editMode: 'LOCKED',
      mergeRules: { type: 'inherit' },
      language: 'pt-br',
      revision: 'r1',
      defaultLevel: 'COMMENT',
      commentsCount: 2,
      changeRequestsCount: 5,
      changeRequestsOpen: 3,
      changeRequestsDraft: 1,
      visitorAuth: { backend: 'custom' },
      deletedAt: null,
      urls: { app: 'a', published: 'p', public: 'u', location: 'l', icon: 'i' },
      gitSync: { repoName: 'docs', url: 'g' },
      permissions: { view: true, edit: false, merge: true, review: null },
      organization: { id: globalId('Organization', 'o1') },
      parentCollection: { id: globalId('Collection', 'c1') },
    });
    expect(up.paths).toEqual(['/spaces/s1']);
  });

  it('shareKey is passed upstream', async () => {
    const up = new FakeUpstream({ '/spaces/s1?shareKey=k+1': space('s1') });
    const result = await runSchema(up, '{ space(id: "s1", shareKey: "k 1") { title } }');
    expect(result.errors).toBeUndefined();
    expect(up.paths).toEqual(['/spaces/s1?shareKey=k+1']);
  });

  it('spaces of an organization load their shared parent collection once, in parallel', async () => {
    const up = new FakeUpstream({
      '/orgs/o1': org,
      '/orgs/o1/spaces?limit=51': {
        count: 3,
        items: [
          space('s1', { parent: 'c1' }),
          space('s2', { parent: 'c1' }),
          space('s3', { parent: 'c2' }),
        ],
      },
      '/collections/c1': collection('c1'),
      '/collections/c2': collection('c2'),
    });
    const result = await runSchema(
      up,
      '{ organization(id: "o1") { spaces { nodes { title parentCollection { title } } } } }',
    );
    expect(result.errors).toBeUndefined();
    expect(result.data?.organization).toEqual({
      spaces: {
        nodes: [
          { title: 'Space s1', parentCollection: { title: 'Collection c1' } },
          { title: 'Space s2', parentCollection: { title: 'Collection c1' } },
          { title: 'Space s3', parentCollection: { title: 'Collection c2' } },
        ],
      },
    });
    expect(up.paths).toEqual(['/orgs/o1/spaces?limit=51', '/collections/c1', '/collections/c2']);
  });

  it('the spaces of a collection reach their parent collection from the loader (no second call)', async () => {
    const up = new FakeUpstream({
      '/collections/c1': collection('c1'),
      '/collections/c1/spaces?limit=51': { count: 1, items: [space('s1', { parent: 'c1' })] },
    });
    const result = await runSchema(
      up,
      `{ collection(id: "c1") { spaces { nodes { id parentCollection { title } } } } }`,
    );
    expect(result.errors).toBeUndefined();
    expect(result.data?.collection).toEqual({
      spaces: {
        nodes: [{ id: globalId('Space', 's1'), parentCollection: { title: 'Collection c1' } }],
      },
    });
    // The list starts from the collection's id; the collection is read once, for its title.
    expect(up.paths).toEqual(['/collections/c1/spaces?limit=51', '/collections/c1']);
  });

  it('space search lists page hits', async () => {
    const hit = { id: 'p1', title: 'Intro', path: 'intro', sections: [], ancestors: [] };
    const up = new FakeUpstream({
      '/spaces/s1': space('s1'),
      '/spaces/s1/search?limit=51&query=intro': { count: 1, items: [hit] },
    });
    const result = await runSchema(
      up,
      '{ space(id: "s1") { search(query: "intro") { totalCount nodes { id title path } } } }',
    );
    expect(result.errors).toBeUndefined();
    expect(result.data?.space).toEqual({
      search: { totalCount: 1, nodes: [{ id: 'p1', title: 'Intro', path: 'intro' }] },
    });
  });
});

describe('Space mutations', () => {
  it('create, update, move, transfer, duplicate and apply template send the REST bodies', async () => {
    const up = new FakeUpstream({
      'POST /orgs/o1/spaces': space('s9'),
      'PATCH /spaces/s9': space('s9', { title: 'T', editMode: 'locked' }),
      'POST /spaces/s9/move': space('s9'),
      'POST /spaces/s9/transfer': space('s9', { organization: 'o2' }),
      'POST /spaces/s9/duplicate': space('s10'),
      'POST /spaces/s9/content/template': undefined,
      '/spaces/s9': space('s9'),
    });
    const result = await runSchema(
      up,
      `mutation {
        create: createSpace(input: { organizationId: "o1", title: "New", emoji: "🚀", visibility: PUBLIC, parent: "${globalId('Collection', 'c1')}" }) {
          ... on SpacePayload { space { id } } }
        update: updateSpace(input: { spaceId: "s9", title: "T", editMode: LOCKED, language: "fr", defaultLevel: null,
          mergeRules: { type: "inherit" } }) { ... on SpacePayload { space { title editMode } } }
        move: moveSpace(input: { spaceId: "s9", parent: "c2", position: { before: { type: "space", id: "s3" } } }) {
          ... on SpacePayload { space { id } } }
        transfer: transferSpace(input: { spaceId: "s9", organizationId: "o2" }) {
          ... on SpacePayload { space { organization { id } } } }
        duplicate: duplicateSpace(input: { spaceId: "s9" }) {
          ... on DuplicateSpacePayload { space { id } source { id } } }
        template: applySpaceTemplate(input: { spaceId: "s9", templateId: "tpl", changeRequestId: "cr1",
          contentRefs: [{ name: "logo", file: "f1", space: "s9" }] }) {
          ... on ApplySpaceTemplatePayload { changeRequestId space { title } } }
      }`,
    );
    expect(result.errors).toBeUndefined();
    expect(result.data).toEqual({
      create: { space: { id: globalId('Space', 's9') } },
      update: { space: { title: 'T', editMode: 'LOCKED' } },
      move: { space: { id: globalId('Space', 's9') } },
      transfer: { space: { organization: { id: globalId('Organization', 'o2') } } },
      duplicate: {
        space: { id: globalId('Space', 's10') },
        source: { id: globalId('Space', 's9') },
      },
      template: { changeRequestId: 'cr1', space: { title: 'Space s9' } },
    });
    expect(up.requests.map((r) => [r.method, r.path, r.body])).toEqual([
      [
        'POST',
        '/orgs/o1/spaces',
        { title: 'New', emoji: '🚀', visibility: 'public', parent: 'c1' },
      ],
      [
        'PATCH',
        '/spaces/s9',
        {
          title: 'T',
          editMode: 'locked',
          language: 'fr',
          defaultLevel: null,
          mergeRules: { type: 'inherit' },
        },
      ],
      [
        'POST',
        '/spaces/s9/move',
        { parent: 'c2', position: { before: { type: 'space', space: 's3' } } },
      ],
      ['POST', '/spaces/s9/transfer', { organization: 'o2' }],
      ['POST', '/spaces/s9/duplicate', undefined],
      [
        'POST',
        '/spaces/s9/content/template',
        {
          id: 'tpl',
          params: { contentRefs: { logo: { kind: 'file', file: 'f1', space: 's9' } } },
          changeRequestId: 'cr1',
        },
      ],
      ['GET', '/spaces/s9', undefined],
    ]);
  });

  it('invalid input is a ValidationError with no upstream call', async () => {
    const up = new FakeUpstream();
    const result = await runSchema(
      up,
      `mutation {
        a: updateSpace(input: { spaceId: "s1", title: "${'x'.repeat(51)}", language: "klingon" }) {
          __typename ... on ValidationError { fieldErrors { path } } }
        b: createSpace(input: { organizationId: "o1", emoji: "${'e'.repeat(51)}" }) { __typename }
        c: updateSpace(input: { spaceId: "s1", mergeRules: { type: "rules" } }) { __typename }
        d: moveSpace(input: { spaceId: "s1", position: { after: { type: "collection", id: "c1" } } }) { __typename }
        e: applySpaceTemplate(input: { spaceId: "s1", templateId: "" }) { __typename }
      }`,
    );
    expect(result.data?.a).toEqual({
      __typename: 'ValidationError',
      fieldErrors: [{ path: ['title'] }, { path: ['language'] }],
    });
    expect(result.data?.b).toEqual({ __typename: 'ValidationError' });
    expect(result.data?.c).toEqual({ __typename: 'ValidationError' });
    expect(result.data?.d).toEqual({ __typename: 'ValidationError' });
    expect(result.data?.e).toEqual({ __typename: 'ValidationError' });
    expect(up.requests).toHaveLength(0);
  });

  it('delete answers the deleted global ID; restore outside the window is a ConflictError', async () => {
    const up = new FakeUpstream({}, (req) => {
      if (req.method === 'DELETE' && req.path === '/spaces/s1') return { status: 204 };
      if (req.method === 'POST' && req.path === '/spaces/s1/restore') {
        return { status: 409, body: { error: { code: 409, message: 'restore window passed' } } };
      }
      return undefined;
    });
    const result = await runSchema(
      up,
      `mutation {
        del: deleteSpace(input: { spaceId: "s1" }) { ... on DeletePayload { deletedId } }
        restore: restoreSpace(input: { spaceId: "s1" }) { __typename ... on ConflictError { message } }
        missing: restoreSpace(input: { spaceId: "s2" }) { __typename }
      }`,
    );
    expect(result.errors).toBeUndefined();
    expect(result.data).toEqual({
      del: { deletedId: globalId('Space', 's1') },
      restore: { __typename: 'ConflictError', message: 'restore window passed' },
      missing: { __typename: 'NotFoundError' },
    });
  });
});
