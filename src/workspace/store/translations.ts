import type { Document, ENUMS, ListPage, Role } from '../../contract/common.ts';
import type { CreateTranslationBody, Translation } from '../../contract/translations.ts';
import { atLeast, organizationLevel, spaceLevel } from '../access.ts';
import type { Workspace } from '../context.ts';
import { badRequest, conflict, notFound } from '../errors.ts';
import { arrayPage } from '../paging.ts';
import { copyRevision } from './revisions.ts';
import { touchSpace } from './spaces.ts';
import { insertSpace } from './spaceWrites.ts';

type LanguageCode = (typeof ENUMS.language)[number];

interface TranslationRow {
  id: string;
  organization_id: string;
  source_space_id: string;
  source_language: LanguageCode;
  language: LanguageCode;
  instructions: string;
  status: 'pending' | 'running' | 'completed';
  run_queued: number;
  result_space_id: string | null;
  result_revision_id: string | null;
  runs: number;
  total_words: number;
  total_pages: number;
  total_duration: number;
  latest_run_duration: number;
  latest_pages: number;
  latest_words: number;
  created_at: string;
  updated_at: string;
}

interface SourceSpaceRow {
  id: string;
  organization_id: string;
  parent_id: string | null;
  visibility: string;
  default_level: Role | null;
  share_key: string | null;
  title: string;
  language: string | null;
  revision_id: string;
  deleted_at: string | null;
}

const EMPTY_DOCUMENT: Document = { object: 'document', data: { schemaVersion: 1 }, nodes: [] };
const SPACE_TITLE_MAX = 50;

function getSpace(ws: Workspace, spaceId: string): SourceSpaceRow | undefined {
  return ws.db
    .prepare(
      `SELECT id, organization_id, parent_id, visibility, default_level, share_key, title, language,
         revision_id, deleted_at FROM spaces WHERE id = ?`,
    )
    .get(spaceId) as SourceSpaceRow | undefined;
}

function getRow(ws: Workspace, organizationId: string, translationId: string) {
  return ws.db
    .prepare('SELECT * FROM translations WHERE id = ? AND organization_id = ?')
    .get(translationId, organizationId) as TranslationRow | undefined;
}

/** True when the caller may read the translation: they can read its source space. */
function canView(ws: Workspace, row: TranslationRow, callerId: string): boolean {
  const space = getSpace(ws, row.source_space_id);
  return !!space && atLeast(spaceLevel(ws.db, callerId, space), 'read');
}

function translationJson(ws: Workspace, row: TranslationRow, callerId: string): Translation {
  return {
    object: 'translation',
    id: row.id,
    status: row.status,
    source: { space: row.source_space_id, language: row.source_language },
    language: row.language,
    instructions: JSON.parse(row.instructions) as Document,
    ...(row.result_space_id && row.result_revision_id
      ? { result: { space: row.result_space_id, revision: row.result_revision_id } }
      : {}),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    stats: {
      runs: row.runs,
      totalWords: row.total_words,
      totalPages: row.total_pages,
      totalDuration: row.total_duration,
      latestRunDuration: row.latest_run_duration,
      latestPages: row.latest_pages,
      latestWords: row.latest_words,
    },
    permissions: {
      view: true,
      edit: organizationLevel(ws.db, row.organization_id, callerId) === 'admin',
    },
    urls: { location: `${ws.publicUrl}/v1/orgs/${row.organization_id}/translations/${row.id}` },
  };
}

/** A translation the caller can read; 404 otherwise. */
function requireRow(
  ws: Workspace,
  organizationId: string,
  translationId: string,
  callerId: string,
) {
  const row = getRow(ws, organizationId, translationId);
  if (!row || !canView(ws, row, callerId)) throw notFound('translation');
  return row;
}

/**
 * Words of a Markdown text: runs of letters and digits (joined by apostrophes or hyphens), after
 * dropping code fences' markers, HTML tags, link and image targets and autolinks.
 */
