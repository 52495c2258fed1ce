import type { GraphQLResolveInfo } from 'graphql';
import { GraphQLError } from 'graphql';
import { z } from 'zod';
import { ENUMS } from '../../contract/common.ts';
import {
  File,
  Page,
  PageTree,
  ReferenceItem,
  LinkList as RestLinkList,
  Revision,
} from '../../contract/content.ts';
import { builder } from '../builder.ts';
import { type ConnectionResult, restConnection } from '../connection.ts';
import type { GatewayContext } from '../context.ts';
import { addressId, toRestId } from '../ids.ts';
import { selectedFields } from '../refs.ts';
import { type QueryValue, type RestSession, seg, withQuery } from '../upstream/rest.ts';
import { openEnumType } from './common.ts';
import { OrganizationRef } from './organization.ts';
import { SpaceRef } from './space.ts';

// ---------------------------------------------------------------------------------------------
// Wire shapes: the contract's, plus the page fields the spec lists that the contract leaves out.

/** Content reference, tolerant of kinds this gateway does not know. */
const ContentReferenceWire = z.looseObject({
  kind: z.string(),
  file: z.string().optional(),
  page: z.string().optional(),
  space: z.string().optional(),
  spec: z.string().optional(),
});
type ContentReferenceWire = z.infer<typeof ContentReferenceWire>;

const PageWire = Page.extend({
  cover: z
    .object({
      ref: ContentReferenceWire.optional(),
      refDark: ContentReferenceWire.optional(),
      yPos: z.number().optional(),
      height: z.number().optional(),
    })
    .optional(),
  metaLinks: z
    .object({
      canonical: ContentReferenceWire.optional(),
      alternates: z.array(ContentReferenceWire).optional(),
    })
    .optional(),
  get pages(): z.ZodOptional<z.ZodArray<typeof PageWire>> {
    return z.array(PageWire).optional();
  },
});
type PageWire = z.infer<typeof PageWire>;
const RevisionWire = Revision.extend({ pages: z.array(PageWire) });
const PageTreeWire = PageTree.extend({ pages: z.array(PageWire) });
type FileWire = z.infer<typeof File>;
type ReferenceWire = z.infer<typeof ReferenceItem>;
type LinkWire = z.infer<typeof RestLinkList>['items'][number];
type LinkStatsWire = z.infer<typeof RestLinkList>['stats'];

// ---------------------------------------------------------------------------------------------
// Where content lives: a space's main content, or one change request's.

/** The content a page, file or revision belongs to: main content, or a change request's. */
export interface ContentScope {
  spaceId: string;
  /** REST id of the change request; absent for the space's main content. */
  changeRequestId?: string | undefined;
}

/** REST path of a scope's content (`/spaces/{s}/content` or `{cr}/content`). */
export function contentPath(scope: ContentScope): string {
  const space = `/spaces/${seg(scope.spaceId)}`;
  return scope.changeRequestId
    ? `${space}/change-requests/${seg(scope.changeRequestId)}/content`
    : `${space}/content`;
}

/** Address id of an object in a scope: `space/object` or `space/changeRequest/object`. */
function scopedAddress(scope: ContentScope, id: string): string {
  return scope.changeRequestId
    ? addressId(scope.spaceId, scope.changeRequestId, id)
    : addressId(scope.spaceId, id);
}

/** Splits a scoped address (2 segments: main content, 3: a change request). */
function splitScoped(id: string, typename: string): { scope: ContentScope; id: string } {
  const parts = id.split('/').map((p) => {
    try {
      return decodeURIComponent(p);
    } catch {
      return '';
    }
  });
  if ((parts.length !== 2 && parts.length !== 3) || parts.some((p) => p === '')) {
    throw new GraphQLError(`id: not a valid ${typename} ID`, {
      extensions: { code: 'BAD_USER_INPUT' },
    });
  }
  const [spaceId, a, b] = parts as [string, string, string | undefined];
  return b === undefined
    ? { scope: { spaceId }, id: a }
    : { scope: { spaceId, changeRequestId: a }, id: b };
}

/** `metadata` and `computed` as query parameters (left out when not given). */
function contentQuery(args: {
  metadata?: boolean | null | undefined;
  computed?: boolean | null | undefined;
}): Record<string, QueryValue> {
  return { metadata: args.metadata ?? undefined, computed: args.computed ?? undefined };
}

const hasContentArgs = (args: { metadata?: unknown; computed?: unknown }) =>
  (args.metadata !== null && args.metadata !== undefined) ||
  (args.computed !== null && args.computed !== undefined);

export interface PageShape {
  scope: ContentScope;
  data: PageWire;
}
export interface FileShape {
  scope: ContentScope;
  data: FileWire;
}
export interface RevisionShape {
  scope: ContentScope;
  data: z.infer<typeof RevisionWire>;
}
interface ReferenceShape {
  data: ReferenceWire;
}
interface LinkShape {
  data: LinkWire;
}

