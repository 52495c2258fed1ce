import { builder } from '../../../builder.ts';
import type { GatewayContext } from '../../../context.ts';
import { read } from '../../../resources/lookups.ts';
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

/**
 * The references of `page`'s Markdown, resolved against its revision: one read of the page's
 * Markdown (unless it was read so) and one of the revision, which carries both its files (with
 * their `downloadURL`) and its page tree (with each page's path).
 */
async function resolveReferences(
  page: PageShape,
  ctx: GatewayContext,
): Promise<MarkdownReference[]> {
  const markdown = (await pageBody(page, ctx, 'markdown', {})).markdown ?? '';
  const written = markdownReferences(markdown);
  if (written.length === 0) return [];
  const scope = scopeOf(PageResource.addressOf(page));
  const needsRevision = written.some((r) => r.kind !== 'openapi');
  const revision = needsRevision
    ? await read(
        ctx,
        PageResource.route('revision', scope.space, scope.changeRequest),
        RevisionWire,
      )
    : undefined;
  const files = new Map((revision?.files ?? []).map((file) => [file.id, file]));
  const pages = new Map(flatten(revision?.pages ?? []).map((p) => [p.id, p]));
  return written.map(({ ref, kind, id }) => {
    const file = kind === 'file' ? files.get(id) : undefined;
    const target = kind === 'page' ? pages.get(id) : undefined;
    return {
      ref,
      kind,
      id,
      target: file?.downloadURL ?? target?.path ?? null,
      file: file ? FileResource.shape(file, { ...scope, id: file.id }) : null,
      page: target ? pageIn(scope, target) : null,
    };
  });
}

const MarkdownReferenceRef = builder.objectRef<MarkdownReference>('MarkdownReference').implement({
  description:
    'A content reference written in a page’s Markdown (`file:<id>`, `page:<id>`, `openapi:<id>`) and what it resolves to in the page’s revision.',
  fields: (t) => ({
    ref: t.exposeString('ref', {
      description: 'The reference as written in the Markdown (`file:<id>`), to find and replace.',
    }),
    kind: t.exposeString('kind', {
      description: 'What it points at: `file`, `page` or `openapi`.',
    }),
    id: t.exposeString('id', { description: 'REST id of the file, page or spec.' }),
    target: t.exposeString('target', {
      nullable: true,
      description:
        'What a browser needs: a file’s `downloadURL`, a page’s path in the space (`guides/setup`); null when the revision has no such file or page, and for OpenAPI specs (find the spec by its id in `Organization.openAPISpecs`).',
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
      'The content references of the page’s Markdown with their targets (a file’s `downloadURL`, a page’s path), to rewrite links and images for a browser. Costs one read of the revision for all of them; the page is read in its Markdown form.',
    resolve: (page, _args, ctx) => resolveReferences(page, ctx),
  }),
}));
