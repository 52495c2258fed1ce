import { createHash } from 'node:crypto';
import type { ListPage } from '../../contract/common.ts';
import type {
  OpenAPIProcessError,
  OpenAPISpec,
  OpenAPISpecVersion,
  OpenAPISpecVersionContent,
} from '../../contract/openapi.ts';
import type { Workspace } from '../context.ts';
import { conflict } from '../errors.ts';
import { keysetPage, mapPage } from '../paging.ts';

/** A row of `openapi_specs`. */
export interface SpecRow {
  id: string;
  organization_id: string;
  slug: string;
  source_url: string;
  visibility: 'private' | 'public';
  processing_state: 'pending' | 'progress' | 'complete';
  last_version_id: string | null;
  last_processed_at: string | null;
  last_error_code: string | null;
  last_errors: string;
  generation: number;
  created_at: string;
  updated_at: string;
}

interface VersionRow {
  id: string;
  spec_id: string;
  seq: number;
  file_name: string;
  content_hash: string;
  created_at: string;
}

const SPEC_COLUMNS = `id, organization_id, slug, source_url, visibility, processing_state,
  last_version_id, last_processed_at, last_error_code, last_errors, generation, created_at, updated_at`;

function specPath(ws: Workspace, spec: Pick<SpecRow, 'organization_id' | 'slug'>): string {
  return `${ws.publicUrl}/v1/orgs/${spec.organization_id}/openapi/${encodeURIComponent(spec.slug)}`;
}

/** Public address of a `public` spec's latest content (served outside /v1, without a token). */
export function publishedSpecUrl(ws: Workspace, organizationId: string, slug: string): string {
  return `${ws.publicUrl}/public/openapi/${organizationId}/${encodeURIComponent(slug)}`;
}

/**
 * The absolute source URL: a source stored as a path (the demo spec served by the embedded server
 * itself) is resolved against the server's public URL, which is only known once it listens.
 */
export function resolveSourceUrl(ws: Workspace, stored: string): string {
  return stored.startsWith('/') ? new URL(stored, ws.publicUrl).href : stored;
}

/** The `OpenAPISpec` shape of a row; `canEdit` is the caller's organization admin right. */
export function specJson(ws: Workspace, row: SpecRow, canEdit: boolean): OpenAPISpec {
  const errors = JSON.parse(row.last_errors) as OpenAPIProcessError[];
  return {
    object: 'openapi-spec',
    id: row.id,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    slug: row.slug,
    sourceURL: resolveSourceUrl(ws, row.source_url),
    processingState: row.processing_state,
    visibility: row.visibility,
    ...(row.last_version_id ? { lastVersion: row.last_version_id } : {}),
    ...(row.last_processed_at ? { lastProcessedAt: row.last_processed_at } : {}),
    ...(row.last_error_code
      ? {
          lastProcessErrorCode: row.last_error_code as OpenAPISpec['lastProcessErrorCode'],
        }
      : {}),
    lastProcessedErrors: errors,
    permissions: { view: true, edit: canEdit },
    urls: {
      location: specPath(ws, row),
      app: `${ws.publicUrl}/app/o/${row.organization_id}/openapi/${encodeURIComponent(row.slug)}`,
      ...(row.visibility === 'public'
        ? { published: publishedSpecUrl(ws, row.organization_id, row.slug) }
        : {}),
    },
  };
}

/** One spec by slug, or undefined. */
export function getSpecRow(
  ws: Workspace,
  organizationId: string,
  slug: string,
): SpecRow | undefined {
  return ws.db
    .prepare(`SELECT ${SPEC_COLUMNS} FROM openapi_specs WHERE organization_id = ? AND slug = ?`)
    .get(organizationId, slug) as SpecRow | undefined;
}

/** One spec by id, or undefined. */
export function getSpecById(ws: Workspace, id: string): SpecRow | undefined {
  return ws.db.prepare(`SELECT ${SPEC_COLUMNS} FROM openapi_specs WHERE id = ?`).get(id) as
    | SpecRow
    | undefined;
}

/** The organization's specs, oldest first. */
export function listSpecs(
  ws: Workspace,
  organizationId: string,
  options: { limit: number; page?: string | undefined; canEdit: boolean },
): ListPage<OpenAPISpec> {
  const page = keysetPage<SpecRow>(ws.db, {
    select: `SELECT ${SPEC_COLUMNS} FROM openapi_specs`,
    where: ['organization_id = ?'],
    params: [organizationId],
    orderBy: [
      { column: 'created_at', dir: 'asc' },
      { column: 'id', dir: 'asc' },
    ],
    keyOf: (row: SpecRow) => [row.created_at, row.id],
    limit: options.limit,
    page: options.page,
    scope: `openapi-specs:${organizationId}`,
  });
  return mapPage(page, (row) => specJson(ws, row, options.canEdit));
}