const pageShape = (scope: ContentScope) => (data: PageWire) => ({ scope, data });
const fileShape = (scope: ContentScope) => (data: FileWire) => ({ scope, data });

/** A scope's revision (`GET .../content`). */
export async function loadRevision(
  ctx: GatewayContext,
  scope: ContentScope,
  args: { metadata?: boolean | null; computed?: boolean | null } = {},
): Promise<RevisionShape> {
  const data = await ctx.rest.get(withQuery(contentPath(scope), contentQuery(args)), RevisionWire);
  return { scope, data };
}

/** A scope's page tree (`GET .../content/pages`). */
export async function loadPageTree(
  ctx: GatewayContext,
  scope: ContentScope,
  args: { metadata?: boolean | null; computed?: boolean | null } = {},
): Promise<PageShape[]> {
  const tree = await ctx.rest.get(
    withQuery(`${contentPath(scope)}/pages`, contentQuery(args)),
    PageTreeWire,
  );
  if (!hasContentArgs(args)) primePages(ctx, scope, tree.pages);
  return tree.pages.map(pageShape(scope));
}

/** Tree pages answer later by-id reads of their metadata (bodies are fetched on demand). */
function primePages(ctx: GatewayContext, scope: ContentScope, pages: PageWire[]): void {
  for (const page of pages) {
    ctx.rest.prime(`${contentPath(scope)}/page/${seg(page.id)}`, page);
    if (page.pages) primePages(ctx, scope, page.pages);
  }
}

/** One page of a scope (`GET .../content/page/{id}`). */
export async function loadPage(
  ctx: GatewayContext,
  scope: ContentScope,
  pageId: string,
  args: { metadata?: boolean | null; computed?: boolean | null } = {},
): Promise<PageShape> {
  const data = await ctx.rest.get(
    withQuery(`${contentPath(scope)}/page/${seg(pageId)}`, contentQuery(args)),
    PageWire,
  );
  return { scope, data };
}

/** One file of a scope (`GET .../content/files/{id}`). */
export async function loadFile(
  ctx: GatewayContext,
  scope: ContentScope,
  fileId: string,
  args: { metadata?: boolean | null; computed?: boolean | null } = {},
): Promise<FileShape> {
  const data = await ctx.rest.get(
    withQuery(`${contentPath(scope)}/files/${seg(fileId)}`, contentQuery(args)),
    File,
  );
  return { scope, data };
}

/** A scope's files as a connection (`GET .../content/files`), primed for by-id reads. */
export async function filesConnection(
  ctx: GatewayContext,
  scope: ContentScope,
  args: Parameters<typeof restConnection>[1] & {
    metadata?: boolean | null;
    computed?: boolean | null;
  },
): Promise<ConnectionResult<FileShape>> {
  const base = contentPath(scope);
  const prime = !hasContentArgs(args);
  const result = await restConnection(ctx, args, {
    path: `${base}/files`,
    query: contentQuery(args),
    item: File,
    primePath: (f) => (prime ? `${base}/files/${seg(f.id)}` : undefined),
  });
  return mapConnection(result, fileShape(scope));
}

function mapConnection<A, B>(result: ConnectionResult<A>, map: (a: A) => B): ConnectionResult<B> {
  return {
    ...result,
    edges: result.edges.map((edge) => ({ cursor: edge.cursor, node: map(edge.node) })),
  };
}

/** Selection-aware reference: a stub when only known fields are selected, else the key. */
function scopedReference<T extends object>(
  info: GraphQLResolveInfo,
  key: string,
  stub: T,
  known: readonly string[],
): string | T {
  const allowed = new Set(['__typename', 'id', ...known]);
  for (const field of selectedFields(info)) if (!allowed.has(field)) return key;
  return stub;
}

// ---------------------------------------------------------------------------------------------
// Enums and small shapes.

export const RevisionTypeEnum = openEnumType(
  'RevisionType',
  ENUMS.revisionType,
  'How a revision came to be.',
  {
    edits: 'Edits to the content.',
    merge: 'The merge of a change request.',
    rollback: 'A rollback to an earlier revision.',
    update: 'An update of a change request from the main content.',
    computed: 'Computed content.',
  },
);

export const LinkStatusEnum = openEnumType('LinkStatus', ENUMS.linkStatus, 'State of a link.', {
  ok: 'No problem.',
  broken: 'The target does not exist in the revision.',
  'in-app': 'The target is a URL pointing inside the app.',
});

const ContentEvaluation = builder.enumType('ContentEvaluation', {
  description: 'How much of a document to evaluate when reading a page (REST `evaluated`).',
  values: {
    NONE: { value: 'false', description: 'Nothing is evaluated (the default).' },
    ALL: { value: 'true', description: 'The whole document is evaluated.' },
    DETERMINISTIC_ONLY: {
      value: 'deterministic-only',
      description: 'Only expressions with deterministic inputs are evaluated.',
    },
  },
});

