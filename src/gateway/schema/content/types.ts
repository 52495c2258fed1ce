import { builder } from '../../builder.ts';
import type { GatewayContext } from '../../context.ts';
import { rawOf } from '../../upstream/damage.ts';
import { resourceNode } from '../node.ts';
import { SpaceRef } from '../space/types.ts';
import {
  ContentDereference,
  ContentEvaluation,
  ContentReferenceRef,
  GitPathRef,
  LinkStatusEnum,
  RevisionTypeEnum,
} from './common.ts';
import {
  backlinksConnection,
  LinkConnectionRef,
  LinkItemRef,
  linksConnection,
  ReferenceItemRef,
} from './links.ts';
import { FileRef, PageRef } from './refs.ts';
import {
  type ContentScope,
  FileResource,
  PageResource,
  type PageShape,
  type PageWire,
  type RevisionWire,
  scopeOf,
} from './resource.ts';

/** The graph's value of a revision: the REST revision and the scope it is the content of. */
export type RevisionShape = RevisionWire & ContentScope;

/** A page of `scope` as the graph's value (child pages and tree items arrive with their body). */
export const pageIn = (scope: ContentScope, page: PageWire): PageShape =>
  PageResource.shape(page, { ...scope, id: page.id });

const isDefault = (v: string | null | undefined) => v === null || v === undefined || v === 'false';

/** The page with its body in `format`: itself when it was read so, else one read in that form. */
async function pageBody(
  page: PageShape,
  ctx: GatewayContext,
  format: 'markdown' | 'document',
  args: { evaluated?: string | null; dereferenced?: string | null },
): Promise<PageShape> {
  const plain = isDefault(args.evaluated) && isDefault(args.dereferenced);
  if (plain && page[format] !== undefined) return page;
  return PageResource.load(ctx, PageResource.addressOf(page), {
    format,
    evaluated: isDefault(args.evaluated) ? undefined : args.evaluated,
    dereferenced: isDefault(args.dereferenced) ? undefined : args.dereferenced,
  });
}

// ---------------------------------------------------------------------------------------------
// File.

export { FileRef, PageRef };

resourceNode(
  FileResource,
  {
    description:
      'A file of a revision (main content or a change request). Its ID carries the space and change request, so `node(id)` is one call.',
    fields: (t) => ({
      name: t.string({ description: 'File name.', resolve: (f) => f.name }),
      contentType: t.string({
        description: 'MIME type.',
        resolve: (f) => f.contentType,
      }),
      downloadURL: t.string({
        description: 'Where to download it.',
        resolve: (f) => f.downloadURL,
      }),
      size: t.float({ description: 'Size in bytes.', resolve: (f) => f.size }),
      dimensions: t.field({
        type: FileDimensionsRef,
        nullable: true,
        description: 'Width and height, for images.',
        resolve: (f) => f.dimensions ?? null,
      }),
      git: t.field({
        type: GitPathRef,
        nullable: true,
        description: 'Git metadata {oid, path}.',
        resolve: (f) => f.git ?? null,
      }),
      space: t.field({
        type: SpaceRef,

        description: 'The space it belongs to.',
        resolve: (f) => f.space,
      }),
      backlinks: t.connection({
        type: ReferenceItemRef,
        description: 'Where the file is referenced from.',
        resolve: (f, args, ctx) =>
          backlinksConnection(ctx, args, `${FileResource.path(f)}/backlinks`),
      }),
    }),
  },
  FileRef,
);

const FileDimensionsRef = builder
  .objectRef<{ width: number; height: number }>('FileDimensions')
  .implement({
    description: 'Dimensions of an image file.',
    fields: (t) => ({
      width: t.exposeFloat('width', { description: 'Width in pixels.' }),
      height: t.exposeFloat('height', { description: 'Height in pixels.' }),
    }),
  });
// ---------------------------------------------------------------------------------------------
// Page.

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
        nullable: { list: true, items: true },
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

