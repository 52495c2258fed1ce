import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '../../src/workspace/clock.ts';
import { type E2EStack, startE2E } from '../support/gateway.ts';
import { type Data, graphHelpers, organizationIds } from '../support/graph.ts';
import { localIdOf } from '../support/ids.ts';

let e2e: E2EStack;
let acme: string;
let globex: string;

type Node = { id: string; title: string };

const { ok, typed } = graphHelpers(() => e2e);

async function spaces(): Promise<Array<Node & Data>> {
  const data = await ok(
    'query($id: ID!) { organization(id: $id) { spaces(first: 1000) { nodes { id title } } } }',
    { id: acme },
  );
  return (data.organization as { spaces: { nodes: Array<Node & Data> } }).spaces.nodes;
}

const byTitle = async (title: string) => (await spaces()).find((s) => s.title === title) as Node;

/** REST id of a global ID. */
const restId = (id: string) => localIdOf(id, 'Space');

beforeAll(async () => {
  e2e = await startE2E();
  const orgs = await organizationIds(e2e);
  acme = orgs['Acme Docs'] as string;
  globex = orgs['Globex Handbook'] as string;
});

afterAll(async () => {
  await e2e?.close();
});

describe('space reads', () => {
  it('reads every field of a space, its organization and parent collection', async () => {
    const started = await byTitle('Getting Started');
    const data = await ok(
      `query($id: ID!) { space(id: $id) { id title emoji visibility createdAt updatedAt deletedAt editMode
        mergeRules language visitorAuth revision defaultLevel commentsCount changeRequestsCount
        changeRequestsOpen changeRequestsDraft
        urls { location app published public icon } gitSync { repoName installationProvider integration url updatedAt }
        permissions { view access admin viewInviteLinks edit triggerGitSync comment merge review installIntegration }
        organization { id title } parentCollection { title parent { title } } } }`,
      { id: started.id },
    );
    expect(data.space).toMatchObject({
      id: started.id,
      title: 'Getting Started',
      emoji: '🚀',
      visibility: 'PUBLIC',
      deletedAt: null,
      mergeRules: { type: expect.any(String) },
      revision: expect.any(String),
      organization: { id: acme, title: 'Acme Docs' },
      parentCollection: { title: 'Guides', parent: { title: 'Product' } },
      permissions: { view: true, admin: true },
    });
    const locked = await ok('query($id: ID!) { space(id: $id) { editMode } }', {
      id: (await byTitle('Release Notes')).id,
    });
    expect(locked.space).toEqual({ editMode: 'LOCKED' });
    const es = await ok('query($id: ID!) { space(id: $id) { language } }', {
      id: (await byTitle('Guía de inicio')).id,
    });
    expect(es.space).toEqual({ language: 'es' });
  });

  it('a share-link space resolves its published URL with the share key', async () => {
    const partner = await byTitle('Partner Portal');
    // The published URL is the one of the site that publishes the space, if any.
    const db = e2e.stack.ws.db;
    const site = db
      .prepare(
        `SELECT s.share_key FROM site_spaces ss JOIN sites s ON s.id = ss.site_id
         WHERE ss.space_id = ? AND s.published = 1 ORDER BY s.created_at, s.id LIMIT 1`,
      )
      .get(restId(partner.id)) as { share_key: string } | undefined;
    const own = db.prepare('SELECT share_key FROM spaces WHERE id = ?').get(restId(partner.id)) as {
      share_key: string;
    };
    const key = site?.share_key ?? own.share_key;
    const query =
      'query($id: ID!, $key: String) { space(id: $id, shareKey: $key) { visibility urls { published } } }';
    const withKey = await ok(query, { id: partner.id, key }, 'read');
    expect(withKey.space).toMatchObject({ visibility: 'SHARE_LINK' });
    const published = (withKey.space as { urls: { published: string } }).urls.published;
    expect(published).toContain(encodeURIComponent(key));
    const withoutKey = await ok(query, { id: partner.id }, 'read');
    expect(JSON.stringify(withoutKey)).not.toContain(encodeURIComponent(key));
  });

  it('an organization lists its spaces; nested organization and collections load once each', async () => {
    const { body } = await e2e.gql(
      `query($id: ID!) { organization(id: $id) { spaces(first: 1000) { totalCount nodes { title
        organization { title } parentCollection { title } } } } }`,
      { id: acme },
      { debug: true },
    );
    expect(body.errors).toBeUndefined();
    const data = body.data as { organization: { spaces: { totalCount: number; nodes: Data[] } } };
    const list = data.organization.spaces;
    expect(list.totalCount).toBeGreaterThanOrEqual(30);
    expect(list.nodes).toHaveLength(list.totalCount);
    const extensions = body.extensions as { upstream: Array<{ path: string; loader: boolean }> };
    const calls = extensions.upstream.filter((c) => !c.loader);
    // The organization, its spaces, then each distinct parent collection once.
    const collectionCalls = calls.filter((c) => c.path.startsWith('/collections/'));
    expect(new Set(collectionCalls.map((c) => c.path)).size).toBe(collectionCalls.length);
    expect(collectionCalls.length).toBe(7);
    expect(calls).toHaveLength(2 + collectionCalls.length);
  });

  it('space search lists page hits; node(id) of a space costs one call', async () => {
    const started = await byTitle('Getting Started');
    const data = await ok(
      `query($id: ID!) { space(id: $id) { search(query: "install", first: 5) { totalCount
        nodes { id title path sections { title body } ancestors { title } urls { app } } } } }`,
      { id: started.id },
    );
    const search = (data.space as { search: { totalCount: number; nodes: Data[] } }).search;
    expect(search.totalCount).toBeGreaterThanOrEqual(search.nodes.length);
    const { body } = await e2e.gql(
      'query($id: ID!) { node(id: $id) { ... on Space { title } } }',
      { id: started.id },
      { debug: true },
    );
    expect(body.data).toEqual({ node: { title: 'Getting Started' } });
    expect(body.extensions?.upstream).toHaveLength(1);
  });

  it('pages exactly across REST pages while spaces are inserted between requests', async () => {
    const before = (await spaces()).map((s) => s.id);
    const seen: string[] = [];
    let after: string | null = null;
    let inserted = 0;
    for (let round = 0; round < 50; round++) {
      const data: Data = await ok(
        `query($id: ID!, $after: String) { organization(id: $id) { spaces(first: 7, after: $after) {
          pageInfo { hasNextPage endCursor } nodes { id } } } }`,
        { id: acme, after },
      );
      const conn = (
        data.organization as {
          spaces: { pageInfo: { hasNextPage: boolean; endCursor: string }; nodes: Node[] };
        }
      ).spaces;
      seen.push(...conn.nodes.map((n) => n.id));
      if (!conn.pageInfo.hasNextPage) break;
      after = conn.pageInfo.endCursor;
      if (inserted < 3) {
        await typed(
          `mutation($org: ID!) { createSpace(input: { organizationId: $org, title: "Inserted ${inserted}" }) { __typename } }`,
          { org: acme },
        );
        inserted++;
      }
    }
    expect(new Set(seen).size).toBe(seen.length);
    const now = (await spaces()).map((s) => s.id);
    expect(seen).toEqual(now);
    expect(now.slice(0, before.length)).toEqual(before);
    expect(now.length).toBe(before.length + 3);
  });
});