const ContentDereference = builder.enumType('ContentDereference', {
  description: 'Which references to expand when reading a page (REST `dereferenced`).',
  values: {
    NONE: { value: 'false', description: 'Nothing is expanded (the default).' },
    ALL: { value: 'true', description: 'All references are expanded.' },
    REUSABLE_CONTENTS: {
      value: 'reusable-contents',
      description: 'Only reusable contents are expanded.',
    },
  },
});

const GitPathRef = builder
  .objectRef<{ oid?: string | undefined; path?: string | undefined }>('ContentGitPath')
  .implement({
    description:
      'Git metadata of a page, file or reusable content (omitted with `metadata: false`).',
    fields: (t) => ({
      oid: t.exposeString('oid', { nullable: true, description: 'Git object id.' }),
      path: t.exposeString('path', { nullable: true, description: 'Path in the repository.' }),
    }),
  });

export const ContentReferenceRef = builder
  .objectRef<ContentReferenceWire>('ContentReference')
  .implement({
    description:
      'A reference to content, discriminated by `kind`: `file` (`file`, `space`), `page` (`page`, `space`) or `openapi` (`spec`).',
    fields: (t) => ({
      kind: t.string({
        resolve: (r) => r.kind,
        nullable: false,
        description: 'What it points at: `file`, `page` or `openapi`.',
      }),
      file: t.string({
        resolve: (r) => r.file ?? null,
        nullable: true,
        description: 'File id (kind `file`).',
      }),
      page: t.string({
        resolve: (r) => r.page ?? null,
        nullable: true,
        description: 'Page id (kind `page`).',
      }),
      space: t.string({
        resolve: (r) => r.space ?? null,
        nullable: true,
        description: 'Space id (kinds `file` and `page`; absent: the same space).',
      }),
      spec: t.string({
        resolve: (r) => r.spec ?? null,
        nullable: true,
        description: 'OpenAPI spec id (kind `openapi`).',
      }),
    }),
  });

// ---------------------------------------------------------------------------------------------
// File.

export const FileRef = builder.loadableNodeRef<FileShape | Error, string, string>('File', {
  id: { resolve: (f) => scopedAddress(f.scope, f.data.id) },
  load: (ids, ctx: GatewayContext) =>
    Promise.all(
      ids.map(async (id) => {
        try {
          const address = splitScoped(id, 'File');
          return await loadFile(ctx, address.scope, address.id);
        } catch (error) {
          return error as Error;
        }
      }),
    ),
});

// ---------------------------------------------------------------------------------------------
// Page.

export const PageRef = builder.loadableNodeRef<PageShape | Error, string, string>('Page', {
  id: { resolve: (p) => scopedAddress(p.scope, p.data.id) },
  load: (ids, ctx: GatewayContext) =>
    Promise.all(
      ids.map(async (id) => {
        try {
          const address = splitScoped(id, 'Page');
          return await loadPage(ctx, address.scope, address.id);
        } catch (error) {
          return error as Error;
        }
      }),
    ),
});

// ---------------------------------------------------------------------------------------------
// Links and references.

export const ReferenceItemRef = builder.objectRef<ReferenceShape>('ReferenceItem').implement({
  description: 'A reference to content, as links and backlinks list them.',
  fields: (t) => ({
    kind: t.string({
      nullable: false,
      description: 'What it points at (e.g. `file`, `page`, `url`).',
      resolve: (r) => r.data.kind,
    }),
    organization: t.field({
      type: OrganizationRef,
      nullable: true,
      description: 'The organization of the referenced content.',
      resolve: (r, _args, _ctx, info) => {
        const org = r.data.organization;
        if (!org) return null;
        return scopedReference(info, org.id, org as never, org.title ? ['title'] : []);
      },
    }),
    space: t.field({
      type: SpaceRef,
      nullable: true,
      description: 'The space of the referenced content.',
      resolve: (r, _args, _ctx, info) => {
        const space = r.data.space;
        if (!space) return null;
        return scopedReference(info, space.id, space as never, space.title ? ['title'] : []);
      },
    }),
    versionContext: t.field({
      type: ReferenceVersionContextRef,
      nullable: true,
      description: 'The version of the content the reference was resolved in.',
      resolve: (r) => r.data.versionContext ?? null,
    }),
    page: t.field({
      type: PageRef,
      nullable: true,
      description: 'The referenced page (kind `page`).',
      resolve: (r, _args, _ctx, info) => {
        const page = r.data.page;
        const spaceId = r.data.space?.id;
        if (!page || !spaceId) return null;
        const scope: ContentScope = {
          spaceId,
          changeRequestId: r.data.versionContext?.changeRequest,
        };
        const stub: PageShape = {
          scope,
          data: { ...page, type: 'document', slug: page.path.split('/').pop() ?? '' },
        };
        return scopedReference(info, scopedAddress(scope, page.id), stub, [
          'title',
          'path',
          'urls',
        ]);
      },
    }),
    file: t.field({
      type: FileRef,
      nullable: true,
      description: 'The referenced file (kind `file`).',
      resolve: (r) => {
        const file = r.data.file;
        const spaceId = r.data.space?.id;
        if (!file || !spaceId) return null;
        return {
          scope: { spaceId, changeRequestId: r.data.versionContext?.changeRequest },
          data: file,
        };
      },
    }),
    url: t.string({
      nullable: true,
      description: 'The target as written (kind `url`, or a broken target).',
      resolve: (r) => r.data.url ?? null,
    }),
  }),
});