/** `evaluated` and `dereferenced`: how a page body is read. */
const bodyArgs = () =>
  builder.args((t) => ({
    evaluated: t.field({
      type: ContentEvaluation,
      description: 'Evaluate expressions (default: none).',
    }),
    dereferenced: t.field({
      type: ContentDereference,
      description: 'Expand references (default: none).',
    }),
  }));

resourceNode(
  PageResource,
  {
    description:
      'A page of a revision, with its child pages. Its ID carries the space and (for a change request’s content) the change request, so `node(id)` is one call.',
    fields: (t) => ({
      title: t.string({ description: 'Title.', resolve: (p) => p.title }),
      linkTitle: t.string({
        nullable: true,
        description: 'Shorter title used in links and navigation.',
        resolve: (p) => p.linkTitle ?? null,
      }),
      emoji: t.string({
        nullable: true,
        description: 'Emoji.',
        resolve: (p) => p.emoji ?? null,
      }),
      icon: t.string({
        nullable: true,
        description: 'Icon name.',
        resolve: (p) => p.icon ?? null,
      }),
      iconRaw: t.field({
        type: 'JSON',
        nullable: true,
        description: 'The icon as the upstream sent it (icons may take forms beside a name).',
        resolve: (p) => rawOf(p.icon) ?? null,
      }),
      createdAt: t.field({
        type: 'DateTime',
        nullable: true,
        description: 'When it was created.',
        resolve: (p) => p.createdAt ?? null,
      }),
      updatedAt: t.field({
        type: 'DateTime',
        nullable: true,
        description: 'When it was last updated.',
        resolve: (p) => p.updatedAt ?? null,
      }),
      markdown: t.string({
        nullable: true,
        description:
          'The page as Markdown (REST `format=markdown`); costs one call unless the page was read in that form.',
        args: bodyArgs(),
        resolve: async (p, args, ctx) =>
          (await pageBody(p, ctx, 'markdown', args)).markdown ?? null,
      }),
      document: t.field({
        type: 'JSON',
        nullable: true,
        description:
          'The page as a rich-text Document (REST `format=document`, the default of a single page read).',
        args: bodyArgs(),
        resolve: async (p, args, ctx) =>
          (await pageBody(p, ctx, 'document', args)).document ?? null,
      }),
      type: t.string({
        description: 'Kind of page (e.g. `document`).',
        resolve: (p) => p.type,
      }),
      urls: t.field({
        type: PageUrlsRef,
        nullable: true,
        description: 'URLs {app}.',
        resolve: (p) => p.urls ?? null,
      }),
      slug: t.string({ description: 'URL slug.', resolve: (p) => p.slug }),
      path: t.string({
        description: 'Path from the content root.',
        resolve: (p) => p.path,
      }),
      description: t.string({
        nullable: true,
        description: 'Description.',
        resolve: (p) => p.description ?? null,
      }),
      pages: t.field({
        type: [PageRef],
        nullable: { list: true, items: true },
        description: 'Child pages (recursive).',
        resolve: (p) => (p.pages ?? []).map((child) => pageIn(scopeOf(p), child)),
      }),
      git: t.field({
        type: GitPathRef,
        nullable: true,
        description: 'Git metadata {oid, path}.',
        resolve: (p) => p.git ?? null,
      }),
      layout: t.field({
        type: PageLayoutRef,
        nullable: true,
        description: 'Layout.',
        resolve: (p) => p.layout ?? null,
      }),
      cover: t.field({
        type: PageCoverRef,
        nullable: true,
        description: 'Cover {ref, refDark, yPos, height}.',
        resolve: (p) => p.cover ?? null,
      }),
      variables: t.field({
        type: 'JSON',
        nullable: true,
        description: 'Variables (map name -> value).',
        resolve: (p) => p.variables ?? null,
      }),
      hidden: t.boolean({
        nullable: true,
        description: 'Hidden from the navigation.',
        resolve: (p) => p.hidden ?? null,
      }),
      noIndex: t.boolean({
        nullable: true,
        description: 'Excluded from search.',
        resolve: (p) => p.noIndex ?? null,
      }),
      noRobotsIndex: t.boolean({
        nullable: true,
        description: 'Excluded from search-engine indexing.',
        resolve: (p) => p.noRobotsIndex ?? null,
      }),
      metaLinks: t.field({
        type: PageMetaLinksRef,
        nullable: true,
        description: 'Meta links {canonical, alternates}.',
        resolve: (p) => p.metaLinks ?? null,
      }),
      computed: t.field({
        type: PageComputedRef,
        nullable: true,
        description: 'How the page is computed, for computed pages.',
        resolve: (p) => p.computed ?? null,
      }),
      computedSeed: t.string({
        nullable: true,
        description: 'Seed of the computation.',
        resolve: (p) => p.computedSeed ?? null,
      }),
      space: t.field({
        type: SpaceRef,

        description: 'The space it belongs to.',
        resolve: (p) => p.space,
      }),
      links: t.connection(
        {
          type: LinkItemRef,
          description: 'Links written in the page.',
          args: {
            status: t.arg({ type: LinkStatusEnum.ref, description: 'Only links of this status.' }),
          },
          resolve: (p, args, ctx) => linksConnection(ctx, args, `${PageResource.path(p)}/links`),
        },
        LinkConnectionRef,
      ),
      backlinks: t.connection({
        type: ReferenceItemRef,
        description: 'Where the page is referenced from (REST: change request content).',
        resolve: (p, args, ctx) =>
          backlinksConnection(ctx, args, `${PageResource.path(p)}/backlinks`),
      }),
    }),
  },
  PageRef,
);