export function countWords(markdown: string): number {
  const text = markdown
    .replace(/<[^>\n]*>/g, ' ')
    .replace(/\]\([^)\n]*\)/g, '] ')
    .replace(/https?:\/\/\S+/g, ' ');
  return text.match(/[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu)?.length ?? 0;
}

/** `GET {org}/translations`: oldest first, only those whose source space the caller can read. */
export function listTranslations(
  ws: Workspace,
  organizationId: string,
  callerId: string,
  query: { page?: string | undefined; limit: number },
): ListPage<Translation> {
  const rows = ws.db
    .prepare('SELECT * FROM translations WHERE organization_id = ?')
    .all(organizationId) as TranslationRow[];
  const visible = rows.filter((row) => canView(ws, row, callerId));
  const page = arrayPage(visible, {
    keyOf: (row) => [row.created_at, row.id],
    limit: query.limit,
    page: query.page,
    scope: `translations:${organizationId}:${callerId}`,
  });
  return {
    ...(page.next ? { next: page.next } : {}),
    count: page.count,
    items: page.items.map((row) => translationJson(ws, row, callerId)),
  };
}

/** `GET {org}/translations/{id}`. */
export function getTranslation(
  ws: Workspace,
  organizationId: string,
  translationId: string,
  callerId: string,
): Translation {
  return translationJson(ws, requireRow(ws, organizationId, translationId, callerId), callerId);
}

