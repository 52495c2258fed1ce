import type {
  ChangeRequest,
  ChangeRequestList,
  ChangeRequestListQuery,
  OrganizationChangeRequestListQuery,
  UpdateChangeRequestBody,
} from '../../contract/changeRequests.ts';
import type { Document, Role } from '../../contract/common.ts';
import { atLeast, requireLevel, spaceLevel } from '../access.ts';
import type { Workspace } from '../context.ts';
import { badRequest, conflict, notFound } from '../errors.ts';
import { keysetPage, withItems } from '../paging.ts';
import { copyRevision, countOpenComments } from './revisions.ts';
import { assertEditable, getSpaceRow, requireSpace, type SpaceRow } from './spaces.ts';
import { usersJson } from './users.ts';

/** A row of `change_requests`. */
export interface ChangeRequestRow {
  id: string;
  space_id: string;
  number: number;
  status: string;
  subject: string;
  description: string | null;
  created_by: string | null;
  revision_id: string;
  revision_initial: string;
  revision_merged_ancestor: string | null;
  revision_merged: string | null;
  conversations_issues_cluster: string | null;
  requested_reviewers: string;
  created_at: string;
  updated_at: string;
}

/** The space of a change request as `requireSpace` resolves it, with the caller's level. */
export interface ResolvedSpace {
  row: SpaceRow;
  level: Role | null;
}

/** Statuses a change request can still be merged or updated in. */
export const ACTIVE_STATUSES = new Set(['draft', 'open']);

/** The change request of a space by id or by number, if any. */
export function getChangeRequestRow(
  ws: Workspace,
  spaceId: string,
  idOrNumber: string,
): ChangeRequestRow | undefined {
  const byId = ws.db
    .prepare('SELECT * FROM change_requests WHERE space_id = ? AND id = ?')
    .get(spaceId, idOrNumber) as ChangeRequestRow | undefined;
  if (byId || !/^[0-9]{1,9}$/.test(idOrNumber)) return byId;
  return ws.db
    .prepare('SELECT * FROM change_requests WHERE space_id = ? AND number = ?')
    .get(spaceId, Number(idOrNumber)) as ChangeRequestRow | undefined;
}

/**
 * Resolves a change request of a space (by id or number) for the caller: 404 when the space or
 * the request is not there or not readable, 403 when the caller reads it but lacks `required`.
 */
export function requireChangeRequest(
  ws: Workspace,
  spaceId: string,
  idOrNumber: string,
  callerId: string,
  required: Role,
): { space: ResolvedSpace; changeRequest: ChangeRequestRow } {
  const space = requireSpace(ws, spaceId, callerId, 'read') as ResolvedSpace;
  const changeRequest = getChangeRequestRow(ws, space.row.id, idOrNumber);
  if (!changeRequest) throw notFound('change request');
  requireLevel(space.level, required, 'change request');
  return { space, changeRequest };
}

/** The change request's app URL (its pages live under it). */
export function changeRequestAppUrl(ws: Workspace, row: ChangeRequestRow): string {
  return `${ws.publicUrl}/app/s/${row.space_id}/~/changes/${row.number}`;
}

function isOutdated(row: ChangeRequestRow, spaceRevision: string | undefined): boolean {
  if (!ACTIVE_STATUSES.has(row.status) || !spaceRevision) return false;
  return spaceRevision !== (row.revision_merged_ancestor ?? row.revision_initial);
}