// ---------------------------------------------------------------------------------------------
// Revision.

const RevisionReusableContentRef = builder
  .objectRef<RevisionWire['reusableContents'][number]>('RevisionReusableContent')
  .implement({
    description: 'A reusable content of a revision.',
    fields: (t) => ({
      id: t.exposeString('id', { description: 'Reusable content id.' }),
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
  .objectRef<NonNullable<RevisionWire['git']>>('RevisionGit')
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
  .objectRef<NonNullable<RevisionWire['urls']>>('RevisionUrls')
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
    id: t.id({ nullable: false, description: 'Revision id (REST).', resolve: (r) => r.id }),
    parents: t.stringList({
      nullable: { list: true, items: true },
      description: 'Ids of the parent revisions.',
      resolve: (r) => r.parents,
    }),
    pages: t.field({
      type: [PageRef],
      nullable: { list: true, items: true },
      description: 'The page tree (recursive through `pages`).',
      resolve: (r) => r.pages.map((page) => pageIn(scopeOf(r), page)),
    }),
    files: t.field({
      type: [FileRef],
      nullable: { list: true, items: true },
      description: 'The files.',
      resolve: (r) =>
        r.files.map((file) => FileResource.shape(file, { ...scopeOf(r), id: file.id })),
    }),
    reusableContents: t.field({
      type: [RevisionReusableContentRef],
      nullable: { list: true, items: true },
      description: 'Reusable contents {id, title, git}.',
      resolve: (r) => r.reusableContents,
    }),
    variables: t.field({
      type: 'JSON',

      description: 'Variables (map name -> value).',
      resolve: (r) => r.variables,
    }),
    createdAt: t.field({
      type: 'DateTime',

      description: 'When it was created.',
      resolve: (r) => r.createdAt,
    }),
    git: t.field({
      type: RevisionGitRef,
      nullable: true,
      description: 'Git metadata {oid, message, createdByService, url, ref}.',
      resolve: (r) => r.git ?? null,
    }),
    urls: t.field({
      type: RevisionUrlsRef,
      nullable: true,
      description: 'URLs {app, published, public}.',
      resolve: (r) => r.urls ?? null,
    }),
    type: t.field({
      type: RevisionTypeEnum.ref,

      description: 'How the revision came to be (e.g. `edits`, `merge`).',
      resolve: (r) => RevisionTypeEnum.of(r.type) as string,
    }),
  }),
});