const ReferenceVersionContextRef = builder
  .objectRef<NonNullable<ReferenceWire['versionContext']>>('ReferenceVersionContext')
  .implement({
    description: 'The version of content a reference was resolved in.',
    fields: (t) => ({
      type: t.exposeString('type', {
        nullable: false,
        description: 'Kind of version (e.g. `revision`).',
      }),
      revision: t.exposeString('revision', { nullable: true, description: 'Revision id.' }),
      changeRequest: t.exposeString('changeRequest', {
        nullable: true,
        description: 'Change request id, when the content is a change request’s.',
      }),
    }),
  });

export const LinkItemRef = builder.objectRef<LinkShape>('LinkItem').implement({
  description: 'One link target of a revision and the places it is written.',
  fields: (t) => ({
    status: t.field({
      type: LinkStatusEnum.ref,
      nullable: false,
      description:
        '`OK` no problem, `BROKEN` target does not exist in the revision, `IN_APP` target is a URL pointing inside the app.',
      resolve: (l) => LinkStatusEnum.of(l.data.status) as string,
    }),
    relation: t.string({
      nullable: false,
      description: 'How the location refers to the target (e.g. `reference`).',
      resolve: (l) => l.data.relation,
    }),
    targetReference: t.field({
      type: ReferenceItemRef,
      nullable: false,
      description: 'What the link points at.',
      resolve: (l) => ({ data: l.data.targetReference }),
    }),
    locationReferences: t.field({
      type: [ReferenceItemRef],
      nullable: false,
      description: 'Where the link is written.',
      resolve: (l) => l.data.locationReferences.map((data) => ({ data })),
    }),
  }),
});

const LinksBrokenStatsRef = builder
  .objectRef<LinkStatsWire['broken']>('LinksBrokenStats')
  .implement({
    description: 'Broken links.',
    fields: (t) => ({
      total: t.exposeInt('total', { nullable: false, description: 'Broken links in total.' }),
      changeRequest: t.exposeInt('changeRequest', {
        nullable: false,
        description: 'Broken links in change requests.',
      }),
    }),
  });

export const LinksStatsRef = builder.objectRef<LinkStatsWire>('LinksStats').implement({
  description: 'Statistics of the links of a revision.',
  fields: (t) => ({
    total: t.exposeInt('total', { nullable: false, description: 'Links in total.' }),
    broken: t.field({
      type: LinksBrokenStatsRef,
      nullable: false,
      description: 'Broken links.',
      resolve: (s) => s.broken,
    }),
  }),
});

type LinkConnectionShape = ConnectionResult<LinkShape> & { stats: LinkStatsWire };

export const LinkConnectionRef = builder.connectionObject(
  {
    type: LinkItemRef,
    name: 'LinkConnection',
    description: 'Links of a revision or page, with their statistics.',
    fields: (t) => ({
      stats: t.field({
        type: LinksStatsRef,
        nullable: false,
        description: 'Statistics of the links (the REST `stats`).',
        resolve: (c) => (c as unknown as LinkConnectionShape).stats,
      }),
    }),
  },
  { name: 'LinkEdge', description: 'A link in a connection.' },
);

/** Links (`.../links`): a connection that also keeps the list page's `stats`, at no extra call. */
export async function linksConnection(
  ctx: GatewayContext,
  args: Parameters<typeof restConnection>[1] & { status?: string | null },
  path: string,
): Promise<LinkConnectionShape> {
  if (args.status === '__unknown__') {
    throw new GraphQLError('status: UNKNOWN is not a filter', {
      extensions: { code: 'BAD_USER_INPUT' },
    });
  }
  let stats: LinkStatsWire = { total: 0, broken: { total: 0, changeRequest: 0 } };
  let seen = false;
  // The same loader and cache; only the list page is parsed with its stats kept.
  const rest = Object.create(ctx.rest) as RestSession;
  rest.get = (async (key: string) => {
    const page = await ctx.rest.get(key, RestLinkList);
    if (!seen) {
      stats = page.stats;
      seen = true;
    }
    return page;
  }) as RestSession['get'];
  const result = await restConnection({ ...ctx, rest }, args, {
    path,
    query: { status: args.status ?? undefined },
    item: z.unknown() as unknown as z.ZodType<LinkWire>,
  });
  return { ...mapConnection(result, (data) => ({ data })), stats };
}

