import type { ObjectParam } from '@pothos/core';
import { Link, ReferenceItem, LinkList as RestLinkList } from '../../../contract/content.ts';
import { builder } from '../../builder.ts';
import { type ConnectionArgs, restConnection } from '../../connections/restConnection.ts';
import type { GatewayContext } from '../../context.ts';
import { badInput } from '../../errorCatalog.ts';
import { TREE_SIZE } from '../../guard/costs.ts';
import { read } from '../../resources/lookups.ts';
import { RawValue } from '../../upstream/damage.ts';
import type { QueryValue } from '../../upstream/rest.ts';
import { UNKNOWN } from '../base.ts';
import { lookup } from '../node.ts';
import { SpaceRef } from '../space/types.ts';
import {
  type ContentScope,
  FileResource,
  inScope,
  PageResource,
  type PageShape,
  PageTreeWire,
  type PageWire,
  RevisionWire,
} from './resource.ts';
import { FileRef } from './types/files.ts';
import {
  LinkConnectionRef,
  type LinkConnectionShape,
  LinkItemRef,
  LinkStatusEnum,
  ReferenceItemRef,
} from './types/links.ts';
import { PageRef, pageIn } from './types/pages.ts';
import { RevisionRef, type RevisionShape } from './types/revisions.ts';

/** `metadata` and `computed`: how content is read. */
const contentArgs = (metadata = 'Include mutable git metadata (default true).') =>
  builder.args((t) => ({
    metadata: t.boolean({ description: metadata }),
    computed: t.boolean({ description: 'Compute computed content (default true).' }),
  }));

/** The `metadata` and `computed` arguments of content reads. */
interface ContentArgs {
  metadata?: boolean | null | undefined;
  computed?: boolean | null | undefined;
}

/** `metadata` and `computed` as query parameters (left out when not given). */
const contentQuery = (args: ContentArgs): Record<string, QueryValue> => ({
  metadata: args.metadata ?? undefined,
  computed: args.computed ?? undefined,
});

/** True when a read asks for content other than a plain read answers (it is then not cached). */
const hasContentArgs = (args: ContentArgs) =>
  (args.metadata !== null && args.metadata !== undefined) ||
  (args.computed !== null && args.computed !== undefined);

/**
 * Tree pages answer later by-id reads of their metadata (bodies are read on demand). Damaged
 * pages, ids and child lists are passed over: the fields that show them fail alone.
 */
function primePages(ctx: GatewayContext, scope: ContentScope, pages: readonly PageWire[]): void {
  if (!Array.isArray(pages)) return;
  for (const page of pages) {
    if (page instanceof RawValue || page === null || typeof page !== 'object') continue;
    if (typeof page.id === 'string') PageResource.prime(ctx, page, { ...scope, id: page.id });
    if (page.pages) primePages(ctx, scope, page.pages);
  }
}

/** A scope's page tree (`GET {content}/pages`). */
async function pageTree(
  ctx: GatewayContext,
  scope: ContentScope,
  args: ContentArgs,
): Promise<PageShape[]> {
  const tree = await read(
    ctx,
    PageResource.route('tree', scope.space, scope.changeRequest),
    PageTreeWire,
    contentQuery(args),
  );
  if (!hasContentArgs(args)) primePages(ctx, scope, tree.pages);
  return tree.pages.map((page) => pageIn(scope, page));
}

const NO_STATS: LinkConnectionShape['stats'] = { total: 0, broken: { total: 0, changeRequest: 0 } };

/** Links (`.../links`): a connection that also keeps the list page's `stats`, at no extra call. */
async function linksConnection(
  ctx: GatewayContext,
  args: ConnectionArgs & { status?: string | null },
  path: string,
): Promise<LinkConnectionShape> {
  if (args.status === UNKNOWN) {
    throw badInput('status', 'UNKNOWN is not a filter');
  }
  const result = await restConnection(ctx.rest, args, {
    path,
    query: { status: args.status ?? undefined },
    item: Link,
    page: RestLinkList,
  });
  return { ...result, stats: result.page?.stats ?? NO_STATS };
}

/** Backlinks (`.../backlinks`) as a connection of references. */
function backlinksConnection(ctx: GatewayContext, args: ConnectionArgs, path: string) {
  return restConnection(ctx.rest, args, { path, item: ReferenceItem });
}

/** Descriptions of the content fields of an object that has content. */
export interface ContentFieldDescriptions {
  content: string;
  pages: string;
  page: string;
  files: string;
  file: string;
}

/**
 * The `content`, `pages`, `page`, `files` and `file` fields of a space or change request: all
 * answered from the scope, so they start as soon as the parent's address is known.
 */
