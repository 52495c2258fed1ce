import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { validate as validateApi } from '@readme/openapi-parser';
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

/** Largest source document accepted by processing, in bytes. */
export const MAX_SOURCE_BYTES = 10 * 1024 * 1024;

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

function getSpecById(ws: Workspace, id: string): SpecRow | undefined {
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

/** A processing failure, reported in the spec. */
class ProcessError extends Error {
  constructor(
    readonly code: 'FETCH_TIMEOUT' | 'FETCH_ERROR' | 'PARSE_ERROR',
    readonly details: OpenAPIProcessError[],
  ) {
    super(details[0]?.message ?? code);
  }
}

/** The file name a version's document is stored under, from the source URL's last segment. */
export function fileNameOf(sourceUrl: string, yaml: boolean): string {
  try {
    const last = new URL(sourceUrl).pathname.split('/').pop() ?? '';
    if (/^[\w.-]+\.(json|ya?ml)$/i.test(last)) return last;
  } catch {
    // fall through to the default name
  }
  return yaml ? 'openapi.yaml' : 'openapi.json';
}

async function fetchSource(ws: Workspace, url: string): Promise<string> {
  let response: Response;
  const signal = AbortSignal.timeout(ws.fetchTimeoutMs);
  try {
    response = await fetch(url, {
      signal,
      redirect: 'follow',
      headers: { accept: 'application/json, application/yaml, text/yaml, */*' },
    });
  } catch (error) {
    throw fetchFailure(error, url, ws.fetchTimeoutMs);
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => {});
    throw new ProcessError('FETCH_ERROR', [
      { message: `GET ${url} answered ${response.status}`, code: `HTTP_${response.status}` },
    ]);
  }
  try {
    const chunks: Uint8Array[] = [];
    let size = 0;
    const reader = response.body?.getReader();
    while (reader) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > MAX_SOURCE_BYTES) {
        await reader.cancel().catch(() => {});
        throw new ProcessError('FETCH_ERROR', [
          { message: `the document is larger than ${MAX_SOURCE_BYTES} bytes`, code: 'TOO_LARGE' },
        ]);
      }
      chunks.push(value);
    }
    return Buffer.concat(chunks).toString('utf8');
  } catch (error) {
    if (error instanceof ProcessError) throw error;
    throw fetchFailure(error, url, ws.fetchTimeoutMs);
  }
}

function fetchFailure(error: unknown, url: string, timeoutMs: number): ProcessError {
  const name = error instanceof Error ? error.name : '';
  if (name === 'TimeoutError' || name === 'AbortError') {
    return new ProcessError('FETCH_TIMEOUT', [
      { message: `GET ${url} did not answer within ${timeoutMs} ms`, code: 'TIMEOUT' },
    ]);
  }
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : undefined;
  const code = (cause as (Error & { code?: string }) | undefined)?.code;
  return new ProcessError('FETCH_ERROR', [
    {
      message: `GET ${url} failed: ${cause?.message ?? (error instanceof Error ? error.message : String(error))}`,
      ...(code ? { code } : {}),
    },
  ]);
}

/** Parses JSON or YAML text into a value; YAML goes through the OpenAPI parser's own loader. */
async function parseText(text: string): Promise<{ value: unknown; yaml: boolean }> {
  try {
    return { value: JSON.parse(text) as unknown, yaml: false };
  } catch {
    // not JSON: try YAML below
  }
  const dir = await mkdtemp(join(tmpdir(), 'docs-graph-openapi-'));
  const file = join(dir, 'source.yaml');
  try {
    await writeFile(file, text);
    const { parse } = await import('@readme/openapi-parser');
    const value = await parse(file, { resolve: { external: false } });
    return { value, yaml: true };
  } catch (error) {
    throw new ProcessError('PARSE_ERROR', [
      {
        message: `the document is neither JSON nor YAML: ${(error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error)).replaceAll(`"${file}"`, 'it').replaceAll(file, 'it')}`,
        code: 'SYNTAX',
      },
    ]);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Parses and validates a document's text as OpenAPI 3.x or Swagger 2.0; returns the parsed
 * (not dereferenced) document, or throws the PARSE_ERROR details.
 */
export async function parseOpenApiDocument(
  text: string,
): Promise<{ document: Record<string, unknown>; yaml: boolean }> {
  const { value, yaml } = await parseText(text);
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    throw new ProcessError('PARSE_ERROR', [
      { message: 'the document is not an object', code: 'NOT_AN_OBJECT' },
    ]);
  }
  // The parser and its validators load with the first document, not with the server.
  const { validate } = await import('@readme/openapi-parser');
  let result: Awaited<ReturnType<typeof validateApi>>;
  try {
    result = await validate(structuredClone(value) as never, {
      resolve: { external: false },
    });
  } catch (error) {
    throw new ProcessError('PARSE_ERROR', [
      { message: error instanceof Error ? error.message : String(error), code: 'INVALID' },
    ]);
  }
  if (!result.valid) {
    throw new ProcessError(
      'PARSE_ERROR',
      result.errors.slice(0, 20).map((e) => ({ message: e.message, code: 'INVALID' })),
    );
  }
  return { document: value as Record<string, unknown>, yaml };
}

/** Queues the spec for (re)processing: state `pending`, then a job fetches and parses it. */
export function requestProcessing(ws: Workspace, specId: string): void {
  ws.db
    .prepare(
      `UPDATE openapi_specs SET processing_state = 'pending', generation = generation + 1
       WHERE id = ?`,
    )
    .run(specId);
  const { generation } = ws.db
    .prepare('SELECT generation FROM openapi_specs WHERE id = ?')
    .get(specId) as { generation: number };
  ws.jobs.run(`openapi:${specId}`, () => processSpec(ws, specId, generation));
}

function isCurrent(ws: Workspace, specId: string, generation: number): boolean {
  const row = ws.db.prepare('SELECT generation FROM openapi_specs WHERE id = ?').get(specId) as
    | { generation: number }
    | undefined;
  return row?.generation === generation;
}

/**
 * The processing job: `progress`, fetch, parse and validate, store a version when the content
 * changed, then `complete` (also after a failure, which is recorded and keeps the last good
 * version). A newer request for the same spec supersedes this run; a deleted spec ends it.
 * Never throws.
 */
export async function processSpec(ws: Workspace, specId: string, generation: number) {
  try {
    const spec = getSpecById(ws, specId);
    if (!spec || spec.generation !== generation) return;
    ws.db
      .prepare(`UPDATE openapi_specs SET processing_state = 'progress' WHERE id = ?`)
      .run(specId);
    let outcome: { versionId?: string; errorCode?: string; errors?: OpenAPIProcessError[] };
    let parsed: { document: Record<string, unknown>; yaml: boolean } | undefined;
    try {
      const text = await fetchSource(ws, resolveSourceUrl(ws, spec.source_url));
      parsed = await parseOpenApiDocument(text);
      outcome = {};
    } catch (error) {
      outcome =
        error instanceof ProcessError
          ? { errorCode: error.code, errors: error.details }
          : {
              errorCode: 'PARSE_ERROR',
              errors: [{ message: error instanceof Error ? error.message : String(error) }],
            };
    }
    ws.db.transaction(() => {
      if (!isCurrent(ws, specId, generation)) return;
      if (parsed) {
        outcome.versionId = storeVersion(
          ws,
          specId,
          parsed.document,
          fileNameOf(spec.source_url, parsed.yaml),
        );
      }
      recordProcessing(ws, specId, outcome);
    })();
  } catch {
    // The database went away (closed workspace) or the spec vanished mid-way: nothing to record.
  }
}