function backlinksConnection(
  ctx: GatewayContext,
  args: Parameters<typeof restConnection>[1],
  path: string,
) {
  return restConnection(ctx, args, { path, item: ReferenceItem }).then((r) =>
    mapConnection(r, (data) => ({ data })),
  );
}

// ---------------------------------------------------------------------------------------------
// Implementations.

FileRef.implement({
  description:
    'A file of a revision (main content or a change request). Its ID carries the space and change request, so `node(id)` is one call.',
  fields: (t) => ({
    name: t.string({ nullable: false, description: 'File name.', resolve: (f) => f.data.name }),
    contentType: t.string({
      nullable: false,
      description: 'MIME type.',
      resolve: (f) => f.data.contentType,
    }),
    downloadURL: t.string({
      nullable: false,
      description: 'Where to download it.',
      resolve: (f) => f.data.downloadURL,
    }),
    size: t.float({ nullable: false, description: 'Size in bytes.', resolve: (f) => f.data.size }),
    dimensions: t.field({
      type: FileDimensionsRef,
      nullable: true,
      description: 'Width and height, for images.',
      resolve: (f) => f.data.dimensions ?? null,
    }),
    git: t.field({
      type: GitPathRef,
      nullable: true,
      description: 'Git metadata {oid, path}.',
      resolve: (f) => f.data.git ?? null,
    }),
    space: t.field({
      type: SpaceRef,
      nullable: false,
      description: 'The space it belongs to.',
      resolve: (f, _args, _ctx, info) =>
        scopedReference(info, f.scope.spaceId, { id: f.scope.spaceId } as never, []),
    }),
    backlinks: t.connection({
      type: ReferenceItemRef,
      description: 'Where the file is referenced from.',
      resolve: (f, args, ctx) =>
        backlinksConnection(ctx, args, `${contentPath(f.scope)}/files/${seg(f.data.id)}/backlinks`),
    }),
  }),
});

const FileDimensionsRef = builder
  .objectRef<{ width: number; height: number }>('FileDimensions')
  .implement({
    description: 'Dimensions of an image file.',
    fields: (t) => ({
      width: t.exposeFloat('width', { nullable: false, description: 'Width in pixels.' }),
      height: t.exposeFloat('height', { nullable: false, description: 'Height in pixels.' }),
    }),
  });

const PageUrlsRef = builder.objectRef<{ app?: string | undefined }>('PageUrls').implement({
  description: 'URLs of a page.',
  fields: (t) => ({
    app: t.exposeString('app', { nullable: true, description: 'The page in the app.' }),
  }),
});

const PageLayoutRef = builder.objectRef<NonNullable<PageWire['layout']>>('PageLayout').implement({
  description: 'Layout of a page.',
  fields: (t) => ({
    width: t.exposeString('width', { nullable: true, description: 'Width (e.g. `default`).' }),
    cover: t.exposeBoolean('cover', { nullable: true, description: 'Shows the cover.' }),
    coverSize: t.exposeString('coverSize', {
      nullable: true,
      description: 'Cover size (e.g. `hero`).',
    }),
    title: t.exposeBoolean('title', { nullable: true, description: 'Shows the title.' }),
    description: t.exposeBoolean('description', {
      nullable: true,
      description: 'Shows the description.',
    }),
    tableOfContents: t.exposeBoolean('tableOfContents', {
      nullable: true,
      description: 'Shows the table of contents.',
    }),
    outline: t.exposeBoolean('outline', { nullable: true, description: 'Shows the outline.' }),
    pagination: t.exposeBoolean('pagination', {
      nullable: true,
      description: 'Shows the pagination.',
    }),
    metadata: t.exposeBoolean('metadata', {
      nullable: true,
      description: 'Shows the metadata.',
    }),
  }),
});

const PageCoverRef = builder.objectRef<NonNullable<PageWire['cover']>>('PageCover').implement({
  description: 'Cover image of a page.',
  fields: (t) => ({
    ref: t.field({
      type: ContentReferenceRef,
      nullable: true,
      description: 'The image (content reference).',
      resolve: (c) => c.ref ?? null,
    }),
    refDark: t.field({
      type: ContentReferenceRef,
      nullable: true,
      description: 'The image in dark mode (content reference).',
      resolve: (c) => c.refDark ?? null,
    }),
    yPos: t.exposeFloat('yPos', { nullable: true, description: 'Vertical position.' }),
    height: t.exposeFloat('height', { nullable: true, description: 'Height.' }),
  }),
});

