import { z } from 'zod';
import {
  Document,
  ENUMS,
  Format,
  listPage,
  oneOfField,
  openEnum,
  PageQuery,
  QueryBoolean,
  sometimes,
  Timestamp,
  Urls,
} from './common.ts';

/** Git metadata of a page or file (omitted when `metadata=false`). */
export const GitPath = z.object({ oid: z.string().optional(), path: z.string().optional() });

/** Page layout flags. */
export const PageLayout = z.object({
  width: z.string().optional(),
  cover: z.boolean().optional(),
  coverSize: z.string().optional(),
  title: z.boolean().optional(),
  description: z.boolean().optional(),
  tableOfContents: z.boolean().optional(),
  outline: z.boolean().optional(),
  pagination: z.boolean().optional(),
  metadata: z.boolean().optional(),
});

/**
 * Where a link page points (`kind` discriminator): a URL (`url` {`url`}) or a content reference
 * (`page` {`page`, `space`}, `file` {`file`, `space`}, `openapi` {`spec`}); other kinds are kept
 * as they arrive.
 */
export const PageLinkTarget = z.looseObject({
  kind: z.string(),
  url: z.string().optional(),
  page: z.string().optional(),
  file: z.string().optional(),
  space: z.string().optional(),
  spec: z.string().optional(),
});
export type PageLinkTarget = z.infer<typeof PageLinkTarget>;

/**
 * A page of a revision, with its child pages (recursive). `type` says its kind: `document` (a
 * page of content), `group` (a heading of child pages, no content), `link` (an entry of the
 * navigation pointing at `target`; no `slug` or `path`) or `computed` (generated from `computed`);
 * the hosted service may send others. Members the contract does not name are kept, so a page of
 * another kind still shows as it arrived.
 */
export const Page = z.looseObject({
  id: z.string(),
  title: sometimes(z.string()),
  linkTitle: z.string().optional(),
  emoji: z.string().optional(),
  icon: oneOfField(z.string(), 'an icon name').optional(),
  createdAt: Timestamp.optional(),
  updatedAt: Timestamp.optional(),
  type: sometimes(openEnum(ENUMS.pageType)),
  /** Absent on link pages. */
  slug: z.string().optional(),
  /** Absent on link pages. */
  path: z.string().optional(),
  /** Where a link page points. */
  target: PageLinkTarget.optional(),
  description: z.string().optional(),
  /** Present on a single page read with `format=markdown`. */
  markdown: z.string().optional(),
  /** Present on a single page read with `format=document`. */
  document: Document.optional(),
  urls: z.object({ app: z.string().optional() }).optional(),
  git: GitPath.optional(),
  layout: PageLayout.optional(),
  hidden: z.boolean().optional(),
  noIndex: z.boolean().optional(),
  noRobotsIndex: z.boolean().optional(),
  variables: z.record(z.string(), z.string()).optional(),
  computed: z
    .object({
      type: z.string().optional(),
      dependencies: z.record(z.string(), z.unknown()).optional(),
      props: z.record(z.string(), z.unknown()).optional(),
    })
    .optional(),
  computedSeed: z.string().optional(),
  get pages() {
    return z.array(Page).optional();
  },
});
export type Page = z.infer<typeof Page>;

/** A file of a revision. */
export const File = z.object({
  id: z.string(),
  name: sometimes(z.string()),
  contentType: sometimes(z.string()),
  downloadURL: sometimes(z.string()),
  size: sometimes(z.number()),
  dimensions: z.object({ width: sometimes(z.number()), height: sometimes(z.number()) }).optional(),
  git: GitPath.optional(),
});
export type File = z.infer<typeof File>;
export const FileList = listPage(File);
export type FileList = z.infer<typeof FileList>;

