import type {
  BacklinkQuery,
  Link,
  LinkList,
  LinkListQuery,
  ReferenceItem,
  ReferenceList,
} from '../../../contract/content.ts';
import type { Workspace } from '../../context.ts';
import { notFound } from '../../errors.ts';
import { arrayPage, mapPage } from '../../paging.ts';
import { type ContentContext, fileJson } from './render.ts';
import { type LinkTarget, type RevisionIndex, revisionIndex } from './revisionIndex.ts';

function pageReference(ctx: ContentContext, index: RevisionIndex, pageId: string): ReferenceItem {
  const row = index.byId.get(pageId);
  const path = index.paths.get(pageId) ?? '';
  return {
    ...referenceBase(ctx),
    kind: 'page',
    page: { id: pageId, title: row?.title ?? '', path, urls: { app: `${ctx.appBase}/${path}` } },
  };
}

function referenceBase(ctx: ContentContext): ReferenceItem {
  return {
    kind: 'page',
    organization: { id: ctx.organizationId, title: ctx.organizationTitle },
    space: { id: ctx.spaceId, title: ctx.spaceTitle },
    versionContext: ctx.changeRequestId
      ? { type: 'change-request', revision: ctx.revisionId, changeRequest: ctx.changeRequestId }
      : { type: 'revision', revision: ctx.revisionId },
  };
}

function targetReference(
  ws: Workspace,
  ctx: ContentContext,
  index: RevisionIndex,
  target: LinkTarget,
): ReferenceItem {
  if (target.kind === 'url') return { kind: 'url', url: target.url };
  if (target.status === 'broken')
    return { ...referenceBase(ctx), kind: target.kind, url: target.url };
  if (target.kind === 'file') {
    const file = index.files.find((f) => f.id === target.fileId);
    return {
      ...referenceBase(ctx),
      kind: 'file',
      url: target.url,
      ...(file ? { file: fileJson(ws, ctx.revisionId, file) } : {}),
    };
  }
  return { ...pageReference(ctx, index, target.pageId ?? ''), url: target.url };
}

function linkJson(
  ws: Workspace,
  ctx: ContentContext,
  index: RevisionIndex,
  target: LinkTarget,
): Link {
  return {
    status: target.status,
    relation: 'reference',
    targetReference: targetReference(ws, ctx, index, target),
    locationReferences: target.locations.map((id) => pageReference(ctx, index, id)),
  };
}

/**
 * A links list: every link target of the revision (or of one page of it), with `stats`;
 * `brokenElsewhere` are the revisions whose broken links count as `broken.changeRequest`.
 */
export function listLinks(
  ws: Workspace,
  ctx: ContentContext,
  query: LinkListQuery,
  options: { pageId?: string; changeRequestRevisions: readonly string[] },
): LinkList {
  const index = revisionIndex(ws, ctx.revisionId);
  if (options.pageId !== undefined && !index.paths.has(options.pageId)) throw notFound('page');
  const inScope = (target: LinkTarget) =>
    options.pageId === undefined || target.locations.includes(options.pageId);
  const all = index.links.filter(inScope);
  let brokenInChangeRequests = 0;
  for (const revisionId of options.changeRequestRevisions) {
    const other = revisionIndex(ws, revisionId);
    brokenInChangeRequests += other.links.filter((t) => t.status === 'broken' && inScope(t)).length;
  }
  const listed = query.status ? all.filter((t) => t.status === query.status) : all;
  const page = arrayPage(listed, {
    keyOf: (t) => [t.key],
    limit: query.limit,
    page: query.page,
    scope: `links:${ctx.spaceId}:${ctx.changeRequestId ?? ''}:${options.pageId ?? ''}:${query.status ?? ''}`,
  });
  return {
    ...mapPage(page, (t) => linkJson(ws, ctx, index, t)),
    stats: {
      total: all.length,
      broken: {
        total: all.filter((t) => t.status === 'broken').length,
        changeRequest: brokenInChangeRequests,
      },
    },
  };
}

function backlinks(
  ctx: ContentContext,
  index: RevisionIndex,
  key: string,
  query: BacklinkQuery,
  scope: string,
): ReferenceList {
  const target = index.links.find((t) => t.key === key);
  const pageIds = target ? target.locations : [];
  const page = arrayPage(pageIds, {
    keyOf: (id) => [index.paths.get(id) ?? '', id],
    limit: query.limit,
    page: query.page,
    scope,
  });
  return mapPage(page, (id) => pageReference(ctx, index, id));
}

/** `GET .../content/files/{fileId}/backlinks`: the pages that link to or embed the file. */
export function fileBacklinks(
  ws: Workspace,
  ctx: ContentContext,
  fileId: string,
  query: BacklinkQuery,
): ReferenceList {
  const index = revisionIndex(ws, ctx.revisionId);
  if (!index.files.some((f) => f.id === fileId)) throw notFound('file');
  return backlinks(
    ctx,
    index,
    `file:${fileId}`,
    query,
    `file-backlinks:${ctx.revisionId}:${fileId}`,
  );
}

/** `GET {cr}/content/page/{pageId}/backlinks`: the pages that link to the page. */
export function pageBacklinks(
  ws: Workspace,
  ctx: ContentContext,
  pageId: string,
  query: BacklinkQuery,
): ReferenceList {
  const index = revisionIndex(ws, ctx.revisionId);
  if (!index.paths.has(pageId)) throw notFound('page');
  return backlinks(
    ctx,
    index,
    `page:${pageId}`,
    query,
    `page-backlinks:${ctx.revisionId}:${pageId}`,
  );
}
