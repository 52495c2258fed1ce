import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Space, SpaceList } from '../../src/contract/spaces.ts';
import { DAY_MS } from '../../src/workspace/clock.ts';
import { getSpaceRow, purgeExpiredSpaces } from '../../src/workspace/store/spaces.ts';
import { insertSpace } from '../../src/workspace/store/spaceWrites.ts';
import { REST_ID } from '../support/ids.ts';
import {
  createTestWorkspace,
  errorOf,
  idByTitle,
  type TestWorkspace,
} from '../support/workspace.ts';

let t: TestWorkspace;
let org: string;
let second: string;
beforeAll(async () => {
  t = await createTestWorkspace();
  org = t.demo.organizationId;
  second = t.demo.secondOrganizationId;
});
afterAll(() => t.close());

const spaceId = (title: string) => idByTitle(t, 'spaces', title);
const collectionId = (title: string) => idByTitle(t, 'collections', title);

async function newSpace(title: string, body: Record<string, unknown> = {}) {
  const res = await t.request('POST', `/v1/orgs/${org}/spaces`, { body: { title, ...body } });
  expect(res.status).toBe(201);
  return Space.parse(res.body);
}

describe('GET /v1/spaces/{spaceId}', () => {
  it('answers the space with every required field and permissions for an admin', async () => {
    const res = await t.request('GET', `/v1/spaces/${spaceId('Getting Started')}`);
    expect(res.status).toBe(200);
    const space = Space.parse(res.body);
    expect(space).toMatchObject({
      object: 'space',
      title: 'Getting Started',
      emoji: '🚀',
      visibility: 'public',
      organization: org,
      parent: collectionId('Guides'),
      editMode: 'live',
      mergeRules: { type: 'inherit' },
    });
    expect(space.urls?.location).toBe(`${t.ws.publicUrl}/v1/spaces/${space.id}`);
    expect(space.urls?.public).toContain(space.id);
    expect(space.permissions).toMatchObject({ admin: true, edit: true, merge: true, view: true });
    expect(space.revision).toBe(getSpaceRow(t.ws, space.id)?.revision_id);
  });

  it('computes permissions from the caller level', async () => {
    // No team has a level on this space or its collection: the organization role decides.
    const id = spaceId('Deployment Pipeline');
    const read = Space.parse((await t.request('GET', `/v1/spaces/${id}`, { as: 'read' })).body);
    expect(read.permissions).toMatchObject({
      view: true,
      comment: false,
      edit: false,
      admin: false,
    });
    const edit = Space.parse((await t.request('GET', `/v1/spaces/${id}`, { as: 'edit' })).body);
    expect(edit.permissions).toMatchObject({ comment: true, edit: true, review: false });
    const review = Space.parse((await t.request('GET', `/v1/spaces/${id}`, { as: 'review' })).body);
    expect(review.permissions).toMatchObject({ merge: true, review: true, admin: false });
  });

  it('raises the level by the collection and space default levels', async () => {
    // Company has defaultLevel comment; Onboarding Checklist has defaultLevel edit.
    const handbook = await t.request('GET', `/v1/spaces/${spaceId('Employee Handbook')}`, {
      as: 'read',
    });
    expect(Space.parse(handbook.body).permissions?.comment).toBe(true);
    expect(Space.parse(handbook.body).permissions?.edit).toBe(false);
    const onboarding = await t.request('GET', `/v1/spaces/${spaceId('Onboarding Checklist')}`, {
      as: 'read',
    });
    expect(Space.parse(onboarding.body).permissions?.edit).toBe(true);
  });

  it('answers 404 to an outsider on a private space and 200 on a public one', async () => {
    const hidden = await t.request('GET', `/v1/spaces/${spaceId('Brand Guidelines')}`, {
      as: 'outsider',
    });
    expect(hidden.status).toBe(404);
    expect(errorOf(hidden).code).toBe(404);
    const open = await t.request('GET', `/v1/spaces/${spaceId('Glossary')}`, { as: 'outsider' });
    expect(open.status).toBe(200);
    expect(Space.parse(open.body).permissions).toMatchObject({ view: true, comment: false });
  });

  it('lets an outsider read a share-link space only with its key', async () => {
    const id = spaceId('Partner Portal');
    expect((await t.request('GET', `/v1/spaces/${id}`, { as: 'outsider' })).status).toBe(404);
    const wrong = await t.request('GET', `/v1/spaces/${id}?shareKey=nope`, { as: 'outsider' });
    expect(wrong.status).toBe(404);
    const res = await t.request('GET', `/v1/spaces/${id}?shareKey=acme-partner-preview`, {
      as: 'outsider',
    });
    expect(res.status).toBe(200);
    expect(Space.parse(res.body).permissions).toMatchObject({ view: true, comment: false });
  });

  it('answers 404 for an unknown id and 401 without a token', async () => {
    expect((await t.request('GET', '/v1/spaces/nope')).status).toBe(404);
    expect((await t.request('GET', '/v1/spaces/nope', { as: null })).status).toBe(401);
  });

  it('counts change requests by status', async () => {
    const space = await newSpace('Counted');
    const now = t.ws.now();
    const insert = t.ws.db.prepare(
      `INSERT INTO change_requests (id, space_id, number, status, revision_id, revision_initial, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    ['open', 'open', 'draft', 'merged'].forEach((status, i) => {
      insert.run(
        `cr-${space.id}-${i}`,
        space.id,
        i + 1,
        status,
        space.revision,
        space.revision,
        now,
        now,
      );
    });
    const got = Space.parse((await t.request('GET', `/v1/spaces/${space.id}`)).body);
    expect(got).toMatchObject({
      changeRequests: 4,
      changeRequestsOpen: 2,
      changeRequestsDraft: 1,
      comments: 0,
    });
  });
});

describe('published URLs', () => {
  it('points at the published site that shows the space, share key for those who hold it', async () => {
    const space = await newSpace('On a site');
    const created = await t.request('POST', `/v1/orgs/${org}/sites`, {
      body: { title: 'Partner site', visibility: 'share-link', spaces: [space.id] },
    });
    expect(created.status).toBe(201);
    const site = created.body as { id: string };
    const unpublished = Space.parse((await t.request('GET', `/v1/spaces/${space.id}`)).body);
    expect(unpublished.urls?.published).toBeUndefined();
    expect((await t.request('POST', `/v1/orgs/${org}/sites/${site.id}/publish`)).status).toBe(200);
    const admin = Space.parse((await t.request('GET', `/v1/spaces/${space.id}`)).body);
    expect(admin.urls?.published).toMatch(/\?shareKey=/);
    const reader = Space.parse(
      (await t.request('GET', `/v1/spaces/${space.id}`, { as: 'read' })).body,
    );
    expect(reader.urls?.published).toBe(`${t.ws.publicUrl}/s/acme/partner-site/on-a-site`);
    expect(reader.urls?.published).not.toContain('shareKey');
    const key = new URL(admin.urls?.published as string).searchParams.get('shareKey');
    const holder = Space.parse(
      (await t.request('GET', `/v1/spaces/${space.id}?shareKey=${key}`, { as: 'read' })).body,
    );
    expect(holder.urls?.published).toBe(admin.urls?.published);
  });
});

describe('PATCH /v1/spaces/{spaceId}', () => {
  it('updates every field for an admin', async () => {
    const space = await newSpace('Patch me');
    const res = await t.request('PATCH', `/v1/spaces/${space.id}`, {
      body: {
        title: 'Patched',
        emoji: '🧪',
        language: 'fr',
        defaultLevel: 'comment',
        mergeRules: {
          type: 'rules',
          rules: [{ rule: 'require_specific_reviewers', users: [t.demo.users.review] }],
        },
      },
    });
    expect(res.status).toBe(200);
    expect(Space.parse(res.body)).toMatchObject({
      title: 'Patched',
      emoji: '🧪',
      language: 'fr',
      defaultLevel: 'comment',
      mergeRules: { type: 'rules' },
    });
    const cleared = await t.request('PATCH', `/v1/spaces/${space.id}`, {
      body: { defaultLevel: null, language: null, mergeRules: { type: 'inherit' } },
    });
    const parsed = Space.parse(cleared.body);
    expect(parsed.defaultLevel).toBeNull();
    expect(parsed.language).toBeUndefined();
  });

  it('answers 403 to a reader and 404 to an outsider', async () => {
    const id = spaceId('Python SDK');
    const read = await t.request('PATCH', `/v1/spaces/${id}`, { as: 'read', body: { title: 'x' } });
    expect(read.status).toBe(403);
    const create = await t.request('PATCH', `/v1/spaces/${id}`, {
      as: 'create',
      body: { title: 'x' },
    });
    expect(create.status).toBe(403);
    const outsider = await t.request('PATCH', `/v1/spaces/${id}`, {
      as: 'outsider',
      body: { title: 'x' },
    });
    expect(outsider.status).toBe(404);
  });

  it('rejects invalid input with a 400 naming the field', async () => {
    const id = spaceId('Python SDK');
    const cases: Array<[unknown, string]> = [
      [{ title: 'x'.repeat(51) }, 'title'],
      [{ emoji: 'x'.repeat(51) }, 'emoji'],
      [{ language: 'klingon' }, 'language'],
      [{ editMode: 'frozen' }, 'editMode'],
      [{ defaultLevel: 'owner' }, 'defaultLevel'],
      [{ title: 42 }, 'title'],
      [{ visibility: 'public' }, 'visibility'],
      [
        {
          mergeRules: {
            type: 'rules',
            rules: [{ rule: 'require_specific_reviewers', users: ['nobody'] }],
          },
        },
        'mergeRules',
      ],
      [{ title: 'y'.repeat(200_000) }, 'title'],
    ];
    for (const [body, field] of cases) {
      const res = await t.request('PATCH', `/v1/spaces/${id}`, { body });
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(errorOf(res).message).toContain(field);
    }
    const json = await t.request('PATCH', `/v1/spaces/${id}`, { body: '{"title":' });
    expect(json.status).toBe(400);
    const array = await t.request('PATCH', `/v1/spaces/${id}`, { body: '[1,2]' });
    expect(array.status).toBe(400);
  });

  it('locks and unlocks a space', async () => {
    const space = await newSpace('Lockable');
    const locked = await t.request('PATCH', `/v1/spaces/${space.id}`, {
      body: { editMode: 'locked' },
    });
    expect(Space.parse(locked.body)).toMatchObject({ editMode: 'locked' });
    expect(Space.parse(locked.body).permissions).toMatchObject({ edit: false, merge: false });
    const unlocked = await t.request('PATCH', `/v1/spaces/${space.id}`, {
      body: { editMode: 'live' },
    });
    expect(Space.parse(unlocked.body).permissions?.edit).toBe(true);
  });

  it('shows the demo locked space as locked', async () => {
    const res = await t.request('GET', `/v1/spaces/${spaceId('Release Notes')}`);
    expect(Space.parse(res.body).editMode).toBe('locked');
  });
});

describe('DELETE and restore', () => {
  // First, before other tests move the clock past its restore window.
  it('keeps the demo space deleted 2 days ago restorable by admins only', async () => {
    const id = spaceId('Old Intranet (archived)');
    const res = await t.request('GET', `/v1/spaces/${id}`);
    // Two days before the test clock's start, 2026-11-01T10:00Z.
    expect(Space.parse(res.body).deletedAt).toBe('2026-10-30T10:00:00.000Z');
    expect((await t.request('POST', `/v1/spaces/${id}/restore`, { as: 'create' })).status).toBe(
      404,
    );
  });

  it('soft-deletes: hidden from lists, visible to admins with deletedAt, 404 to others', async () => {
    const space = await newSpace('Doomed');
    const del = await t.request('DELETE', `/v1/spaces/${space.id}`);
    expect(del.status).toBe(204);
    expect(del.body).toBe('');
    const admin = await t.request('GET', `/v1/spaces/${space.id}`);
    expect(admin.status).toBe(200);
    expect(Space.parse(admin.body).deletedAt).toBe(t.ws.now());
    expect((await t.request('GET', `/v1/spaces/${space.id}`, { as: 'read' })).status).toBe(404);
    const list = SpaceList.parse(
      (await t.request('GET', `/v1/orgs/${org}/spaces?limit=1000`)).body,
    );
    expect(list.items.map((s) => s.id)).not.toContain(space.id);
    // Again, and for an unknown space: still 204.
    expect((await t.request('DELETE', `/v1/spaces/${space.id}`)).status).toBe(204);
    expect((await t.request('DELETE', '/v1/spaces/never-existed')).status).toBe(204);
  });

  it('answers 403 to a non-admin member who can read the space', async () => {
    const res = await t.request('DELETE', `/v1/spaces/${spaceId('Webhooks')}`, { as: 'edit' });
    expect(res.status).toBe(403);
    expect(getSpaceRow(t.ws, spaceId('Webhooks'))?.deleted_at).toBeNull();
  });

  it('restores within 7 days and answers 409 for a live space', async () => {
    const space = await newSpace('Restorable');
    expect((await t.request('POST', `/v1/spaces/${space.id}/restore`)).status).toBe(409);
    await t.request('DELETE', `/v1/spaces/${space.id}`);
    t.clock.advance(6 * DAY_MS);
    try {
      const res = await t.request('POST', `/v1/spaces/${space.id}/restore`);
      expect(res.status).toBe(200);
      expect(Space.parse(res.body).deletedAt).toBeUndefined();
      expect((await t.request('GET', `/v1/spaces/${space.id}`, { as: 'read' })).status).toBe(200);
    } finally {
      t.clock.advance(-6 * DAY_MS);
    }
  });

  it('answers 409 after 7 days and purges the space for good', async () => {
    const space = await newSpace('Expiring');
    await t.request('DELETE', `/v1/spaces/${space.id}`);
    t.clock.advance(8 * DAY_MS);
    try {
      const res = await t.request('POST', `/v1/spaces/${space.id}/restore`);
      expect(res.status).toBe(409);
      expect(errorOf(res).message).toContain('7 days');
      expect(getSpaceRow(t.ws, space.id)).toBeUndefined();
      expect((await t.request('GET', `/v1/spaces/${space.id}`)).status).toBe(404);
      const revisions = t.ws.db
        .prepare('SELECT count(*) AS n FROM revisions WHERE space_id = ?')
        .get(space.id) as { n: number };
      expect(revisions.n).toBe(0);
    } finally {
      t.clock.advance(-8 * DAY_MS);
    }
  });

  it('purges lazily on any read, and purgeExpiredSpaces reports what it removed', async () => {
    const row = insertSpace(t.ws, { organizationId: org, title: 'Old' });
    const old = new Date(t.ws.clock.now().getTime() - 9 * DAY_MS).toISOString();
    t.ws.db.prepare('UPDATE spaces SET deleted_at = ? WHERE id = ?').run(old, row.id);
    await t.request('GET', `/v1/orgs/${org}/spaces`);
    expect(getSpaceRow(t.ws, row.id)).toBeUndefined();
    expect(purgeExpiredSpaces(t.ws)).toBe(0);
  });
});

describe('POST /v1/spaces/{spaceId}/duplicate', () => {
  it('makes a deep copy of the content titled "(copy)"', async () => {
    const source = spaceId('Getting Started');
    const sourceRow = getSpaceRow(t.ws, source);
    const now = t.ws.now();
    t.ws.db
      .prepare(
        `INSERT OR IGNORE INTO pages (revision_id, id, title, slug, markdown, created_at, updated_at)
         VALUES (?, 'dup-page', 'Dup page', 'dup-page', '# Hello', ?, ?)`,
      )
      .run(sourceRow?.revision_id, now, now);
    const res = await t.request('POST', `/v1/spaces/${source}/duplicate`);
    expect(res.status).toBe(201);
    const copy = Space.parse(res.body);
    expect(copy.id).not.toBe(source);
    expect(copy.title).toBe('Getting Started (copy)');
    expect(copy.revision).not.toBe(sourceRow?.revision_id);
    const count = (revisionId: string | undefined) =>
      (
        t.ws.db
          .prepare('SELECT count(*) AS n FROM pages WHERE revision_id = ?')
          .get(revisionId) as {
          n: number;
        }
      ).n;
    expect(count(copy.revision)).toBe(count(sourceRow?.revision_id));
    expect(count(copy.revision)).toBeGreaterThan(0);
  });

  it('keeps the title within 50 characters', async () => {
    const long = await newSpace('L'.repeat(50));
    const res = await t.request('POST', `/v1/spaces/${long.id}/duplicate`);
    const copy = Space.parse(res.body);
    expect(copy.title.length).toBe(50);
    expect(copy.title.endsWith(' (copy)')).toBe(true);
  });

  it('answers 403 to a non-admin', async () => {
    const res = await t.request('POST', `/v1/spaces/${spaceId('Glossary')}/duplicate`, {
      as: 'review',
    });
    expect(res.status).toBe(403);
  });
});

describe('POST /v1/spaces/{spaceId}/move', () => {
  it('moves into a collection and before a sibling', async () => {
    const target = collectionId('Tutorials');
    const a = await newSpace('Mover A');
    const moved = await t.request('POST', `/v1/spaces/${a.id}/move`, { body: { parent: target } });
    expect(moved.status).toBe(200);
    expect(Space.parse(moved.body).parent).toBe(target);
    const first = spaceId('First Project Tutorial');
    const res = await t.request('POST', `/v1/spaces/${a.id}/move`, {
      body: { position: { before: { type: 'space', space: first } } },
    });
    expect(res.status).toBe(200);
    const list = SpaceList.parse((await t.request('GET', `/v1/collections/${target}/spaces`)).body);
    const ids = list.items.map((s) => s.id);
    expect(ids.indexOf(a.id)).toBe(ids.indexOf(first) - 1);
    const after = await t.request('POST', `/v1/spaces/${a.id}/move`, {
      body: { position: { after: { type: 'space', space: first } } },
    });
    expect(after.status).toBe(200);
    const list2 = SpaceList.parse(
      (await t.request('GET', `/v1/collections/${target}/spaces`)).body,
    );
    const ids2 = list2.items.map((s) => s.id);
    expect(ids2.indexOf(a.id)).toBe(ids2.indexOf(first) + 1);
  });

  it('moves to the organization root with null, leaving in-collection visibility', async () => {
    const id = spaceId('Python SDK');
    const res = await t.request('POST', `/v1/spaces/${id}/move`, { body: { parent: null } });
    expect(res.status).toBe(200);
    const space = Space.parse(res.body);
    expect(space.parent).toBeUndefined();
    expect(space.visibility).toBe('private');
  });

  it('answers 400 naming position for an anchor that is not a sibling', async () => {
    const a = await newSpace('Mover B');
    const res = await t.request('POST', `/v1/spaces/${a.id}/move`, {
      body: { position: { before: { type: 'space', space: spaceId('Webhooks') } } },
    });
    expect(res.status).toBe(400);
    expect(errorOf(res).message).toContain('position');
    const bad = await t.request('POST', `/v1/spaces/${a.id}/move`, {
      body: { position: { before: { type: 'space', space: 'x', extra: 1 } } },
    });
    expect(bad.status).toBe(400);
    const both = await t.request('POST', `/v1/spaces/${a.id}/move`, {
      body: {
        position: { before: { type: 'space', space: 'x' }, after: { type: 'space', space: 'y' } },
      },
    });
    expect(both.status).toBe(400);
    const parent = await t.request('POST', `/v1/spaces/${a.id}/move`, {
      body: { parent: 'no-such-collection' },
    });
    expect(parent.status).toBe(400);
    expect(errorOf(parent).message).toContain('parent');
  });

  it('answers 403 to a non-admin', async () => {
    const res = await t.request('POST', `/v1/spaces/${spaceId('Glossary')}/move`, {
      as: 'edit',
      body: { parent: null },
    });
    expect(res.status).toBe(403);
  });
});

describe('POST /v1/spaces/{spaceId}/transfer', () => {
  it('moves the space to the other organization root', async () => {
    const space = await newSpace('Travelling', { parent: collectionId('Guides') });
    const res = await t.request('POST', `/v1/spaces/${space.id}/transfer`, {
      body: { organization: second },
    });
    expect(res.status).toBe(200);
    const moved = Space.parse(res.body);
    expect(moved.organization).toBe(second);
    expect(moved.parent).toBeUndefined();
    expect(moved.visibility).toBe('private');
    // The reader of Acme Docs is not a member of the target organization.
    expect((await t.request('GET', `/v1/spaces/${space.id}`, { as: 'read' })).status).toBe(404);
  });

  it('requires admin in both organizations', async () => {
    // Cai creates in Acme Docs and edits in Globex Handbook: not admin in either.
    const own = await t.request('POST', `/v1/orgs/${org}/spaces`, {
      as: 'create',
      body: { title: 'Cai space' },
    });
    const id = Space.parse(own.body).id;
    const res = await t.request('POST', `/v1/spaces/${id}/transfer`, {
      as: 'create',
      body: { organization: second },
    });
    expect(res.status).toBe(403);
  });

  it('validates the organization', async () => {
    const space = await newSpace('Stay home');
    const missing = await t.request('POST', `/v1/spaces/${space.id}/transfer`, { body: {} });
    expect(missing.status).toBe(400);
    expect(errorOf(missing).message).toContain('organization');
    const unknown = await t.request('POST', `/v1/spaces/${space.id}/transfer`, {
      body: { organization: 'nope' },
    });
    expect(unknown.status).toBe(404);
    const same = await t.request('POST', `/v1/spaces/${space.id}/transfer`, {
      body: { organization: org },
    });
    expect(same.status).toBe(400);
  });
});

describe('GET and POST {org}/spaces', () => {
  it('creates a space with an empty revision (create role)', async () => {
    const res = await t.request('POST', `/v1/orgs/${org}/spaces`, {
      as: 'create',
      body: { title: 'Fresh', emoji: '🌱', visibility: 'unlisted' },
    });
    expect(res.status).toBe(201);
    const space = Space.parse(res.body);
    expect(space).toMatchObject({ title: 'Fresh', emoji: '🌱', visibility: 'unlisted' });
    const revision = t.ws.db
      .prepare('SELECT space_id FROM revisions WHERE id = ?')
      .get(space.revision) as { space_id: string };
    expect(revision.space_id).toBe(space.id);
    const untitled = await t.request('POST', `/v1/orgs/${org}/spaces`, { body: {} });
    expect(Space.parse(untitled.body).title).toBe('Untitled');
  });

  it('creates into a collection and gives share-link spaces a key', async () => {
    const res = await t.request('POST', `/v1/orgs/${org}/spaces`, {
      body: { title: 'Shared', parent: collectionId('API'), visibility: 'share-link' },
    });
    const space = Space.parse(res.body);
    expect(space.parent).toBe(collectionId('API'));
    const shareKey = getSpaceRow(t.ws, space.id)?.share_key;
    expect(shareKey).toMatch(REST_ID);
    expect(space.urls?.published).toBe(
      `${t.ws.publicUrl}/public/spaces/${space.id}?shareKey=${shareKey}`,
    );
  });

  it('answers 403 below create, 404 to outsiders, 400 on invalid input', async () => {
    const comment = await t.request('POST', `/v1/orgs/${org}/spaces`, {
      as: 'comment',
      body: { title: 'No' },
    });
    expect(comment.status).toBe(403);
    const outsider = await t.request('POST', `/v1/orgs/${org}/spaces`, {
      as: 'outsider',
      body: { title: 'No' },
    });
    expect(outsider.status).toBe(404);
    for (const body of [
      { visibility: 'secret' },
      { visibility: 'in-collection' },
      { parent: 'nope' },
      { title: '' },
      { title: 'a'.repeat(51) },
      { extra: true },
    ]) {
      const res = await t.request('POST', `/v1/orgs/${org}/spaces`, { body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
  });

  it('lists the readable spaces; outsiders get 404', async () => {
    const res = await t.request('GET', `/v1/orgs/${org}/spaces?limit=1000`, { as: 'read' });
    expect(res.status).toBe(200);
    const list = SpaceList.parse(res.body);
    expect(list.count).toBe(list.items.length);
    expect(list.count).toBeGreaterThanOrEqual(30);
    expect(list.next).toBeUndefined();
    expect((await t.request('GET', `/v1/orgs/${org}/spaces`, { as: 'outsider' })).status).toBe(404);
  });

  it('pages without skipping or repeating while spaces are inserted between pages', async () => {
    const before = SpaceList.parse(
      (await t.request('GET', `/v1/orgs/${org}/spaces?limit=1000`)).body,
    ).items.map((s) => s.id);
    const seen: string[] = [];
    let page: string | undefined;
    let round = 0;
    do {
      const url = `/v1/orgs/${org}/spaces?limit=7${page ? `&page=${page}` : ''}`;
      const res = await t.request('GET', url);
      expect(res.status).toBe(200);
      const list = SpaceList.parse(res.body);
      seen.push(...list.items.map((s) => s.id));
      page = list.next?.page;
      await newSpace(`Inserted ${round++}`);
    } while (page);
    for (const id of before) expect(seen.filter((s) => s === id)).toHaveLength(1);
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('rejects bad paging input', async () => {
    for (const query of ['page=garbage', 'limit=0', 'limit=1001', 'limit=abc']) {
      const res = await t.request('GET', `/v1/orgs/${org}/spaces?${query}`);
      expect(res.status, query).toBe(400);
    }
    const other = SpaceList.parse(
      (await t.request('GET', `/v1/collections/${collectionId('Guides')}/spaces?limit=1`)).body,
    );
    const res = await t.request('GET', `/v1/orgs/${org}/spaces?page=${other.next?.page}`);
    expect(res.status).toBe(400);
    expect(errorOf(res).message).toContain('page');
  });
});

describe('malformed input on every core route', () => {
  it('never answers a 5xx', async () => {
    const space = spaceId('Glossary');
    const collection = collectionId('Guides');
    const user = t.demo.users.read;
    const routes: Array<['GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', string]> = [
      ['GET', '/v1/orgs'],
      ['GET', `/v1/orgs/${org}`],
      ['PATCH', `/v1/orgs/${org}`],
      ['POST', `/v1/orgs/${org}/join`],
      ['POST', `/v1/orgs/${org}/ping`],
      ['PUT', `/v1/orgs/${org}/agent-instructions`],
      ['GET', `/v1/orgs/${org}/members`],
      ['PATCH', `/v1/orgs/${org}/members/${user}`],
      ['GET', `/v1/orgs/${org}/members/${user}/spaces`],
      ['GET', `/v1/orgs/${org}/members/${user}/teams`],
      ['GET', `/v1/orgs/${org}/collections`],
      ['POST', `/v1/orgs/${org}/collections`],
      ['PATCH', `/v1/collections/${collection}`],
      ['GET', `/v1/collections/${collection}/spaces`],
      ['POST', `/v1/collections/${collection}/move`],
      ['POST', `/v1/collections/${collection}/transfer`],
      ['GET', `/v1/orgs/${org}/spaces`],
      ['POST', `/v1/orgs/${org}/spaces`],
      ['GET', `/v1/spaces/${space}`],
      ['PATCH', `/v1/spaces/${space}`],
      ['POST', `/v1/spaces/${space}/move`],
      ['POST', `/v1/spaces/${space}/transfer`],
    ];
    const bodies: unknown[] = [
      '{"unterminated": ',
      'null',
      '[]',
      '"text"',
      '42',
      JSON.stringify({ title: { nested: true }, parent: [], position: 'x', role: 1 }),
      JSON.stringify({ title: 'x'.repeat(300_000) }),
      JSON.stringify({ instructions: { object: 'document', nodes: 'no' } }),
    ];
    const queries = [
      '',
      '?limit=-1',
      '?page=%FF%FE',
      '?limit=1&limit=2',
      '?order[]=asc',
      '?nested=2',
    ];
    for (const [method, url] of routes) {
      for (const query of queries) {
        const res = await t.request(method, `${url}${query}`, {
          ...(method === 'GET' ? {} : { body: '{}' }),
        });
        expect(res.status, `${method} ${url}${query}`).toBeLessThan(500);
      }
      if (method === 'GET') continue;
      for (const body of bodies) {
        const res = await t.request(method, url, { body });
        expect(res.status, `${method} ${url} ${String(body).slice(0, 40)}`).toBeLessThan(500);
      }
    }
    const long = await t.request('GET', `/v1/spaces/${'x'.repeat(400)}`);
    expect(long.status).toBe(400);
  });
});