/** A revision of a space or of a change request. */
export const Revision = z.object({
  object: z.literal('revision'),
  id: z.string(),
  parents: sometimes(z.array(z.string())),
  pages: sometimes(z.array(Page)),
  files: sometimes(z.array(File)),
  reusableContents: sometimes(
    z.array(z.object({ id: z.string(), title: z.string().optional(), git: GitPath.optional() })),
  ),
  variables: sometimes(z.record(z.string(), z.string())),
  createdAt: sometimes(Timestamp),
  git: z
    .object({
      oid: z.string().optional(),
      message: z.string().optional(),
      createdByService: z.boolean().optional(),
      url: z.string().optional(),
      ref: z.string().optional(),
    })
    .optional(),
  urls: Urls.optional(),
  type: sometimes(openEnum(ENUMS.revisionType)),
});
export type Revision = z.infer<typeof Revision>;

/** `GET .../content/pages`. */
export const PageTree = z.object({ pages: z.array(Page) });
export type PageTree = z.infer<typeof PageTree>;

/** The page a reference or link points at, in short. */
export const PageSummary = z.object({
  id: z.string(),
  title: sometimes(z.string()),
  path: sometimes(z.string()),
  urls: z.object({ app: z.string().optional() }).optional(),
});

/**
 * A reference to content (links, backlinks): `kind` says what it points at (`page`, `file`,
 * `url`); `space` and `organization` carry their resources (read here by id and title only).
 */
export const ReferenceItem = z.object({
  kind: z.string(),
  organization: z.object({ id: z.string(), title: z.string().optional() }).optional(),
  space: z.object({ id: z.string(), title: z.string().optional() }).optional(),
  versionContext: z
    .object({
      type: sometimes(z.string()),
      revision: z.string().optional(),
      changeRequest: z.string().optional(),
    })
    .optional(),
  page: PageSummary.optional(),
  file: File.optional(),
  /** The target as written (`kind` `url`, or a broken target). */
  url: z.string().optional(),
});
export type ReferenceItem = z.infer<typeof ReferenceItem>;
export const ReferenceList = listPage(ReferenceItem);
export type ReferenceList = z.infer<typeof ReferenceList>;

/** One link target of a revision and the places it is written. */
export const Link = z.object({
  status: sometimes(openEnum(ENUMS.linkStatus)),
  relation: sometimes(z.string()),
  targetReference: sometimes(ReferenceItem),
  locationReferences: sometimes(z.array(ReferenceItem)),
});
export type Link = z.infer<typeof Link>;

export const LinkStats = z.object({
  total: sometimes(z.number()),
  broken: sometimes(
    z.object({ total: sometimes(z.number()), changeRequest: sometimes(z.number()) }),
  ),
});

/** Links list page: a list page plus `stats`. */
export const LinkList = listPage(Link).extend({ stats: sometimes(LinkStats) });
export type LinkList = z.infer<typeof LinkList>;

/** `metadata` and `computed`, shared by every content read. */
export const ContentQuery = z.object({
  metadata: QueryBoolean.default(true),
  computed: QueryBoolean.default(true),
});
export type ContentQuery = z.infer<typeof ContentQuery>;

export const FileListQuery = PageQuery.extend(ContentQuery.shape);
export type FileListQuery = z.infer<typeof FileListQuery>;

/** `GET .../content/page/{pageId}`. */
export const PageReadQuery = ContentQuery.extend({
  format: Format.default('document'),
  evaluated: z.enum(['true', 'false', 'deterministic-only']).default('false'),
  dereferenced: z.enum(['true', 'false', 'reusable-contents']).default('false'),
});
export type PageReadQuery = z.infer<typeof PageReadQuery>;

/** Links lists: paging plus a `status` filter. */
export const LinkListQuery = PageQuery.extend({ status: z.enum(ENUMS.linkStatus).optional() });
export type LinkListQuery = z.infer<typeof LinkListQuery>;

export const BacklinkQuery = PageQuery;
export type BacklinkQuery = z.infer<typeof BacklinkQuery>;

/** Ids of the built-in templates of `POST .../content/template`. */
export const TEMPLATE_IDS = ['api-reference', 'how-to', 'changelog', 'faq'] as const;