const PageMetaLinksRef = builder
  .objectRef<NonNullable<PageWire['metaLinks']>>('PageMetaLinks')
  .implement({
    description: 'Meta links of a page.',
    fields: (t) => ({
      canonical: t.field({
        type: ContentReferenceRef,
        nullable: true,
        description: 'Canonical page (page reference).',
        resolve: (m) => m.canonical ?? null,
      }),
      alternates: t.field({
        type: [ContentReferenceRef],
        nullable: false,
        description: 'Alternate pages (page references).',
        resolve: (m) => m.alternates ?? [],
      }),
    }),
  });

const PageComputedRef = builder
  .objectRef<NonNullable<PageWire['computed']>>('PageComputed')
  .implement({
    description: 'How a computed page is generated.',
    fields: (t) => ({
      type: t.exposeString('type', {
        nullable: true,
        description: 'Generator (e.g. `builtin:openapi`).',
      }),
      dependencies: t.field({
        type: 'JSON',
        nullable: true,
        description: 'Inputs of the generator (e.g. `{spec: {ref: openapi reference}}`).',
        resolve: (c) => c.dependencies ?? null,
      }),
      props: t.field({
        type: 'JSON',
        nullable: true,
        description: 'Properties of the generator (e.g. `{doc: "models"}`).',
        resolve: (c) => c.props ?? null,
      }),
    }),
  });

const isDefault = (v: string | null | undefined) => v === null || v === undefined || v === 'false';

/** Reads the body of a page in the given format, unless the page in hand already has it. */
async function pageBody(
  page: PageShape,
  ctx: GatewayContext,
  format: 'markdown' | 'document',
  args: { evaluated?: string | null; dereferenced?: string | null },
): Promise<PageWire> {
  if (
    isDefault(args.evaluated) &&
    isDefault(args.dereferenced) &&
    page.data[format] !== undefined
  ) {
    return page.data;
  }
  return ctx.rest.get(
    withQuery(`${contentPath(page.scope)}/page/${seg(page.data.id)}`, {
      format,
      evaluated: isDefault(args.evaluated) ? undefined : args.evaluated,
      dereferenced: isDefault(args.dereferenced) ? undefined : args.dereferenced,
    }),
    PageWire,
  );
}