/** `POST {org}/translations`: the source must be a readable space of the organization. */
export function createTranslation(
  ws: Workspace,
  organizationId: string,
  body: CreateTranslationBody,
  callerId: string,
): Translation {
  const space = getSpace(ws, body.source.space);
  if (
    !space ||
    space.organization_id !== organizationId ||
    space.deleted_at ||
    !atLeast(spaceLevel(ws.db, callerId, space), 'read')
  ) {
    throw badRequest('source.space: no such space in the organization');
  }
  const sourceLanguage = body.source.language ?? space.language ?? 'en';
  if (body.language === sourceLanguage) {
    throw badRequest(`language: must differ from the source language (${sourceLanguage})`);
  }
  const existing = ws.db
    .prepare('SELECT id FROM translations WHERE source_space_id = ? AND language = ?')
    .get(space.id, body.language) as { id: string } | undefined;
  if (existing) {
    throw conflict(`the space already has a translation into ${body.language} (${existing.id})`);
  }
  const now = ws.now();
  const id = ws.ids.next();
  ws.db
    .prepare(
      `INSERT INTO translations (id, organization_id, source_space_id, source_language, language,
         instructions, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(
      id,
      organizationId,
      space.id,
      sourceLanguage,
      body.language,
      JSON.stringify(body.instructions ?? EMPTY_DOCUMENT),
      now,
      now,
    );
  return getTranslation(ws, organizationId, id, callerId);
}

/** `PUT {org}/translations/{id}`: replaces the instructions. */
export function updateTranslationInstructions(
  ws: Workspace,
  organizationId: string,
  translationId: string,
  instructions: Document | CreateTranslationBody['instructions'],
  callerId: string,
): Translation {
  const row = requireRow(ws, organizationId, translationId, callerId);
  ws.db
    .prepare('UPDATE translations SET instructions = ?, updated_at = ? WHERE id = ?')
    .run(JSON.stringify(instructions), ws.now(), row.id);
  return getTranslation(ws, organizationId, translationId, callerId);
}

/** `DELETE {org}/translations/{id}`: the result space, if any, stays. */
export function deleteTranslation(ws: Workspace, organizationId: string, translationId: string) {
  ws.db
    .prepare('DELETE FROM translations WHERE id = ? AND organization_id = ?')
    .run(translationId, organizationId);
}

function resultTitle(sourceTitle: string, language: string): string {
  const suffix = ` (${language})`;
  const room = SPACE_TITLE_MAX - suffix.length;
  const title = sourceTitle.length > room ? `${sourceTitle.slice(0, room - 1)}…` : sourceTitle;
  return `${title}${suffix}`;
}

/**
 * Performs one run synchronously: copies the source space's current revision into the result
 * space (made on the first run, or again when it was deleted), then records the figures.
 * Returns false, leaving the translation `pending`, when the source space is gone.
 */
export function performTranslationRun(
  ws: Workspace,
  translationId: string,
  startedAt: number,
): boolean {
  return ws.db.transaction(() => {
    const row = ws.db.prepare('SELECT * FROM translations WHERE id = ?').get(translationId) as
      | TranslationRow
      | undefined;
    if (!row) return false;
    const source = getSpace(ws, row.source_space_id);
    if (!source || source.deleted_at) {
      ws.db
        .prepare(
          "UPDATE translations SET status = 'pending', run_queued = 0, updated_at = ? WHERE id = ?",
        )
        .run(ws.now(), row.id);
      return false;
    }
    const pages = ws.db
      .prepare('SELECT markdown FROM pages WHERE revision_id = ?')
      .all(source.revision_id) as Array<{ markdown: string }>;
    const words = pages.reduce((sum, page) => sum + countWords(page.markdown), 0);

    let result = row.result_space_id ? getSpace(ws, row.result_space_id) : undefined;
    if (!result || result.deleted_at || result.organization_id !== row.organization_id) {
      const made = insertSpace(ws, {
        organizationId: row.organization_id,
        title: resultTitle(source.title, row.language),
        parentId: source.parent_id ?? undefined,
        language: row.language,
      });
      result = getSpace(ws, made.id);
    }
    if (!result) return false;
    const revision = copyRevision(ws, source.revision_id, result.id, {
      type: 'update',
      parents: [result.revision_id],
    });
    ws.db
      .prepare('UPDATE spaces SET revision_id = ?, language = ? WHERE id = ?')
      .run(revision, row.language, result.id);
    touchSpace(ws, result.id);
    const duration = Math.max(0, ws.clock.now().getTime() - startedAt);
    ws.db
      .prepare(
        `UPDATE translations SET status = 'completed', run_queued = 0, result_space_id = ?,
           result_revision_id = ?, runs = runs + 1, total_words = total_words + ?,
           total_pages = total_pages + ?, total_duration = total_duration + ?,
           latest_run_duration = ?, latest_pages = ?, latest_words = ?, updated_at = ?
         WHERE id = ?`,
      )
      .run(
        result.id,
        revision,
        words,
        pages.length,
        duration,
        duration,
        pages.length,
        words,
        ws.now(),
        row.id,
      );
    return true;
  })();
}

/**
 * `POST {org}/translations/{id}/run`: queues a run (409 while one is queued or running); the job
 * moves the translation `pending` -> `running` -> `completed`.
 */
export function requestTranslationRun(
  ws: Workspace,
  organizationId: string,
  translationId: string,
  callerId: string,
): void {
  const row = requireRow(ws, organizationId, translationId, callerId);
  if (row.status === 'running' || row.run_queued) {
    throw conflict('the translation is already running');
  }
  const source = getSpace(ws, row.source_space_id);
  if (!source || source.deleted_at) throw conflict('the source space is deleted');
  ws.db
    .prepare(
      "UPDATE translations SET status = 'pending', run_queued = 1, updated_at = ? WHERE id = ?",
    )
    .run(ws.now(), row.id);
  ws.jobs.run(`translation ${row.id}`, async () => {
    const startedAt = ws.clock.now().getTime();
    const started = ws.db
      .prepare(
        "UPDATE translations SET status = 'running', run_queued = 0, updated_at = ? WHERE id = ? AND run_queued = 1",
      )
      .run(ws.now(), row.id);
    if (started.changes === 0) return;
    // Let the answer and other requests through before the copy; `running` is observable meanwhile.
    await new Promise<void>((resolve) => setImmediate(resolve));
    try {
      performTranslationRun(ws, row.id, startedAt);
    } catch (error) {
      ws.db
        .prepare("UPDATE translations SET status = 'pending', updated_at = ? WHERE id = ?")
        .run(ws.now(), row.id);
      throw error;
    }
  });
}
