import type { ListPage, Role } from '../../contract/common.ts';
import { LIMITS } from '../../contract/common.ts';
import type { MergeRules, Space } from '../../contract/spaces.ts';
import { atLeast, membership, requireLevel, spaceLevel } from '../access.ts';
import { DAY_MS } from '../clock.ts';
import type { Workspace } from '../context.ts';
import { conflict, notFound } from '../errors.ts';
import { keysetPage, mapPage } from '../paging.ts';
import { countOpenComments } from './revisions.ts';
import { type SiteRow, siteBaseUrl, withShareKey } from './siteUrls.ts';

/** A row of the `spaces` table. */
export interface SpaceRow {
  id: string;
  organization_id: string;
  parent_id: string | null;
  title: string;
  emoji: string;
  visibility: string;
  edit_mode: string;
  merge_rules: string;
  language: string | null;
  default_level: Role | null;
  revision_id: string;
  share_key: string | null;
  git_sync: string | null;
  visitor_auth: string | null;
  position: number;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
}

/** ISO timestamp before which soft-deleted spaces are gone for good. */
function purgeCutoff(ws: Workspace): string {
  return new Date(ws.clock.now().getTime() - LIMITS.restoreWindowDays * DAY_MS).toISOString();
}

/** Whether a soft-deleted space is past the restore window. */
export function isExpired(ws: Workspace, row: SpaceRow): boolean {
  return row.deleted_at !== null && row.deleted_at < purgeCutoff(ws);
}

/** Removes one space for good (its revisions, change requests and comments go with it). */
export function purgeSpace(ws: Workspace, spaceId: string): void {
  ws.db.transaction(() => {
    ws.db
      .prepare("DELETE FROM team_permissions WHERE target_type = 'space' AND target_id = ?")
      .run(spaceId);
    ws.db.prepare('DELETE FROM spaces WHERE id = ?').run(spaceId);
  })();
}

/** Permanently removes the spaces soft-deleted more than 7 days ago (by the workspace clock). */
export function purgeExpiredSpaces(ws: Workspace): number {
  const expired = ws.db
    .prepare('SELECT id FROM spaces WHERE deleted_at IS NOT NULL AND deleted_at < ?')
    .all(purgeCutoff(ws)) as Array<{ id: string }>;
  for (const { id } of expired) purgeSpace(ws, id);
  return expired.length;
}

/** The space row by id, soft-deleted ones included. */
export function getSpaceRow(ws: Workspace, spaceId: string): SpaceRow | undefined {
  return ws.db.prepare('SELECT * FROM spaces WHERE id = ?').get(spaceId) as SpaceRow | undefined;
}

/**
 * The space and the caller's level on it, after purging expired spaces: 404 when missing,
 * unreadable or deleted (a deleted space is visible only with `allowDeleted` to its admins), 403
 * when readable but below `required`.
 */
export function requireSpace(
  ws: Workspace,
  spaceId: string,
  callerId: string,
  required: Role,
  options: { shareKey?: string | undefined; allowDeleted?: boolean } = {},
): { row: SpaceRow; level: Role } {
  purgeExpiredSpaces(ws);
  const row = getSpaceRow(ws, spaceId);
  if (!row) throw notFound('space');
  const level = spaceLevel(ws.db, callerId, row, options.shareKey);
  if (row.deleted_at && !(options.allowDeleted && atLeast(level, 'admin'))) {
    throw notFound('space');
  }
  requireLevel(level, required, 'space');
  return { row, level: level as Role };
}

/** 409 when the space's content is locked. */
export function assertEditable(row: SpaceRow): void {
  if (row.edit_mode === 'locked') throw conflict('space is locked');
}

/** Bumps the space's `updatedAt`. */
export function touchSpace(ws: Workspace, spaceId: string): void {
  ws.db.prepare('UPDATE spaces SET updated_at = ? WHERE id = ?').run(ws.now(), spaceId);
}