PageRef.implement({
  description:
    'A page of a revision, with its child pages. Its ID carries the space and (for a change request’s content) the change request, so `node(id)` is one call.',
  fields: (t) => ({
    title: t.string({ nullable: false, description: 'Title.', resolve: (p) => p.data.title }),
    linkTitle: t.string({
      nullable: true,
      description: 'Shorter title used in links and navigation.',
      resolve: (p) => p.data.linkTitle ?? null,
    }),
    emoji: t.string({
      nullable: true,
      description: 'Emoji.',
      resolve: (p) => p.data.emoji ?? null,
    }),
    icon: t.string({
      nullable: true,
      description: 'Icon name.',
      resolve: (p) => p.data.icon ?? null,
    }),
    createdAt: t.field({
      type: 'DateTime',
      nullable: true,
      description: 'When it was created.',
      resolve: (p) => p.data.createdAt ?? null,
    }),
    updatedAt: t.field({
      type: 'DateTime',
      nullable: true,
      description: 'When it was last updated.',
      resolve: (p) => p.data.updatedAt ?? null,
    }),
    markdown: t.string({
      nullable: true,
      description:
        'The page as Markdown (REST `format=markdown`); costs one call unless the page was read in that form.',
      args: {
        evaluated: t.arg({
          type: ContentEvaluation,
          description: 'Evaluate expressions (default: none).',
        }),
        dereferenced: t.arg({
          type: ContentDereference,
          description: 'Expand references (default: none).',
        }),
      },
      resolve: async (p, args, ctx) => (await pageBody(p, ctx, 'markdown', args)).markdown ?? null,
    }),
    document: t.field({
      type: 'JSON',
      nullable: true,
      description:
        'The page as a rich-text Document (REST `format=document`, the default of a single page read).',
      args: {
        evaluated: t.arg({
          type: ContentEvaluation,
          description: 'Evaluate expressions (default: none).',
        }),
        dereferenced: t.arg({
          type: ContentDereference,
          description: 'Expand references (default: none).',
        }),
      },
      resolve: async (p, args, ctx) => (await pageBody(p, ctx, 'document', args)).document ?? null,
    }),
    type: t.string({
      nullable: false,
      description: 'Kind of page (e.g. `document`).',
      resolve: (p) => p.data.type,
    }),
    urls: t.field({
      type: PageUrlsRef,
      nullable: true,
      description: 'URLs {app}.',
      resolve: (p) => p.data.urls ?? null,
    }),
    slug: t.string({ nullable: false, description: 'URL slug.', resolve: (p) => p.data.slug }),
    path: t.string({
      nullable: false,
      description: 'Path from the content root.',
      resolve: (p) => p.data.path,
    }),
    description: t.string({
      nullable: true,
      description: 'Description.',
      resolve: (p) => p.data.description ?? null,
    }),
    pages: t.field({
      type: [PageRef],
      nullable: false,
      description: 'Child pages (recursive).',
      resolve: (p) => (p.data.pages ?? []).map(pageShape(p.scope)),
    }),
    git: t.field({
      type: GitPathRef,
      nullable: true,
      description: 'Git metadata {oid, path}.',
      resolve: (p) => p.data.git ?? null,
    }),
    layout: t.field({
      type: PageLayoutRef,
      nullable: true,
      description: 'Layout.',
      resolve: (p) => p.data.layout ?? null,
    }),
    cover: t.field({
      type: PageCoverRef,
      nullable: true,
      description: 'Cover {ref, refDark, yPos, height}.',
      resolve: (p) => p.data.cover ?? null,
    }),
    variables: t.field({
      type: 'JSON',
      nullable: true,
      description: 'Variables (map name -> value).',
      resolve: (p) => p.data.variables ?? null,
    }),
    hidden: t.boolean({
      nullable: true,
      description: 'Hidden from the navigation.',
      resolve: (p) => p.data.hidden ?? null,
    }),
    noIndex: t.boolean({
      nullable: true,
      description: 'Excluded from search.',
      resolve: (p) => p.data.noIndex ?? null,
    }),
    noRobotsIndex: t.boolean({
      nullable: true,
      description: 'Excluded from search-engine indexing.',
      resolve: (p) => p.data.noRobotsIndex ?? null,
    }),
    metaLinks: t.field({
      type: PageMetaLinksRef,
      nullable: true,
      description: 'Meta links {canonical, alternates}.',
      resolve: (p) => p.data.metaLinks ?? null,
    }),
    computed: t.field({
      type: PageComputedRef,
      nullable: true,
      description: 'How the page is computed, for computed pages.',
      resolve: (p) => p.data.computed ?? null,
    }),
    computedSeed: t.string({
      nullable: true,
      description: 'Seed of the computation.',
      resolve: (p) => p.data.computedSeed ?? null,
    }),
    space: t.field({
      type: SpaceRef,
      nullable: false,
      description: 'The space it belongs to.',
      resolve: (p, _args, _ctx, info) =>
        scopedReference(info, p.scope.spaceId, { id: p.scope.spaceId } as never, []),
    }),
    links: t.connection(
      {
        type: LinkItemRef,
        description: 'Links written in the page.',
        args: {
          status: t.arg({ type: LinkStatusEnum.ref, description: 'Only links of this status.' }),
        },
        resolve: (p, args, ctx) =>
          linksConnection(ctx, args, `${contentPath(p.scope)}/page/${seg(p.data.id)}/links`),
      },
      LinkConnectionRef,
    ),
    backlinks: t.connection({
      type: ReferenceItemRef,
      description: 'Where the page is referenced from (REST: change request content).',
      resolve: (p, args, ctx) =>
        backlinksConnection(ctx, args, `${contentPath(p.scope)}/page/${seg(p.data.id)}/backlinks`),
    }),
  }),
});

// ---------------------------------------------------------------------------------------------
// Revision.

const RevisionReusableContentRef = builder
  .objectRef<RevisionShape['data']['reusableContents'][number]>('RevisionReusableContent')
  .implement({
    description: 'A reusable content of a revision.',
    fields: (t) => ({
      id: t.exposeString('id', { nullable: false, description: 'Reusable content id.' }),
      title: t.exposeString('title', { nullable: true, description: 'Title.' }),
      git: t.field({
        type: GitPathRef,
        nullable: true,
        description: 'Git metadata.',
        resolve: (r) => r.git ?? null,
      }),
    }),
  });

const RevisionGitRef = builder
  .objectRef<NonNullable<RevisionShape['data']['git']>>('RevisionGit')
  .implement({
    description: 'Git metadata of a revision.',
    fields: (t) => ({
      oid: t.exposeString('oid', { nullable: true, description: 'Commit id.' }),
      message: t.exposeString('message', { nullable: true, description: 'Commit message.' }),
      createdByService: t.exposeBoolean('createdByService', {
        nullable: true,
        description: 'Created by the service (not by a user’s commit).',
      }),
      url: t.exposeString('url', { nullable: true, description: 'URL of the commit.' }),
      ref: t.exposeString('ref', { nullable: true, description: 'Git ref.' }),
    }),
  });

const RevisionUrlsRef = builder
  .objectRef<NonNullable<RevisionShape['data']['urls']>>('RevisionUrls')
  .implement({
    description: 'URLs of a revision.',
    fields: (t) => ({
      app: t.exposeString('app', { nullable: true, description: 'In the app.' }),
      published: t.exposeString('published', {
        nullable: true,
        description: 'The published content.',
      }),
      public: t.exposeString('public', { nullable: true, description: 'The public content.' }),
    }),
  });