describe('space mutations', () => {
  let created = '';

  it('createSpace: success read back, validation, forbidden, not found', async () => {
    const guides = (await ok(
      'query($id: ID!) { organization(id: $id) { collections(first: 100) { nodes { id title } } } }',
      { id: acme },
    )) as { organization: { collections: { nodes: Node[] } } };
    const guidesId = guides.organization.collections.nodes.find((c) => c.title === 'Guides')
      ?.id as string;
    const res = await typed(
      `mutation($org: ID!, $parent: ID!) { createSpace(input: { organizationId: $org, title: "Cookbook", emoji: "🍳",
          visibility: IN_COLLECTION, parent: $parent }) {
        __typename ... on SpacePayload { space { id title emoji visibility parentCollection { title } } } } }`,
      { org: acme, parent: guidesId },
    );
    expect(res.result).toMatchObject({
      __typename: 'SpacePayload',
      space: {
        title: 'Cookbook',
        emoji: '🍳',
        visibility: 'IN_COLLECTION',
        parentCollection: { title: 'Guides' },
      },
    });
    created = (res.result.space as Node).id;
    expect((await byTitle('Cookbook')).id).toBe(created);
    const invalid = await typed(
      `mutation($org: ID!) { createSpace(input: { organizationId: $org, title: "${'t'.repeat(51)}" }) { __typename } }`,
      { org: acme },
    );
    expect(invalid).toEqual({ result: { __typename: 'ValidationError' }, calls: 0 });
    const forbidden = await typed(
      `mutation($org: ID!) { createSpace(input: { organizationId: $org, title: "X" }) { __typename } }`,
      { org: acme },
      'review',
    );
    expect(forbidden.result.__typename).toBe('ForbiddenError');
    const missing = await typed(
      'mutation { createSpace(input: { organizationId: "nope", title: "X" }) { __typename } }',
    );
    expect(missing.result.__typename).toBe('NotFoundError');
  });

  it('updateSpace: success read back, validation, forbidden, not found', async () => {
    const res = await typed(
      `mutation($id: ID!) { updateSpace(input: { spaceId: $id, title: "Kitchen", emoji: "🥘", language: "fr",
          defaultLevel: COMMENT, editMode: LIVE, mergeRules: { type: "inherit" } }) {
        __typename ... on SpacePayload { space { title emoji language defaultLevel editMode mergeRules } } } }`,
      { id: created },
    );
    expect(res.result).toEqual({
      __typename: 'SpacePayload',
      space: {
        title: 'Kitchen',
        emoji: '🥘',
        language: 'fr',
        defaultLevel: 'COMMENT',
        editMode: 'LIVE',
        mergeRules: { type: 'inherit' },
      },
    });
    const read = await ok('query($id: ID!) { space(id: $id) { title language } }', {
      id: created,
    });
    expect(read.space).toEqual({ title: 'Kitchen', language: 'fr' });
    const invalid = await typed(
      `mutation($id: ID!) { updateSpace(input: { spaceId: $id, language: "xx-yy" }) { __typename } }`,
      { id: created },
    );
    expect(invalid).toEqual({ result: { __typename: 'ValidationError' }, calls: 0 });
    const forbidden = await typed(
      `mutation($id: ID!) { updateSpace(input: { spaceId: $id, title: "Mine" }) { __typename } }`,
      { id: (await byTitle('Webhooks')).id },
      'comment',
    );
    expect(forbidden.result.__typename).toBe('ForbiddenError');
    const missing = await typed(
      'mutation { updateSpace(input: { spaceId: "nope", title: "X" }) { __typename } }',
    );
    expect(missing.result.__typename).toBe('NotFoundError');
  });

  it('moveSpace: to the root before a sibling, into a collection; validation, forbidden, not found', async () => {
    const glossary = await byTitle('Glossary');
    const res = await typed(
      `mutation($id: ID!, $sibling: ID!) { moveSpace(input: { spaceId: $id, parent: null,
          position: { before: { type: "space", id: $sibling } } }) {
        __typename ... on SpacePayload { space { parentCollection { id } } } } }`,
      { id: created, sibling: glossary.id },
    );
    expect(res.result).toEqual({ __typename: 'SpacePayload', space: { parentCollection: null } });
    const read = await ok('query($id: ID!) { space(id: $id) { parentCollection { id } } }', {
      id: created,
    });
    expect(read.space).toEqual({ parentCollection: null });
    const invalid = await typed(
      `mutation($id: ID!) { moveSpace(input: { spaceId: $id, position: { after: { type: "collection", id: "c" } } }) { __typename } }`,
      { id: created },
    );
    expect(invalid).toEqual({ result: { __typename: 'ValidationError' }, calls: 0 });
    const forbidden = await typed(
      `mutation($id: ID!) { moveSpace(input: { spaceId: $id, parent: null }) { __typename } }`,
      { id: (await byTitle('Webhooks')).id },
      'edit',
    );
    expect(forbidden.result.__typename).toBe('ForbiddenError');
    const missing = await typed(
      'mutation { moveSpace(input: { spaceId: "nope", parent: null }) { __typename } }',
    );
    expect(missing.result.__typename).toBe('NotFoundError');
  });

  it('duplicateSpace: the copy and its source; forbidden, not found', async () => {
    const res = await typed(
      `mutation($id: ID!) { duplicateSpace(input: { spaceId: $id }) {
        __typename ... on DuplicateSpacePayload { space { id title } source { id title } } } }`,
      { id: created },
    );
    const payload = res.result as unknown as { space: Node; source: Node };
    expect(payload.source).toEqual({ id: created, title: 'Kitchen' });
    expect(payload.space.id).not.toBe(created);
    expect((await spaces()).map((s) => s.id)).toContain(payload.space.id);
    const forbidden = await typed(
      `mutation($id: ID!) { duplicateSpace(input: { spaceId: $id }) { __typename } }`,
      { id: (await byTitle('Webhooks')).id },
      'read',
    );
    expect(forbidden.result.__typename).toBe('ForbiddenError');
    const missing = await typed(
      'mutation { duplicateSpace(input: { spaceId: "nope" }) { __typename } }',
    );
    expect(missing.result.__typename).toBe('NotFoundError');
  });

  it('applySpaceTemplate: into main content and into a change request; locked space conflict', async () => {
    const before = await ok('query($id: ID!) { space(id: $id) { revision } }', { id: created });
    const res = await typed(
      `mutation($id: ID!) { applySpaceTemplate(input: { spaceId: $id, templateId: "faq" }) {
        __typename ... on ApplySpaceTemplatePayload { changeRequestId space { revision } } } }`,
      { id: created },
    );
    expect(res.result.__typename).toBe('ApplySpaceTemplatePayload');
    expect(res.result.changeRequestId).toBeNull();
    expect((res.result.space as { revision: string }).revision).not.toBe(
      (before.space as { revision: string }).revision,
    );
    // Into an open change request of a demo space.
    const cr = e2e.stack.ws.db
      .prepare(
        `SELECT cr.id, cr.space_id, cr.revision_id FROM change_requests cr JOIN spaces s ON s.id = cr.space_id
         WHERE cr.status IN ('open', 'draft') AND (s.edit_mode IS NULL OR s.edit_mode != 'locked') LIMIT 1`,
      )
      .get() as { id: string; space_id: string; revision_id: string };
    const intoCr = await typed(
      `mutation($id: ID!, $cr: ID!) { applySpaceTemplate(input: { spaceId: $id, templateId: "changelog", changeRequestId: $cr }) {
        __typename ... on ApplySpaceTemplatePayload { changeRequestId } } }`,
      { id: cr.space_id, cr: cr.id },
    );
    expect(intoCr.result).toEqual({
      __typename: 'ApplySpaceTemplatePayload',
      changeRequestId: cr.id,
    });
    const after = e2e.stack.ws.db
      .prepare('SELECT revision_id FROM change_requests WHERE id = ?')
      .get(cr.id) as { revision_id: string };
    expect(after.revision_id).not.toBe(cr.revision_id);

    const locked = await typed(
      `mutation($id: ID!) { applySpaceTemplate(input: { spaceId: $id, templateId: "faq" }) { __typename } }`,
      { id: (await byTitle('Release Notes')).id },
    );
    expect(locked.result.__typename).toBe('ConflictError');
    const invalid = await typed(
      `mutation($id: ID!) { applySpaceTemplate(input: { spaceId: $id, templateId: "" }) { __typename } }`,
      { id: created },
    );
    expect(invalid).toEqual({ result: { __typename: 'ValidationError' }, calls: 0 });
    const forbidden = await typed(
      `mutation($id: ID!) { applySpaceTemplate(input: { spaceId: $id, templateId: "faq" }) { __typename } }`,
      { id: (await byTitle('Webhooks')).id },
      'comment',
    );
    expect(forbidden.result.__typename).toBe('ForbiddenError');
    const missing = await typed(
      'mutation { applySpaceTemplate(input: { spaceId: "nope", templateId: "faq" }) { __typename } }',
    );
    expect(missing.result.__typename).toBe('NotFoundError');
  });

  it('deleteSpace and restoreSpace: soft delete, restore, conflicts, forbidden, not found', async () => {
    const forbidden = await typed(
      `mutation($id: ID!) { deleteSpace(input: { spaceId: $id }) { __typename } }`,
      { id: (await byTitle('Webhooks')).id },
      'edit',
    );
    expect(forbidden.result.__typename).toBe('ForbiddenError');
    const del = await typed(
      `mutation($id: ID!) { deleteSpace(input: { spaceId: $id }) { __typename ... on DeletePayload { deletedId } } }`,
      { id: created },
    );
    expect(del.result).toEqual({ __typename: 'DeletePayload', deletedId: created });
    expect((await spaces()).map((s) => s.id)).not.toContain(created);
    const asAdmin = await ok('query($id: ID!) { space(id: $id) { deletedAt } }', { id: created });
    expect((asAdmin.space as { deletedAt: string | null }).deletedAt).not.toBeNull();

    const restored = await typed(
      `mutation($id: ID!) { restoreSpace(input: { spaceId: $id }) { __typename ... on SpacePayload { space { deletedAt title } } } }`,
      { id: created },
    );
    expect(restored.result).toEqual({
      __typename: 'SpacePayload',
      space: { deletedAt: null, title: 'Kitchen' },
    });
    // Restoring a live space is a conflict.
    const live = await typed(
      `mutation($id: ID!) { restoreSpace(input: { spaceId: $id }) { __typename } }`,
      { id: created },
    );
    expect(live.result.__typename).toBe('ConflictError');
    // Outside the 7-day window: deleted 8 days ago.
    await typed(`mutation($id: ID!) { deleteSpace(input: { spaceId: $id }) { __typename } }`, {
      id: created,
    });
    e2e.stack.ws.db
      .prepare('UPDATE spaces SET deleted_at = ? WHERE id = ?')
      .run(new Date(Date.now() - 8 * DAY_MS).toISOString(), restId(created));
    const expired = await typed(
      `mutation($id: ID!) { restoreSpace(input: { spaceId: $id }) { __typename ... on ConflictError { message } } }`,
      { id: created },
    );
    expect(expired.result.__typename).toBe('ConflictError');
    const gone = await typed(
      `mutation($id: ID!) { restoreSpace(input: { spaceId: $id }) { __typename } }`,
      { id: created },
    );
    expect(gone.result.__typename).toBe('NotFoundError');
    const forbiddenRestore = await typed(
      `mutation($id: ID!) { restoreSpace(input: { spaceId: $id }) { __typename } }`,
      { id: (await byTitle('Webhooks')).id },
      'comment',
    );
    expect(['ForbiddenError', 'NotFoundError']).toContain(forbiddenRestore.result.__typename);
  });

  it('transferSpace: to another organization; validation, forbidden, not found', async () => {
    const brand = await byTitle('Brand Guidelines');
    const forbidden = await typed(
      `mutation($id: ID!, $org: ID!) { transferSpace(input: { spaceId: $id, organizationId: $org }) { __typename } }`,
      { id: brand.id, org: globex },
      'create',
    );
    expect(forbidden.result.__typename).toBe('ForbiddenError');
    const res = await typed(
      `mutation($id: ID!, $org: ID!) { transferSpace(input: { spaceId: $id, organizationId: $org }) {
        __typename ... on SpacePayload { space { organization { title } } } } }`,
      { id: brand.id, org: globex },
    );
    expect(res.result).toEqual({
      __typename: 'SpacePayload',
      space: { organization: { title: 'Globex Handbook' } },
    });
    expect((await spaces()).map((s) => s.id)).not.toContain(brand.id);
    const invalid = await typed(
      `mutation($id: ID!) { transferSpace(input: { spaceId: $id, organizationId: "${'o'.repeat(201)}" }) { __typename } }`,
      { id: brand.id },
    );
    expect(invalid).toEqual({ result: { __typename: 'ValidationError' }, calls: 0 });
    const missing = await typed(
      `mutation($org: ID!) { transferSpace(input: { spaceId: "nope", organizationId: $org }) { __typename } }`,
      { org: globex },
    );
    expect(missing.result.__typename).toBe('NotFoundError');
  });
});
