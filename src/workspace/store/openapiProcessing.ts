import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { validate as validateApi } from '@readme/openapi-parser';
import type { OpenAPIProcessError } from '../../contract/openapi.ts';
import type { Workspace } from '../context.ts';
import { getSpecById, recordProcessing, resolveSourceUrl, storeVersion } from './openapi.ts';

/** Largest source document accepted by processing, in bytes. */
export const MAX_SOURCE_BYTES = 10 * 1024 * 1024;

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