export const RevisionRef = builder.objectRef<RevisionShape>('Revision').implement({
  description:
    'A revision of a space’s main content or of a change request: its page tree, files, reusable contents and variables.',
  fields: (t) => ({
    id: t.id({ nullable: false, description: 'Revision id (REST).', resolve: (r) => r.data.id }),
    parents: t.stringList({
      nullable: false,
      description: 'Ids of the parent revisions.',
      resolve: (r) => r.data.parents,
    }),
    pages: t.field({
      type: [PageRef],
      nullable: false,
      description: 'The page tree (recursive through `pages`).',
      resolve: (r) => r.data.pages.map(pageShape(r.scope)),
    }),
    files: t.field({
      type: [FileRef],
      nullable: false,
      description: 'The files.',
      resolve: (r) => r.data.files.map(fileShape(r.scope)),
    }),
    reusableContents: t.field({
      type: [RevisionReusableContentRef],
      nullable: false,
      description: 'Reusable contents {id, title, git}.',
      resolve: (r) => r.data.reusableContents,
    }),
    variables: t.field({
      type: 'JSON',
      nullable: false,
      description: 'Variables (map name -> value).',
      resolve: (r) => r.data.variables,
    }),
    createdAt: t.field({
      type: 'DateTime',
      nullable: false,
      description: 'When it was created.',
      resolve: (r) => r.data.createdAt,
    }),
    git: t.field({
      type: RevisionGitRef,
      nullable: true,
      description: 'Git metadata {oid, message, createdByService, url, ref}.',
      resolve: (r) => r.data.git ?? null,
    }),
    urls: t.field({
      type: RevisionUrlsRef,
      nullable: true,
      description: 'URLs {app, published, public}.',
      resolve: (r) => r.data.urls ?? null,
    }),
    type: t.field({
      type: RevisionTypeEnum.ref,
      nullable: false,
      description: 'How the revision came to be (e.g. `edits`, `merge`).',
      resolve: (r) => RevisionTypeEnum.of(r.data.type) as string,
    }),
  }),
});

// ---------------------------------------------------------------------------------------------
// Space -> content.

builder.objectFields(SpaceRef, (t) => ({
  content: t.field({
    type: RevisionRef,
    nullable: false,
    description: 'The current revision of the main content.',
    args: {
      metadata: t.arg.boolean({
        description: 'Include mutable git metadata (default true; false can speed up the lookup).',
      }),
      computed: t.arg.boolean({ description: 'Compute computed content (default true).' }),
    },
    resolve: (space, args, ctx) => loadRevision(ctx, { spaceId: space.id }, args),
  }),
  pages: t.field({
    type: [PageRef],
    nullable: false,
    description: 'The page tree of the main content (recursive through `pages`).',
    args: {
      metadata: t.arg.boolean({ description: 'Include mutable git metadata (default true).' }),
      computed: t.arg.boolean({ description: 'Compute computed content (default true).' }),
    },
    resolve: (space, args, ctx) => loadPageTree(ctx, { spaceId: space.id }, args),
  }),
  page: t.field({
    type: PageRef,
    nullable: true,
    description: 'One page of the main content.',
    args: {
      id: t.arg.id({ required: true, description: 'Page ID (global or REST id).' }),
      metadata: t.arg.boolean({ description: 'Include mutable git metadata (default true).' }),
      computed: t.arg.boolean({ description: 'Compute computed content (default true).' }),
    },
    resolve: (space, args, ctx) =>
      loadPage(ctx, { spaceId: space.id }, toRestId(args.id, 'Page'), args),
  }),
  files: t.connection({
    type: FileRef,
    description: 'Files of the main content.',
    args: {
      metadata: t.arg.boolean({ description: 'Include mutable git metadata (default true).' }),
      computed: t.arg.boolean({ description: 'Compute computed content (default true).' }),
    },
    resolve: (space, args, ctx) => filesConnection(ctx, { spaceId: space.id }, args),
  }),
  file: t.field({
    type: FileRef,
    nullable: true,
    description: 'One file of the main content.',
    args: {
      id: t.arg.id({ required: true, description: 'File ID (global or REST id).' }),
      metadata: t.arg.boolean({ description: 'Include mutable git metadata (default true).' }),
      computed: t.arg.boolean({ description: 'Compute computed content (default true).' }),
    },
    resolve: (space, args, ctx) =>
      loadFile(ctx, { spaceId: space.id }, toRestId(args.id, 'File'), args),
  }),
  links: t.connection(
    {
      type: LinkItemRef,
      description: 'Links of the space’s content, with statistics.',
      args: {
        status: t.arg({ type: LinkStatusEnum.ref, description: 'Only links of this status.' }),
      },
      resolve: (space, args, ctx) => linksConnection(ctx, args, `/spaces/${seg(space.id)}/links`),
    },
    LinkConnectionRef,
  ),
}));