function parseJson<T>(text: string | null, fallback: T): T {
  if (!text) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

/** The first published site that shows the space, with the site space's path. */
function publishedSiteOf(ws: Workspace, spaceId: string) {
  return ws.db
    .prepare(
      `SELECT s.*, ss.path AS site_space_path FROM site_spaces ss JOIN sites s ON s.id = ss.site_id
       WHERE ss.space_id = ? AND s.published = 1 ORDER BY s.created_at, s.id LIMIT 1`,
    )
    .get(spaceId) as (SiteRow & { site_space_path: string }) | undefined;
}

/** The `Space` shape, with counts and `permissions` computed for the caller. */
export function spaceJson(
  ws: Workspace,
  row: SpaceRow,
  callerId: string,
  options: { shareKey?: string | undefined; level?: Role | null } = {},
): Space {
  const level =
    options.level !== undefined
      ? options.level
      : spaceLevel(ws.db, callerId, row, options.shareKey);
  const counts = ws.db
    .prepare(
      `SELECT count(*) AS total,
         coalesce(sum(status = 'open'), 0) AS open,
         coalesce(sum(status = 'draft'), 0) AS draft
       FROM change_requests WHERE space_id = ?`,
    )
    .get(row.id) as { total: number; open: number; draft: number };
  const locked = row.edit_mode === 'locked';
  const urls: NonNullable<Space['urls']> = {
    location: `${ws.publicUrl}/v1/spaces/${row.id}`,
    app: `${ws.publicUrl}/app/spaces/${row.id}`,
  };
  if (row.visibility === 'public' || row.visibility === 'unlisted') {
    urls.public = `${ws.publicUrl}/public/spaces/${row.id}`;
    urls.published = urls.public;
  } else if (row.visibility === 'share-link' && row.share_key) {
    // The secret key only travels to those who already hold it or administrate the space.
    if ((options.shareKey && options.shareKey === row.share_key) || atLeast(level, 'admin')) {
      urls.published = `${ws.publicUrl}/public/spaces/${row.id}?shareKey=${encodeURIComponent(row.share_key)}`;
    }
  } else if (row.visibility === 'visitor-auth') {
    urls.published = `${ws.publicUrl}/public/spaces/${row.id}`;
  }
  const site = publishedSiteOf(ws, row.id);
  if (site) {
    const showKey =
      (!!options.shareKey && options.shareKey === site.share_key) || atLeast(level, 'admin');
    urls.published = withShareKey(
      site,
      `${siteBaseUrl(ws, site)}/${site.site_space_path}`,
      showKey,
    );
  }
  const space: Space = {
    object: 'space',
    id: row.id,
    title: row.title,
    emoji: row.emoji,
    visibility: row.visibility as Space['visibility'],
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    editMode: row.edit_mode as Space['editMode'],
    mergeRules: parseJson<MergeRules>(row.merge_rules, { type: 'inherit' }),
    urls,
    organization: row.organization_id,
    revision: row.revision_id,
    defaultLevel: row.default_level,
    comments: countOpenComments(ws, { spaceId: row.id }),
    changeRequests: counts.total,
    changeRequestsOpen: counts.open,
    changeRequestsDraft: counts.draft,
    permissions: {
      view: atLeast(level, 'read'),
      access: atLeast(level, 'read'),
      admin: atLeast(level, 'admin'),
      viewInviteLinks: atLeast(level, 'admin'),
      edit: atLeast(level, 'edit') && !locked,
      triggerGitSync: atLeast(level, 'edit') && !locked,
      comment: atLeast(level, 'comment'),
      merge: atLeast(level, 'review') && !locked,
      review: atLeast(level, 'review'),
      installIntegration: atLeast(level, 'admin'),
    },
  };
  if (row.deleted_at) space.deletedAt = row.deleted_at;
  if (row.parent_id) space.parent = row.parent_id;
  if (row.language) space.language = row.language as Space['language'];
  const gitSync = parseJson<Space['gitSync'] | null>(row.git_sync, null);
  if (gitSync) space.gitSync = gitSync;
  const visitorAuth = parseJson<Space['visitorAuth'] | null>(row.visitor_auth, null);
  if (visitorAuth) space.visitorAuth = visitorAuth;
  return space;
}

/** The live spaces of an organization that the user can read, with the user's level on each. */
export function readableSpaces(
  ws: Workspace,
  organizationId: string,
  userId: string,
): Map<string, Role> {
  const rows = ws.db
    .prepare('SELECT * FROM spaces WHERE organization_id = ? AND deleted_at IS NULL')
    .all(organizationId) as SpaceRow[];
  const result = new Map<string, Role>();
  for (const row of rows) {
    const level = spaceLevel(ws.db, userId, row);
    if (level && atLeast(level, 'read')) result.set(row.id, level);
  }
  return result;
}

/** Whether the user's organization role alone lets them read every space. */
function readsAll(ws: Workspace, organizationId: string, userId: string): boolean {
  return atLeast(membership(ws.db, organizationId, userId)?.role, 'read');
}

/** A keyset page of live spaces, limited to those the caller can read. */
function listSpaces(
  ws: Workspace,
  callerId: string,
  options: {
    organizationId: string;
    where: string[];
    params: unknown[];
    orderBy: 'created' | 'position';
    limit: number;
    page?: string | undefined;
    scope: string;
  },
): ListPage<Space> {
  const where = [...options.where, 's.deleted_at IS NULL'];
  const params = [...options.params];
  if (!readsAll(ws, options.organizationId, callerId)) {
    where.push('s.id IN (SELECT value FROM json_each(?))');
    params.push(JSON.stringify([...readableSpaces(ws, options.organizationId, callerId).keys()]));
  }
  const order =
    options.orderBy === 'created'
      ? [
          { column: 's.created_at', dir: 'asc' as const },
          { column: 's.id', dir: 'asc' as const },
        ]
      : [
          { column: 's.position', dir: 'asc' as const },
          { column: 's.id', dir: 'asc' as const },
        ];
  const page = keysetPage<SpaceRow>(ws.db, {
    select: 'SELECT s.* FROM spaces s',
    where,
    params,
    orderBy: order,
    keyOf: ((row: SpaceRow) =>
      options.orderBy === 'created' ? [row.created_at, row.id] : [row.position, row.id]) as never,
    limit: options.limit,
    page: options.page,
    scope: options.scope,
  });
  return mapPage(page, (row) => spaceJson(ws, row, callerId));
}

/** `GET {org}/spaces`: the live spaces the caller can read, oldest first. */
export function listOrganizationSpaces(
  ws: Workspace,
  organizationId: string,
  callerId: string,
  query: { limit: number; page?: string | undefined },
): ListPage<Space> {
  purgeExpiredSpaces(ws);
  const exists = ws.db.prepare('SELECT 1 FROM organizations WHERE id = ?').get(organizationId);
  if (!exists || !membership(ws.db, organizationId, callerId)) throw notFound('organization');
  return listSpaces(ws, callerId, {
    organizationId,
    where: ['s.organization_id = ?'],
    params: [organizationId],
    orderBy: 'created',
    limit: query.limit,
    page: query.page,
    scope: `org-spaces:${organizationId}`,
  });
}

/** `GET /v1/collections/{collectionId}/spaces`: its direct spaces, in position order. */
export function listCollectionSpaces(
  ws: Workspace,
  collection: { id: string; organization_id: string },
  callerId: string,
  query: { limit: number; page?: string | undefined },
): ListPage<Space> {
  purgeExpiredSpaces(ws);
  return listSpaces(ws, callerId, {
    organizationId: collection.organization_id,
    where: ['s.parent_id = ?'],
    params: [collection.id],
    orderBy: 'position',
    limit: query.limit,
    page: query.page,
    scope: `collection-spaces:${collection.id}`,
  });
}

/** The Space embedded in a site space, as the caller sees it. */
export function embeddedSpace(ws: Workspace, spaceId: string, callerId: string): Space {
  const row = getSpaceRow(ws, spaceId);
  if (!row) throw notFound('space');
  return spaceJson(ws, row, callerId);
}