function reviewerIds(row: ChangeRequestRow): string[] {
  try {
    const ids = JSON.parse(row.requested_reviewers) as unknown;
    return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * The `ChangeRequest` shape of rows, for one caller. `level` is the caller's level on the space
 * (computed when not given).
 */
export function changeRequestsJson(
  ws: Workspace,
  rows: readonly ChangeRequestRow[],
  callerId: string,
  levels: Map<string, Role | null> = new Map(),
): ChangeRequest[] {
  const users = usersJson(ws, [
    ...rows.flatMap((r) => (r.created_by ? [r.created_by] : [])),
    ...rows.flatMap(reviewerIds),
  ]);
  const spaces = new Map<string, SpaceRow | undefined>();
  return rows.map((row) => {
    if (!spaces.has(row.space_id)) spaces.set(row.space_id, getSpaceRow(ws, row.space_id));
    const space = spaces.get(row.space_id);
    if (!levels.has(row.space_id)) {
      levels.set(row.space_id, space ? spaceLevel(ws.db, callerId, space) : null);
    }
    const level = levels.get(row.space_id) ?? null;
    const createdBy = row.created_by ? users.get(row.created_by) : undefined;
    const json: ChangeRequest = {
      object: 'change-request',
      id: row.id,
      number: row.number,
      status: row.status as ChangeRequest['status'],
      subject: row.subject,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
      space: row.space_id,
      revision: row.revision_id,
      revisionInitial: row.revision_initial,
      comments: countOpenComments(ws, { spaceId: row.space_id, changeRequestId: row.id }),
      outdated: isOutdated(row, space?.revision_id),
      requestedReviewers: reviewerIds(row).flatMap((id) => {
        const user = users.get(id);
        return user ? [user] : [];
      }),
      urls: {
        app: changeRequestAppUrl(ws, row),
        location: `${ws.publicUrl}/v1/spaces/${row.space_id}/change-requests/${row.id}`,
      },
      permissions: {
        view: atLeast(level, 'read'),
        edit: atLeast(level, 'edit'),
        merge: atLeast(level, 'review'),
        comment: atLeast(level, 'comment'),
      },
    };
    if (row.description) json.description = JSON.parse(row.description) as Document;
    if (createdBy) json.createdBy = createdBy;
    if (row.revision_merged_ancestor) json.revisionMergedAncestor = row.revision_merged_ancestor;
    if (row.revision_merged) json.revisionMerged = row.revision_merged;
    if (row.conversations_issues_cluster) {
      json.conversationsIssuesCluster = row.conversations_issues_cluster;
    }
    return json;
  });
}

/** The `ChangeRequest` shape of one row, for the caller. */
export function changeRequestJson(
  ws: Workspace,
  row: ChangeRequestRow,
  callerId: string,
  level?: Role | null,
): ChangeRequest {
  const levels = new Map<string, Role | null>();
  if (level !== undefined) levels.set(row.space_id, level);
  return changeRequestsJson(ws, [row], callerId, levels)[0] as ChangeRequest;
}

function getById(ws: Workspace, id: string): ChangeRequestRow {
  return ws.db.prepare('SELECT * FROM change_requests WHERE id = ?').get(id) as ChangeRequestRow;
}

/** Records a user as a contributor of a change request. */
export function addContributor(ws: Workspace, changeRequestId: string, userId: string): void {
  ws.db
    .prepare(
      'INSERT OR IGNORE INTO change_request_contributors (change_request_id, user_id) VALUES (?, ?)',
    )
    .run(changeRequestId, userId);
}

/**
 * Inserts a change request of a space: numbered after the space's last one, with its own
 * revision copied from the space's current revision.
 */
export function insertChangeRequest(
  ws: Workspace,
  space: SpaceRow,
  input: {
    subject?: string;
    createdBy: string;
    status?: string;
    description?: Document;
    requestedReviewers?: string[];
    conversationsIssuesCluster?: string;
  },
): ChangeRequestRow {
  const id = ws.ids.next();
  const now = ws.now();
  const number =
    (
      ws.db
        .prepare('SELECT coalesce(max(number), 0) AS n FROM change_requests WHERE space_id = ?')
        .get(space.id) as { n: number }
    ).n + 1;
  const revisionId = copyRevision(ws, space.revision_id, space.id, {
    type: 'edits',
    parents: [space.revision_id],
    changeRequestId: id,
  });
  ws.db
    .prepare(
      `INSERT INTO change_requests (id, space_id, number, status, subject, description, created_by,
         revision_id, revision_initial, conversations_issues_cluster, requested_reviewers,
         created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(
      id,
      space.id,
      number,
      input.status ?? 'draft',
      input.subject ?? '',
      input.description ? JSON.stringify(input.description) : null,
      input.createdBy,
      revisionId,
      space.revision_id,
      input.conversationsIssuesCluster ?? null,
      JSON.stringify(input.requestedReviewers ?? []),
      now,
      now,
    );
  addContributor(ws, id, input.createdBy);
  return getById(ws, id);
}

/** `POST /v1/spaces/{spaceId}/change-requests` (the template, when given, is applied to it). */
export function createChangeRequest(
  ws: Workspace,
  space: SpaceRow,
  callerId: string,
  input: { subject?: string; apply?: (ws: Workspace, row: ChangeRequestRow) => void },
): ChangeRequestRow {
  assertEditable(space);
  return ws.db.transaction(() => {
    const row = insertChangeRequest(ws, space, { createdBy: callerId, subject: input.subject });
    if (input.apply) input.apply(ws, row);
    return getById(ws, row.id);
  })();
}

/** `PATCH {cr}`. */
export function updateChangeRequest(
  ws: Workspace,
  row: ChangeRequestRow,
  body: UpdateChangeRequestBody,
): ChangeRequestRow {
  if (body.status !== undefined && body.status !== row.status) {
    if (body.status === 'merged') throw badRequest('status: merged is reached through the merge');
    if (row.status === 'merged') throw conflict('a merged change request keeps its status');
  }
  const sets: string[] = [];
  const params: unknown[] = [];
  if (body.subject !== undefined) {
    sets.push('subject = ?');
    params.push(body.subject);
  }
  if (body.status !== undefined) {
    sets.push('status = ?');
    params.push(body.status);
  }
  if (body.description !== undefined) {
    sets.push('description = ?');
    params.push(JSON.stringify(body.description));
  }
  if (sets.length === 0) return row;
  sets.push('updated_at = ?');
  params.push(ws.now());
  ws.db
    .prepare(`UPDATE change_requests SET ${sets.join(', ')} WHERE id = ?`)
    .run(...params, row.id);
  return getById(ws, row.id);
}

function filterSql(
  query: ChangeRequestListQuery | OrganizationChangeRequestListQuery,
  where: string[],
  params: unknown[],
): void {
  if (query.status) {
    where.push('cr.status = ?');
    params.push(query.status);
  }
  if (query.creator) {
    where.push('cr.created_by = ?');
    params.push(query.creator);
  }
  if (query.contributor) {
    where.push(
      'EXISTS (SELECT 1 FROM change_request_contributors c WHERE c.change_request_id = cr.id AND c.user_id = ?)',
    );
    params.push(query.contributor);
  }
  if (query.requestedReviewer) {
    where.push('EXISTS (SELECT 1 FROM json_each(cr.requested_reviewers) j WHERE j.value = ?)');
    params.push(query.requestedReviewer);
  }
  if (query.conversationsIssuesCluster) {
    where.push('cr.conversations_issues_cluster = ?');
    params.push(query.conversationsIssuesCluster);
  }
}

function listRows(
  ws: Workspace,
  spaceIds: readonly string[],
  query: ChangeRequestListQuery | OrganizationChangeRequestListQuery,
  scope: string,
) {
  const where: string[] = [];
  const params: unknown[] = [];
  if (spaceIds.length === 0) where.push('0');
  else {
    where.push(`cr.space_id IN (SELECT value FROM json_each(?))`);
    params.push(JSON.stringify(spaceIds));
  }
  filterSql(query, where, params);
  const column = query.orderBy === 'createdAt' ? 'cr.created_at' : 'cr.updated_at';
  return keysetPage<ChangeRequestRow>(ws.db, {
    select: 'SELECT cr.* FROM change_requests cr',
    where,
    params,
    orderBy: [
      { column, dir: 'desc' },
      { column: 'cr.id', dir: 'desc' },
    ],
    keyOf: (row: ChangeRequestRow) => [
      query.orderBy === 'createdAt' ? row.created_at : row.updated_at,
      row.id,
    ],
    limit: query.limit,
    page: query.page,
    scope: `${scope}|${JSON.stringify({ ...query, page: undefined, limit: undefined })}`,
  });
}

/** `GET /v1/spaces/{spaceId}/change-requests`. */
export function listSpaceChangeRequests(
  ws: Workspace,
  space: ResolvedSpace,
  callerId: string,
  query: ChangeRequestListQuery,
): ChangeRequestList {
  const page = listRows(ws, [space.row.id], query, `space-crs:${space.row.id}`);
  const levels = new Map([[space.row.id, space.level]]);
  const items = changeRequestsJson(ws, page.items, callerId, levels);
  return withItems(page, items);
}

/** `GET {org}/change-requests`: change requests of every space of the organization the caller reads. */
export function listOrganizationChangeRequests(
  ws: Workspace,
  organizationId: string,
  callerId: string,
  query: OrganizationChangeRequestListQuery,
): ChangeRequestList {
  const spaces = ws.db
    .prepare('SELECT id FROM spaces WHERE organization_id = ? AND deleted_at IS NULL ORDER BY id')
    .all(organizationId) as Array<{ id: string }>;
  const levels = new Map<string, Role | null>();
  const readable: string[] = [];
  for (const { id } of spaces) {
    const row = getSpaceRow(ws, id);
    if (!row) continue;
    const level = spaceLevel(ws.db, callerId, row);
    levels.set(id, level);
    if (atLeast(level, 'read')) readable.push(id);
  }
  const page = listRows(ws, readable, query, `org-crs:${organizationId}`);
  const items = changeRequestsJson(ws, page.items, callerId, levels);
  return withItems(page, items);
}

/** The revision a change request shows (its current one). */
export function changeRequestRevision(row: ChangeRequestRow): string {
  return row.revision_id;
}

/** Ids of the space's change requests still in progress (draft or open). */
export function activeChangeRequestRevisions(ws: Workspace, spaceId: string): string[] {
  return (
    ws.db
      .prepare(
        "SELECT revision_id FROM change_requests WHERE space_id = ? AND status IN ('draft', 'open')",
      )
      .all(spaceId) as Array<{ revision_id: string }>
  ).map((r) => r.revision_id);
}
