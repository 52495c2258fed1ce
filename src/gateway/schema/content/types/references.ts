import { OpenAPISpecList } from '../../../../contract/openapi.ts';
import { builder } from '../../../builder.ts';
import type { GatewayContext } from '../../../context.ts';
import { read } from '../../../resources/lookups.ts';
import { OpenAPISpecResource } from '../../openapi/resource.ts';
import { SpaceResource } from '../../space/resource.ts';
import {
  FileResource,
  type FileShape,
  PageResource,
  type PageShape,
  type PageWire,
  RevisionWire,
  scopeOf,
} from '../resource.ts';
import { FileRef } from './files.ts';
import { PageRef, pageBody, pageIn } from './pages.ts';

/** Kinds of content reference a page's Markdown writes as a link or image target. */
const KINDS = ['file', 'page', 'openapi'] as const;
type ReferenceKind = (typeof KINDS)[number];

/** A content reference of a page's Markdown with what it resolves to in the page's revision. */
export interface MarkdownReference {
  ref: string;
  kind: ReferenceKind;
  id: string;
  target: string | null;
  file: FileShape | null;
  page: PageShape | null;
}

/**
 * The content references a Markdown text writes as link or image targets (`[guide](file:id)`,
 * `![Logo](<file:id>)`, `[FAQ](page:id "title")`), each once, in the order written.
 */
export function markdownReferences(
  markdown: string,
): { ref: string; kind: ReferenceKind; id: string }[] {
  const found = new Map<string, { ref: string; kind: ReferenceKind; id: string }>();
  for (const match of markdown.matchAll(/\]\(\s*<?(file|page|openapi):([^\s)>]+)/g)) {
    const kind = match[1] as ReferenceKind;
    const id = match[2] as string;
    const ref = `${kind}:${id}`;
    if (!found.has(ref)) found.set(ref, { ref, kind, id });
  }
  return [...found.values()];
}

/** Every page of a page tree, depth first. */
function flatten(pages: readonly PageWire[]): PageWire[] {
  return pages.flatMap((page) => [page, ...flatten(page.pages ?? [])]);
}

/** Specs an organization's list is read for at most per page (the upstream's largest `limit`). */
const SPECS_PER_PAGE = 1000;

/**
 * The URLs (`sourceURL`) of the OpenAPI specs named by `slugs` in the organization of `space`:
 * one read of the space (its organization) and one of the organization's spec list, which holds
 * them all (a next page only while a slug is still missing). Each spec listed is primed, so a
 * later read of it costs nothing. A slug the organization has no spec for is left out.
 */
async function specURLs(
  ctx: GatewayContext,
  space: string,
  slugs: ReadonlySet<string>,
): Promise<Map<string, string>> {
  const organization = (await SpaceResource.load(ctx, { id: space })).organization;
  const urls = new Map<string, string>();
  const missing = new Set(slugs);
  let page: string | undefined;
  // A bound on pages read, against a list whose `next` never ends.
  for (let pages = 0; missing.size > 0 && pages < 100; pages++) {
    const list = await read(
      ctx,
      OpenAPISpecResource.route('inOrganization', organization),
      OpenAPISpecList,
      { limit: SPECS_PER_PAGE, page },
    );
    for (const spec of list.items) {
      if (typeof spec?.slug !== 'string') continue;
      OpenAPISpecResource.prime(ctx, spec, { org: organization, slug: spec.slug });
      missing.delete(spec.slug);
      if (slugs.has(spec.slug) && typeof spec.sourceURL === 'string') {
        urls.set(spec.slug, spec.sourceURL);
      }
    }
    if (!list.next || list.items.length === 0) break;
    page = list.next.page;
  }
  return urls;
}

/**
 * The references of `page`'s Markdown, resolved: one read of the page's Markdown (unless it was
 * read so); for files and pages, one of the revision, which carries both its files (with their
 * `downloadURL`) and its page tree (with each page's path); for OpenAPI specs (named by slug),
 * one of the space and one of its organization's spec list (see `specURLs`).
 */
async function resolveReferences(
  page: PageShape,
  ctx: GatewayContext,
): Promise<MarkdownReference[]> {
  const markdown = (await pageBody(page, ctx, 'markdown', {})).markdown ?? '';
  const written = markdownReferences(markdown);
  if (written.length === 0) return [];
  const scope = scopeOf(PageResource.addressOf(page));
  const needsRevision = written.some((reference) => reference.kind !== 'openapi');
  const slugs = new Set(
    written.filter((reference) => reference.kind === 'openapi').map((reference) => reference.id),
  );
  const [revision, specs] = await Promise.all([
    needsRevision
      ? read(ctx, PageResource.route('revision', scope.space, scope.changeRequest), RevisionWire)
      : undefined,
    slugs.size > 0
      ? specURLs(ctx, scope.space, slugs).catch((error: { status?: number }) => {
          // Specs the caller may not list, like unknown ones, resolve to nothing: the page's
          // file and page references still resolve.
          if (error.status === 403 || error.status === 404) return new Map<string, string>();
          throw error;
        })
      : new Map<string, string>(),
  ]);
  const files = new Map((revision?.files ?? []).map((file) => [file.id, file]));
  const pages = new Map(flatten(revision?.pages ?? []).map((page) => [page.id, page]));
  return written.map(({ ref, kind, id }) => {
    const file = kind === 'file' ? files.get(id) : undefined;
    const target = kind === 'page' ? pages.get(id) : undefined;
    const specURL = kind === 'openapi' ? specs.get(id) : undefined;
    return {
      ref,
      kind,
      id,
      target: file?.downloadURL ?? target?.path ?? specURL ?? null,
      file: file ? FileResource.shape(file, { ...scope, id: file.id }) : null,
      page: target ? pageIn(scope, target) : null,
    };
  });
}

const MarkdownReferenceRef = builder.objectRef<MarkdownReference>('MarkdownReference').implement({
  description:
    'A content reference written in a page’s Markdown (`file:<id>`, `page:<id>`, `openapi:<slug>`) and what it resolves to: a file or page of the page’s revision, an OpenAPI spec of its space’s organization.',
  fields: (t) => ({
    ref: t.exposeString('ref', {
      description: 'The reference as written in the Markdown (`file:<id>`), to find and replace.',
    }),
    kind: t.exposeString('kind', {
      description: 'What it points at: `file`, `page` or `openapi`.',
    }),
    id: t.exposeString('id', {
      description: 'REST id of the file or page, or the slug of the OpenAPI spec.',
    }),
    target: t.exposeString('target', {
      nullable: true,
      description:
        'What a browser needs: a file’s `downloadURL`, a page’s path in the space (`guides/setup`), an OpenAPI spec’s `sourceURL`; null when the revision has no such file or page, or the organization no such spec (or none the caller may list).',
    }),
    file: t.field({
      type: FileRef,
      nullable: true,
      description: 'The file (kind `file`), when the revision has it.',
      resolve: (r) => r.file,
    }),
    page: t.field({
      type: PageRef,
      nullable: true,
      description: 'The page (kind `page`), when the revision has it.',
      resolve: (r) => r.page,
    }),
  }),
});

builder.objectFields(PageRef, (t) => ({
  references: t.field({
    type: [MarkdownReferenceRef],
    description:
      'The content references of the page’s Markdown with their targets (a file’s `downloadURL`, a page’s path, a spec’s `sourceURL`), to rewrite links and images for a browser. Costs one read of the revision for all file and page references, and one of the space and one of its organization’s OpenAPI spec list for all `openapi:` references; the page is read in its Markdown form.',
    resolve: (page, _args, ctx) => resolveReferences(page, ctx),
  }),
}));
