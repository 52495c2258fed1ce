import {
  REVISION_CHANGES_DEFAULT,
  type RevisionChange,
  RevisionChanges,
} from '../../../../contract/revisions.ts';
import { builder } from '../../../builder.ts';
import type { GatewayContext } from '../../../context.ts';
import { badInput } from '../../../errorCatalog.ts';
import { read } from '../../../resources/lookups.ts';
import { segmentProblem } from '../../../upstream/path.ts';
import { PageResource, type PageWire } from '../resource.ts';
import { PageKindEnum } from './pages.ts';
import { RevisionRef } from './revisions.ts';

/**
 * A page as it is in one revision (`{space}/revisions/{revision}/page/{id}`): a past revision's
 * page may differ from, or be gone from, the content it was part of.
 */
export type RevisionPageShape = PageWire & { readonly space: string; readonly revision: string };

/** One page of revision `revision` of `space`, read as Markdown (once per request). */
export async function revisionPage(
  ctx: GatewayContext,
  at: { space: string; revision: string; id: string },
): Promise<RevisionPageShape> {
  const page = await read(
    ctx,
    PageResource.route('revisionPage', at.space, at.revision, at.id),
    PageResource.contract,
    { format: 'markdown' },
  );
  return { ...page, space: at.space, revision: at.revision };
}

export const RevisionPageRef = builder.objectRef<RevisionPageShape>('RevisionPage').implement({
  description:
    'A page as it is in one revision of a space (a past one included): read by its revision, it shows the page as it was then.',
  fields: (t) => ({
    id: t.id({ nullable: false, description: 'Page id (REST).', resolve: (p) => p.id }),
    revision: t.string({
      nullable: false,
      description: 'Id of the revision the page is read from.',
      resolve: (p) => p.revision,
    }),
    title: t.string({ nullable: true, description: 'Title.', resolve: (p) => p.title ?? null }),
    kind: t.field({
      type: PageKindEnum.ref,
      nullable: true,
      description: 'What the page is (REST `type`).',
      resolve: (p) => (p.type === undefined ? null : (PageKindEnum.of(p.type) as string)),
    }),
    path: t.string({
      nullable: true,
      description: 'Path in the revision.',
      resolve: (p) => p.path ?? null,
    }),
    slug: t.string({ nullable: true, description: 'Slug.', resolve: (p) => p.slug ?? null }),
    emoji: t.string({ nullable: true, description: 'Emoji.', resolve: (p) => p.emoji ?? null }),
    description: t.string({
      nullable: true,
      description: 'Description.',
      resolve: (p) => p.description ?? null,
    }),
    markdown: t.string({
      nullable: true,
      description: 'The page’s content as Markdown in that revision (null for link pages).',
      resolve: (p) => p.markdown ?? null,
    }),
    updatedAt: t.field({
      type: 'DateTime',
      nullable: true,
      description: 'When it was last updated.',
      resolve: (p) => p.updatedAt ?? null,
    }),
  }),
});

const RevisionChangePageRef = builder
  .objectRef<NonNullable<RevisionChange['page']>>('RevisionChangePage')
  .implement({
    description: 'A page a change names, as it is in the revision (or its parent, once deleted).',
    fields: (t) => ({
      id: t.exposeID('id', { description: 'Page id (REST).' }),
      title: t.exposeString('title', { nullable: true, description: 'Title.' }),
      path: t.exposeString('path', { nullable: true, description: 'Path.' }),
    }),
  });

const ValueChangeRef = builder
  .objectRef<{ name: string; before?: string | undefined; after?: string | undefined }>(
    'RevisionValueChange',
  )
  .implement({
    description: 'One attribute a change edited, with its value before and after.',
    fields: (t) => ({
      name: t.exposeString('name', {
        description: 'The attribute (`title`, `document`, `name`...).',
      }),
      before: t.exposeString('before', { nullable: true, description: 'Its value before.' }),
      after: t.exposeString('after', { nullable: true, description: 'Its value after.' }),
    }),
  });