/** Inserts a spec in state `pending`; 409 when the slug is taken in the organization. */
export function insertSpec(
  ws: Workspace,
  organizationId: string,
  input: { slug: string; sourceUrl: string; visibility?: 'private' | 'public' },
): SpecRow {
  if (getSpecRow(ws, organizationId, input.slug)) {
    throw conflict(`slug: an OpenAPI spec with the slug "${input.slug}" already exists`);
  }
  const id = ws.ids.next();
  const now = ws.now();
  ws.db
    .prepare(
      `INSERT INTO openapi_specs (id, organization_id, slug, source_url, visibility, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(id, organizationId, input.slug, input.sourceUrl, input.visibility ?? 'private', now, now);
  return getSpecById(ws, id) as SpecRow;
}

/** Creates the spec, or changes its source; either way it is queued for processing. */
export function putSpec(
  ws: Workspace,
  organizationId: string,
  slug: string,
  sourceUrl: string,
): { row: SpecRow; created: boolean } {
  const existing = getSpecRow(ws, organizationId, slug);
  if (!existing) return { row: insertSpec(ws, organizationId, { slug, sourceUrl }), created: true };
  ws.db
    .prepare('UPDATE openapi_specs SET source_url = ?, updated_at = ? WHERE id = ?')
    .run(sourceUrl, ws.now(), existing.id);
  return { row: getSpecById(ws, existing.id) as SpecRow, created: false };
}

/** Sets `visibility`. */
export function setSpecVisibility(
  ws: Workspace,
  spec: SpecRow,
  visibility: 'private' | 'public',
): SpecRow {
  ws.db
    .prepare('UPDATE openapi_specs SET visibility = ?, updated_at = ? WHERE id = ?')
    .run(visibility, ws.now(), spec.id);
  return getSpecById(ws, spec.id) as SpecRow;
}

/** Deletes a spec and its versions; nothing happens when it does not exist. */
export function deleteSpec(ws: Workspace, organizationId: string, slug: string): void {
  ws.db
    .prepare('DELETE FROM openapi_specs WHERE organization_id = ? AND slug = ?')
    .run(organizationId, slug);
}

function versionJson(ws: Workspace, spec: SpecRow, row: VersionRow): OpenAPISpecVersion {
  const location = `${specPath(ws, spec)}/versions/${row.id}`;
  return {
    object: 'openapi-spec-version',
    id: row.id,
    createdAt: row.created_at,
    url: `${location}/content`,
    urls: { location },
  };
}

const VERSION_COLUMNS = 'id, spec_id, seq, file_name, content_hash, created_at';

/** A spec's versions, newest first. */
export function listVersions(
  ws: Workspace,
  spec: SpecRow,
  options: { limit: number; page?: string | undefined },
): ListPage<OpenAPISpecVersion> {
  const page = keysetPage<VersionRow>(ws.db, {
    select: `SELECT ${VERSION_COLUMNS} FROM openapi_versions`,
    where: ['spec_id = ?'],
    params: [spec.id],
    orderBy: [{ column: 'seq', dir: 'desc' }],
    keyOf: (row: VersionRow) => [row.seq],
    limit: options.limit,
    page: options.page,
    scope: `openapi-versions:${spec.id}`,
  });
  return mapPage(page, (row) => versionJson(ws, spec, row));
}

function versionRow(ws: Workspace, spec: SpecRow, versionId: string): VersionRow | undefined {
  if (versionId === 'latest') {
    return ws.db
      .prepare(
        `SELECT ${VERSION_COLUMNS} FROM openapi_versions WHERE spec_id = ? ORDER BY seq DESC LIMIT 1`,
      )
      .get(spec.id) as VersionRow | undefined;
  }
  return ws.db
    .prepare(`SELECT ${VERSION_COLUMNS} FROM openapi_versions WHERE spec_id = ? AND id = ?`)
    .get(spec.id, versionId) as VersionRow | undefined;
}

/** One version (`latest` or an id), or undefined. */
export function getVersion(
  ws: Workspace,
  spec: SpecRow,
  versionId: string,
): OpenAPISpecVersion | undefined {
  const row = versionRow(ws, spec, versionId);
  return row ? versionJson(ws, spec, row) : undefined;
}

/** One version's content (`latest` or an id), or undefined. */
export function getVersionContent(
  ws: Workspace,
  spec: SpecRow,
  versionId: string,
): OpenAPISpecVersionContent | undefined {
  const row = versionRow(ws, spec, versionId);
  if (!row) return undefined;
  const { content } = ws.db
    .prepare('SELECT content FROM openapi_versions WHERE id = ?')
    .get(row.id) as { content: string };
  return {
    filesystem: { [row.file_name]: JSON.parse(content) as unknown },
    url: versionJson(ws, spec, row).url,
  };
}

/** Hash of a parsed document, independent of formatting (keys are serialized in order). */
export function documentHash(document: unknown): string {
  return createHash('sha256').update(JSON.stringify(document)).digest('hex');
}

/**
 * Stores `document` as the spec's newest version unless its content equals the latest version's;
 * returns the id of the version that is now the latest.
 */
export function storeVersion(
  ws: Workspace,
  specId: string,
  document: unknown,
  fileName: string,
): string {
  const hash = documentHash(document);
  const latest = ws.db
    .prepare(
      'SELECT id, content_hash, seq FROM openapi_versions WHERE spec_id = ? ORDER BY seq DESC LIMIT 1',
    )
    .get(specId) as { id: string; content_hash: string; seq: number } | undefined;
  if (latest && latest.content_hash === hash) return latest.id;
  const id = ws.ids.next();
  ws.db
    .prepare(
      `INSERT INTO openapi_versions (id, spec_id, seq, file_name, content_hash, content, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(id, specId, (latest?.seq ?? 0) + 1, fileName, hash, JSON.stringify(document), ws.now());
  return id;
}

/** Records a finished processing: `complete`, with the errors of a failure (or none). */
export function recordProcessing(
  ws: Workspace,
  specId: string,
  result: { versionId?: string; errorCode?: string; errors?: OpenAPIProcessError[] },
): void {
  const now = ws.now();
  ws.db
    .prepare(
      `UPDATE openapi_specs SET processing_state = 'complete', last_processed_at = ?,
         last_version_id = COALESCE(?, last_version_id), last_error_code = ?, last_errors = ?,
         updated_at = ?
       WHERE id = ?`,
    )
    .run(
      now,
      result.versionId ?? null,
      result.errorCode ?? null,
      JSON.stringify(result.errors ?? []),
      now,
      specId,
    );
}
