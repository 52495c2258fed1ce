import { ENUMS } from '../../../../contract/common.ts';
import { builder } from '../../../builder.ts';
import type { GatewayContext } from '../../../context.ts';
import { rawOf } from '../../../upstream/damage.ts';
import { openEnumType } from '../../base.ts';
import { resourceNode, resourceRef } from '../../node.ts';
import { SpaceRef } from '../../space/types.ts';
import {
  type ContentReferenceWire,
  type ContentScope,
  PageResource,
  type PageShape,
  type PageWire,
  scopeOf,
} from '../resource.ts';
import { GitPathRef } from './files.ts';

/** The ref of the Page type, for its child pages (implemented below). */
export const PageRef = resourceRef(PageResource);

/** A page of `scope` as the graph's value (child pages and tree items arrive with their body). */
export const pageIn = (scope: ContentScope, page: PageWire): PageShape =>
  PageResource.shape(page, { ...scope, id: page.id });

const isDefault = (value: string | null | undefined) =>
  value === null || value === undefined || value === 'false';

/** The page with its body in `format`: itself when it was read so, else one read in that form. */
export async function pageBody(
  page: PageShape,
  ctx: GatewayContext,
  format: 'markdown' | 'document',
  args: { evaluated?: string | null; dereferenced?: string | null },
): Promise<PageShape> {
  const plain = isDefault(args.evaluated) && isDefault(args.dereferenced);
  if (plain && page[format] !== undefined) return page;
  // A link page has no content: nothing to read.
  if (page.type === 'link') return page;
  return PageResource.load(ctx, PageResource.addressOf(page), {
    format,
    evaluated: isDefault(args.evaluated) ? undefined : args.evaluated,
    dereferenced: isDefault(args.dereferenced) ? undefined : args.dereferenced,
  });
}

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

const ContentReferenceRef = builder.objectRef<ContentReferenceWire>('ContentReference').implement({
  description:
    'A reference to content, discriminated by `kind`: `file` (`file`, `space`), `page` (`page`, `space`) or `openapi` (`spec`); a link page’s target may also be `url` (`url`). Other kinds show in `raw`.',
  fields: (t) => ({
    kind: t.string({
      resolve: (r) => r.kind,

      description: 'What it points at: `file`, `page`, `openapi` or (link pages) `url`.',
    }),
    url: t.string({
      resolve: (r) => r.url ?? null,
      nullable: true,
      description: 'The URL (kind `url`).',
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
    raw: t.field({
      type: 'JSON',
      nullable: true,
      description: 'The reference as the upstream sent it (kinds this gateway does not know too).',
      resolve: (r) => r,
    }),
  }),
});

/** Kinds of page (REST `type`). */
export const PageKindEnum = openEnumType(
  'PageKind',
  ENUMS.pageType,
  'The kind of a page (REST `type`).',
  {
    document: 'A page of content.',
    group: 'A heading that groups child pages; it has no content of its own.',
    link: 'An entry of the navigation pointing at `target` (a URL or other content); it has no `slug`, `path` or content.',
    computed: 'A page generated from `computed` (for example from an OpenAPI spec).',
  },
);

/** The members of a page that are not the upstream's: its address and its child pages. */
const NOT_SENT = new Set(['space', 'changeRequest', 'pages']);

/** A page as the upstream sent it, without its child pages (they are pages of their own). */
function rawPage(page: PageShape): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(page)) if (!NOT_SENT.has(key)) out[key] = value;
  return out;
}

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
      title: t.string({ nullable: true, description: 'Title.', resolve: (p) => p.title ?? null }),
      kind: t.field({
        type: PageKindEnum.ref,
        nullable: true,
        description:
          'Kind of page: `DOCUMENT`, `GROUP`, `LINK`, `COMPUTED`, or `UNKNOWN` for a kind this gateway does not know (`type` and `raw` show it as sent).',
        resolve: (p) => PageKindEnum.of(p.type),
      }),
      target: t.field({
        type: ContentReferenceRef,
        nullable: true,
        description: 'Where a link page points: a URL (kind `url`) or a content reference.',
        resolve: (p) => p.target ?? null,
      }),
      raw: t.field({
        type: 'JSON',
        nullable: true,
        description:
          'The page as the upstream sent it, without its child pages: every member, also those of kinds this gateway does not know.',
        resolve: (p) => rawPage(p),
      }),
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
        nullable: true,
        description:
          'Kind of page as the upstream names it (`document`, `group`, `link`, `computed`...).',
        resolve: (p) => p.type ?? null,
      }),
      urls: t.field({
        type: PageUrlsRef,
        nullable: true,
        description: 'URLs {app}.',
        resolve: (p) => p.urls ?? null,
      }),
      slug: t.string({
        nullable: true,
        description: 'URL slug (none for link pages).',
        resolve: (p) => p.slug ?? null,
      }),
      path: t.string({
        nullable: true,
        description: 'Path from the content root (none for link pages).',
        resolve: (p) => p.path ?? null,
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
    }),
  },
  PageRef,
);