const RevisionChangeRef = builder.objectRef<RevisionChange>('RevisionChange').implement({
  description:
    'One semantic change a revision introduced against its parent (REST `type`: `page_created`, `page_edited`, `page_deleted`, `page_moved`, `file_created`, `file_edited`, `file_deleted`; others as the upstream sends them).',
  fields: (t) => ({
    type: t.string({ description: 'What happened (REST `type`).', resolve: (c) => c.type }),
    page: t.field({
      type: RevisionChangePageRef,
      nullable: true,
      description: 'The page it is about (page changes).',
      resolve: (c) => c.page ?? null,
    }),
    fileName: t.string({
      nullable: true,
      description: 'Name of the file it is about (file changes).',
      resolve: (c) => c.file?.name ?? null,
    }),
    fileId: t.string({
      nullable: true,
      description: 'Id of the file it is about (file changes).',
      resolve: (c) => c.file?.id ?? null,
    }),
    attributes: t.field({
      type: [ValueChangeRef],
      nullable: { list: true, items: false },
      description: 'The attributes an edit changed, with their values before and after.',
      resolve: (c) =>
        Object.entries(c.attributes ?? {}).flatMap(([name, value]) =>
          value && typeof value === 'object'
            ? [{ name, ...(value as { before?: string; after?: string }) }]
            : [],
        ),
    }),
    parentBefore: t.field({
      type: RevisionChangePageRef,
      nullable: true,
      description: 'The parent page before a move (null: the top level).',
      resolve: (c) => c.parent?.before ?? null,
    }),
    parentAfter: t.field({
      type: RevisionChangePageRef,
      nullable: true,
      description: 'The parent page after a move (null: the top level).',
      resolve: (c) => c.parent?.after ?? null,
    }),
  }),
});

const RevisionChangesRef = builder.objectRef<RevisionChanges>('RevisionChanges').implement({
  description: 'The first semantic changes of a revision, and how many more there are.',
  fields: (t) => ({
    changes: t.field({
      type: [RevisionChangeRef],
      nullable: { list: false, items: true },
      description: 'The changes, in page tree order, then files.',
      resolve: (r) => r.changes,
    }),
    more: t.int({
      nullable: false,
      description: 'How many changes were left out.',
      resolve: (r) => r.more ?? 0,
    }),
  }),
});

/** A page id argument: one path segment. */
function pageIdArg(id: string): string {
  if (segmentProblem(id)) throw badInput('id', 'not a valid page id');
  return id;
}

builder.objectFields(RevisionRef, (t) => ({
  page: t.field({
    type: RevisionPageRef,
    nullable: true,
    description: 'One page as it is in this revision, with its Markdown (one read).',
    // A page of the revision by id, read as Markdown.
    cost: { calls: 1, returns: 'body' },
    address: true,
    args: { id: t.arg.id({ required: true, description: 'Page id (REST).' }) },
    resolve: (r, args, ctx) =>
      revisionPage(ctx, { space: r.space, revision: r.id, id: pageIdArg(args.id) }),
  }),
  changes: t.field({
    type: RevisionChangesRef,
    description: 'The semantic changes this revision introduced against its parent (one read).',
    // The revision's semantic changes, read at their own path.
    cost: { calls: 1, returns: 'body' },
    address: true,
    args: {
      first: t.arg.int({
        description: `How many changes to list (default ${REVISION_CHANGES_DEFAULT}, at most 1000).`,
      }),
    },
    resolve: (r, args, ctx) => {
      const limit = args.first ?? REVISION_CHANGES_DEFAULT;
      if (limit < 1 || limit > 1000) throw badInput('first', 'must be between 1 and 1000');
      return read(ctx, PageResource.route('revisionChanges', r.space, r.id), RevisionChanges, {
        limit,
      });
    },
  }),
}));
