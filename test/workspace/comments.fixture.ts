// The workspace the comment tests share: a private space where each persona's level is its
// organization role, another readable space, and two change requests of the first.
import { afterAll, beforeAll, expect } from 'vitest';
import { Comment } from '../../src/contract/comments.ts';
import { type SpaceAccessRow, spaceLevel } from '../../src/workspace/access.ts';
import type { DemoPersona } from '../../src/workspace/demo/users.ts';
import { createTestWorkspace, type TestWorkspace } from '../support/workspace.ts';

export let t: TestWorkspace;
/** A private space where each persona's level is exactly its organization role. */
export let spaceId: string;
export let revisionId: string;
export let pageIds: string[];
/** Another readable space of the organization. */
export let otherSpaceId: string;
/** A change request of `spaceId`, and a second one. */
export let cr: { id: string; number: number; revisionId: string };
export let otherCr: { id: string };

export const MINUTE = 60_000;

/** The Document a one-paragraph Markdown body converts to. */
export const paragraph = (text: string) => ({
  object: 'document',
  data: { schemaVersion: 1 },
  nodes: [
    {
      object: 'block',
      type: 'paragraph',
      key: 'b1',
      nodes: [{ object: 'text', leaves: [{ object: 'leaf', text }] }],
    },
  ],
});

export function userId(persona: DemoPersona): string {
  return t.demo.users[persona];
}

export async function post(persona: DemoPersona, url: string, body: unknown) {
  return t.request('POST', url, { as: persona, body });
}

export async function postComment(
  persona: DemoPersona,
  base: string,
  body: Record<string, unknown> = { body: { markdown: 'A comment' } },
): Promise<Comment> {
  const res = await post(persona, `${base}/comments`, body);
  expect(res.status).toBe(200);
  return Comment.parse(res.body);
}

export const spaceBase = () => `/v1/spaces/${spaceId}`;
export const crBase = () => `/v1/spaces/${spaceId}/change-requests/${cr.id}`;

/** Opens the workspace before a file's tests, picks the spaces and requests, closes it after. */
export function useCommentWorkspace(): void {
  beforeAll(async () => {
    t = await createTestWorkspace();
    const db = t.ws.db;
    const spaces = db
      .prepare(
        `SELECT id, organization_id, parent_id, visibility, default_level, share_key, revision_id
         FROM spaces WHERE organization_id = ? AND deleted_at IS NULL ORDER BY id`,
      )
      .all(t.demo.organizationId) as Array<SpaceAccessRow & { revision_id: string }>;
    const exact = spaces.filter(
      (s) =>
        spaceLevel(db, userId('read'), s) === 'read' &&
        spaceLevel(db, userId('comment'), s) === 'comment' &&
        spaceLevel(db, userId('edit'), s) === 'edit' &&
        spaceLevel(db, userId('review'), s) === 'review' &&
        spaceLevel(db, userId('outsider'), s) === null,
    );
    const withCrs = exact.filter(
      (s) =>
        (
          db.prepare('SELECT count(*) AS n FROM change_requests WHERE space_id = ?').get(s.id) as {
            n: number;
          }
        ).n >= 2,
    );
    const space = withCrs[0] ?? exact[0];
    if (!space) throw new Error('the demo data has no private space with role-exact levels');
    spaceId = space.id;
    revisionId = space.revision_id;
    pageIds = (
      db
        .prepare('SELECT id FROM pages WHERE revision_id = ? ORDER BY id')
        .all(revisionId) as Array<{
        id: string;
      }>
    ).map((p) => p.id);
    const other = exact.find((s) => s.id !== spaceId);
    if (!other) throw new Error('the demo data needs two private spaces');
    otherSpaceId = other.id;
    const crs = db
      .prepare(
        'SELECT id, number, revision_id AS revisionId FROM change_requests WHERE space_id = ? ORDER BY number',
      )
      .all(spaceId) as Array<{ id: string; number: number; revisionId: string }>;
    if (crs.length < 2) throw new Error('the chosen space needs two change requests');
    cr = crs[0] as (typeof crs)[0];
    otherCr = crs[1] as (typeof crs)[0];
  });
  afterAll(() => t.close());
}
