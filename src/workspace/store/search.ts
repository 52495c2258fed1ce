import type {
  OrganizationSearchResult,
  SearchPageHit,
  SearchQuery,
  SearchSection,
  SpaceSearchResult,
} from '../../contract/search.ts';
import { atLeast, spaceLevel } from '../access.ts';
import type { Workspace } from '../context.ts';
import { arrayPage, mapPage } from '../paging.ts';
import { type RevisionIndex, revisionIndex } from './content/revisionIndex.ts';
import { markdownSections } from './markdown.ts';
import { indexRevision } from './searchIndex.ts';
import { getSpaceRow } from './spaces.ts';

/** The words of a query (letters and digits), at most 32. */
function queryTerms(query: string): string[] {
  return (query.toLowerCase().match(/[\p{L}\p{N}_]+/gu) ?? []).slice(0, 32);
}

/** An FTS5 expression: every word must match, the last one as a prefix. */
function ftsExpression(terms: readonly string[]): string {
  return terms.map((t, i) => `"${t}"${i === terms.length - 1 ? '*' : ''}`).join(' ');
}

interface RawHit {
  page_id: string;
  revision_id: string;
  score: number;
}

function matchRevisions(ws: Workspace, revisionIds: readonly string[], terms: string[]): RawHit[] {
  if (terms.length === 0 || revisionIds.length === 0) return [];
  return ws.db
    .prepare(
      `SELECT page_id, revision_id, bm25(page_search, 5.0, 1.0) AS score FROM page_search
       WHERE page_search MATCH ? AND revision_id IN (SELECT value FROM json_each(?))`,
    )
    .all(ftsExpression(terms), JSON.stringify(revisionIds)) as RawHit[];
}

function snippet(body: string, terms: readonly string[]): string {
  const lower = body.toLowerCase();
  let at = -1;
  for (const term of terms) {
    const i = lower.indexOf(term);
    if (i >= 0 && (at < 0 || i < at)) at = i;
  }
  if (at < 0) return body.slice(0, 160);
  const start = Math.max(0, at - 60);
  const end = Math.min(body.length, at + 100);
  return `${start > 0 ? '…' : ''}${body.slice(start, end)}${end < body.length ? '…' : ''}`;
}

function pageHit(
  ws: Workspace,
  spaceId: string,
  index: RevisionIndex,
  pageId: string,
  terms: readonly string[],
): SearchPageHit | undefined {
  const row = index.byId.get(pageId);
  const path = index.paths.get(pageId);
  if (!row || path === undefined) return undefined;
  const app = `${ws.publicUrl}/app/s/${spaceId}/${path}`;
  const sections: SearchSection[] = markdownSections(row.markdown)
    .filter((s) => {
      const text = `${s.title} ${s.body}`.toLowerCase();
      return terms.some((t) => text.includes(t));
    })
    .slice(0, 10)
    .map((s) => ({
      id: s.anchor,
      title: s.title,
      path: `${path}#${s.anchor}`,
      body: snippet(s.body, terms),
      urls: { app: `${app}#${s.anchor}` },
    }));
  const ancestors: Array<{ title: string }> = [];
  let parent = row.parent_id;
  for (let depth = 0; parent && depth < 64; depth++) {
    const up = index.byId.get(parent);
    if (!up) break;
    ancestors.unshift({ title: up.title });
    parent = up.parent_id;
  }
  return { id: row.id, title: row.title, path, sections, ancestors, urls: { app } };
}

/** `GET /v1/spaces/{spaceId}/search`: matching pages of the space's current revision. */
export function searchSpace(
  ws: Workspace,
  space: { id: string; revision_id: string },
  query: SearchQuery,
): SpaceSearchResult {
  indexRevision(ws, space.id);
  const terms = queryTerms(query.query);
  const index = revisionIndex(ws, space.revision_id);
  const hits = matchRevisions(ws, [space.revision_id], terms);
  const page = arrayPage(hits, {
    keyOf: (hit) => [hit.score, hit.page_id],
    limit: query.limit,
    page: query.page,
    scope: `space-search:${space.id}:${query.query}`,
  });
  return mapPage(page, (hit) => {
    const json = pageHit(ws, space.id, index, hit.page_id, terms);
    return json ?? { id: hit.page_id, title: '', path: '', sections: [], ancestors: [] };
  });
}

/**
 * `GET {org}/search`: the spaces of the organization the caller reads, with their matching
 * pages (best first).
 */
export function searchOrganization(
  ws: Workspace,
  organizationId: string,
  callerId: string,
  query: SearchQuery,
): OrganizationSearchResult {
  const ids = ws.db
    .prepare('SELECT id FROM spaces WHERE organization_id = ? AND deleted_at IS NULL')
    .all(organizationId) as Array<{ id: string }>;
  const spaces = new Map<string, { id: string; title: string; revision_id: string }>();
  for (const { id } of ids) {
    const row = getSpaceRow(ws, id);
    if (!row || !atLeast(spaceLevel(ws.db, callerId, row), 'read')) continue;
    indexRevision(ws, id);
    spaces.set(row.revision_id, row);
  }
  const terms = queryTerms(query.query);
  const hits = matchRevisions(ws, [...spaces.keys()], terms);
  const bySpace = new Map<
    string,
    { spaceId: string; revisionId: string; best: number; hits: RawHit[] }
  >();
  for (const hit of hits.sort((a, b) => a.score - b.score || a.page_id.localeCompare(b.page_id))) {
    const space = spaces.get(hit.revision_id);
    if (!space) continue;
    const group = bySpace.get(space.id) ?? {
      spaceId: space.id,
      revisionId: hit.revision_id,
      best: hit.score,
      hits: [],
    };
    group.hits.push(hit);
    bySpace.set(space.id, group);
  }
  const page = arrayPage([...bySpace.values()], {
    keyOf: (group) => [group.best, group.spaceId],
    limit: query.limit,
    page: query.page,
    scope: `org-search:${organizationId}:${query.query}`,
  });
  return mapPage(page, (group) => {
    const space = spaces.get(group.revisionId);
    const index = revisionIndex(ws, group.revisionId);
    return {
      id: group.spaceId,
      title: space?.title ?? '',
      pages: group.hits.slice(0, 20).flatMap((hit) => {
        const json = pageHit(ws, group.spaceId, index, hit.page_id, terms);
        return json ? [json] : [];
      }),
    };
  });
}