function contentFields<Parent>(
  t: PothosSchemaTypes.ObjectFieldBuilder<typeof builder.$inferSchemaTypes, Parent>,
  scopeOf: (parent: Parent) => ContentScope,
  describe: ContentFieldDescriptions,
) {
  return {
    content: t.field({
      type: RevisionRef,

      description: describe.content,
      // The revision itself is read whenever it is asked for (its files and page tree come with
      // it).
      cost: { calls: 1, returns: 'body' },
      address: true,
      args: contentArgs(
        'Include mutable git metadata (default true; false can speed up the lookup).',
      ),
      resolve: async (parent, args, ctx): Promise<RevisionShape> => {
        const scope = scopeOf(parent);
        return {
          ...(await read(
            ctx,
            PageResource.route('revision', scope.space, scope.changeRequest),
            RevisionWire,
            contentQuery(args),
          )),
          ...scope,
        };
      },
    }),
    pages: t.field({
      type: [PageRef],
      nullable: { list: true, items: true },
      description: describe.pages,
      // A content tree: one call for the revision's content, its pages embedded in it.
      cost: { calls: 1, returns: 'body', listSize: TREE_SIZE, tree: 'pages' },
      address: true,
      args: contentArgs(),
      resolve: (parent, args, ctx) => pageTree(ctx, scopeOf(parent), args),
    }),
    page: t.field({
      type: PageRef,
      nullable: true,
      description: describe.page,
      // A page named by id is read, with the form its fields ask (whatever else is selected).
      cost: { returns: 'reference', load: 'always' },
      address: true,
      args: {
        id: t.arg.id({ required: true, description: 'Page ID (global or REST id).' }),
        ...contentArgs(),
      },
      resolve: async (parent, args, ctx, info) => {
        const at = await inScope(ctx, PageResource, args.id, scopeOf(parent));
        if (!hasContentArgs(args)) return lookup(PageResource, at);
        return PageResource.load(ctx, at, {
          ...contentQuery(args),
          ...PageResource.bodyQuery(info),
        });
      },
    }),
    files: t.connection({
      type: FileRef,
      description: describe.files,
      address: true,
      args: contentArgs(),
      resolve: (parent, args, ctx) => {
        const scope = scopeOf(parent);
        return FileResource.connection(ctx, args, {
          path: FileResource.route('inRevision', scope.space, scope.changeRequest),
          query: contentQuery(args),
          parent: scope,
          prime: !hasContentArgs(args),
        });
      },
    }),
    file: t.field({
      type: FileRef,
      nullable: true,
      description: describe.file,
      address: true,
      args: {
        id: t.arg.id({ required: true, description: 'File ID (global or REST id).' }),
        ...contentArgs(),
      },
      resolve: async (parent, args, ctx) => {
        const at = await inScope(ctx, FileResource, args.id, scopeOf(parent));
        return hasContentArgs(args)
          ? FileResource.load(ctx, at, contentQuery(args))
          : lookup(FileResource, at);
      },
    }),
  };
}

/** Adds the content fields to an object type that has content (a space, a change request). */
export function addContentFields<Parent>(
  ref: ObjectParam<typeof builder.$inferSchemaTypes>,
  scopeOf: (parent: Parent) => ContentScope,
  describe: ContentFieldDescriptions,
): void {
  builder.objectFields(ref, (t) =>
    contentFields(
      t as unknown as PothosSchemaTypes.ObjectFieldBuilder<
        typeof builder.$inferSchemaTypes,
        Parent
      >,
      scopeOf,
      describe,
    ),
  );
}

// ---------------------------------------------------------------------------------------------
// Space -> content.

builder.objectFields(SpaceRef, (t) => ({
  ...contentFields(t, (space) => ({ space: space.id }), {
    content: 'The current revision of the main content.',
    pages: 'The page tree of the main content (recursive through `pages`).',
    page: 'One page of the main content.',
    files: 'Files of the main content.',
    file: 'One file of the main content.',
  }),
  links: t.connection(
    {
      type: LinkItemRef,
      description: 'Links of the space’s content, with statistics.',
      address: true,
      args: {
        status: t.arg({ type: LinkStatusEnum.ref, description: 'Only links of this status.' }),
      },
      resolve: (space, args, ctx) =>
        linksConnection(ctx, args, PageResource.route('spaceLinks', space.id)),
    },
    LinkConnectionRef,
  ),
}));

// ---------------------------------------------------------------------------------------------
// Pages and files -> links.

builder.objectFields(PageRef, (t) => ({
  links: t.connection(
    {
      type: LinkItemRef,
      description: 'Links written in the page.',
      address: true,
      args: {
        status: t.arg({ type: LinkStatusEnum.ref, description: 'Only links of this status.' }),
      },
      resolve: (p, args, ctx) =>
        linksConnection(ctx, args, PageResource.route('links', p.space, p.changeRequest, p.id)),
    },
    LinkConnectionRef,
  ),
  backlinks: t.connection({
    type: ReferenceItemRef,
    description: 'Where the page is referenced from (REST: change request content).',
    address: true,
    resolve: (p, args, ctx) =>
      backlinksConnection(
        ctx,
        args,
        PageResource.route('backlinks', p.space, p.changeRequest, p.id),
      ),
  }),
}));

builder.objectField(FileRef, 'backlinks', (t) =>
  t.connection({
    type: ReferenceItemRef,
    description: 'Where the file is referenced from.',
    address: true,
    resolve: (f, args, ctx) =>
      backlinksConnection(
        ctx,
        args,
        FileResource.route('backlinks', f.space, f.changeRequest, f.id),
      ),
  }),
);
