import { z } from 'zod';

/** Limits of the /v1 surface, as the spec's Limits table gives them. */
export const LIMITS = {
  pageSizeDefault: 50,
  pageSizeMax: 1000,
  collectionTitle: 50,
  collectionDescription: 100,
  spaceTitle: 50,
  spaceEmoji: 50,
  changeRequestSubject: 100,
  organizationTitleMin: 2,
  organizationTitleMax: 255,
  organizationHostnameMin: 3,
  organizationHostnameMax: 32,
  logoUrl: 2048,
  openApiSlugMax: 100,
  openApiUrl: 2048,
  sectionGroupTitle: 100,
  iconName: 50,
  siteSpacePath: 100,
  siteSpaceCondition: 1024,
  searchQuery: 512,
  weeklyPulse: 13,
  restoreWindowDays: 7,
} as const;

export const PATTERNS = {
  openApiSlug: /^[a-zA-Z0-9]+(?:-[a-zA-Z0-9]+)*$/,
  siteHostname: /^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?[.]){2,}[a-z0-9][a-z0-9-]{0,61}[a-z0-9]$/,
  siteProxy: /^([\w-]+\.)*[\w-]+\.[a-zA-Z]{2,}(\/[\w-]+)+$/,
  subdomain: /^[a-z0-9][a-z0-9-]{1,30}[a-z0-9]$/,
} as const;

/**
 * A response enum: typed with the known values, but parsing accepts any string, since a hosted
 * upstream may send values this contract does not list yet.
 */
export function openEnum<const T extends readonly [string, ...string[]]>(_values: T) {
  return z.string() as unknown as z.ZodType<T[number]> & { readonly values: T };
}

/**
 * Schemas of one-of fields whose alternatives the spec does not all show (comment bodies, merge
 * rules, visitor auth, icons, default content): readers of upstream answers keep whatever form
 * such a value arrives in, and read the members shown here where they match.
 */
export const oneOf = z.registry<{ alternatives: string }>();

/** Registers `schema` as a one-of field of the upstream answers; `alternatives` says which are known. */
export function oneOfField<T extends z.ZodType>(schema: T, alternatives: string): T {
  oneOf.add(schema, { alternatives });
  return schema;
}

/**
 * Members the spec does not mark "always present" (its Req column) but that this contract's
 * answers carry: the embedded server always sends them (their type says so, and its strict
 * parse requires them), while the gateway's tolerant reading takes an upstream's answer without
 * one as that member absent (null in the graph, no error), counted as `absent` apart from damage
 * so operators see it. Members the spec marks always present are plain: their absence is damage.
 */
export const notAlwaysPresent = z.registry<Record<string, never>>();

/** `schema` as a member not always present upstream (see `notAlwaysPresent`). */
export function sometimes<T extends z.ZodType>(schema: T): T {
  const member = schema.clone() as T;
  notAlwaysPresent.add(member, {});
  const alternatives = oneOf.get(schema);
  if (alternatives) oneOf.add(member, alternatives);
  return member;
}

/** The known values of an open enum, for gateways that map them to GraphQL enums. */
export const ENUMS = {
  role: ['admin', 'create', 'review', 'edit', 'comment', 'read'],
  teamRole: ['owner', 'member'],
  order: ['asc', 'desc'],
  changeRequestOrderBy: ['updatedAt', 'createdAt'],
  format: ['document', 'markdown'],
  changeRequestStatus: ['draft', 'open', 'archived', 'merged'],
  commentStatus: ['open', 'resolved'],
  openApiProcessingState: ['pending', 'progress', 'complete'],
  openApiErrorCode: ['FETCH_TIMEOUT', 'FETCH_ERROR', 'PARSE_ERROR'],
  openApiVisibility: ['private', 'public'],
  translationStatus: ['pending', 'running', 'completed'],
  samlStatus: ['active', 'pending'],
  siteType: ['basic', 'premium', 'ultimate'],
  siteVisibility: ['public', 'unlisted', 'share-link', 'visitor-auth'],
  spaceVisibility: ['public', 'unlisted', 'share-link', 'visitor-auth', 'in-collection', 'private'],
  editMode: ['live', 'locked'],
  revisionType: ['edits', 'merge', 'rollback', 'update', 'computed'],
  pageType: ['document', 'group', 'link', 'computed'],
  organizationType: ['business', 'community'],
  linkStatus: ['ok', 'broken', 'in-app'],
  impact: ['low', 'medium', 'high'],
  agentsContext: ['excluded', 'included'],
  language: [
    'aa',
    'ab',
    'ae',
    'af',
    'ak',
    'am',
    'an',
    'ar',
    'as',
    'av',
    'ay',
    'az',
    'ba',
    'be',
    'bg',
    'bh',
    'bi',
    'bm',
    'bn',
    'bo',
    'br',
    'bs',
    'ca',
    'ce',
    'ch',
    'co',
    'cr',
    'cs',
    'cu',
    'cv',
    'cy',
    'da',
    'de',
    'dv',
    'dz',
    'ee',
    'el',
    'en',
    'eo',
    'es',
    'et',
    'eu',
    'fa',
    'ff',
    'fi',
    'fj',
    'fo',
    'fr',
    'fy',
    'ga',
    'gd',
    'gl',
    'gn',
    'gu',
    'gv',
    'ha',
    'he',
    'hi',
    'ho',
    'hr',
    'ht',
    'hu',
    'hy',
    'hz',
    'ia',
    'id',
    'ie',
    'ig',
    'ii',
    'ik',
    'io',
    'is',
    'it',
    'iu',
    'ja',
    'jv',
    'ka',
    'kg',
    'ki',
    'kj',
    'kk',
    'kl',
    'km',
    'kn',
    'ko',
    'kr',
    'ks',
    'ku',
    'kv',
    'kw',
    'ky',
    'la',
    'lb',
    'lg',
    'li',
    'ln',
    'lo',
    'lt',
    'lu',
    'lv',
    'mg',
    'mh',
    'mi',
    'mk',
    'ml',
    'mn',
    'mr',
    'ms',
    'mt',
    'my',
    'na',
    'nb',
    'nd',
    'ne',
    'ng',
    'nl',
    'nn',
    'no',
    'nr',
    'nv',
    'ny',
    'oc',
    'oj',
    'om',
    'or',
    'os',
    'pa',
    'pi',
    'pl',
    'ps',
    'pt',
    'qu',
    'rm',
    'rn',
    'ro',
    'ru',
    'rw',
    'sa',
    'sc',
    'sd',
    'se',
    'sg',
    'si',
    'sk',
    'sl',
    'sm',
    'sn',
    'so',
    'sq',
    'sr',
    'ss',
    'st',
    'su',
    'sv',
    'sw',
    'ta',
    'te',
    'tg',
    'th',
    'ti',
    'tk',
    'tl',
    'tn',
    'to',
    'tr',
    'ts',
    'tt',
    'tw',
    'ty',
    'ug',
    'uk',
    'ur',
    'uz',
    've',
    'vi',
    'vo',
    'wa',
    'wo',
    'xh',
    'yi',
    'yo',
    'za',
    'zh',
    'zu',
    'pt-br',
    'zh-tw',
  ],
} as const;

export const Role = z.enum(ENUMS.role);
export type Role = z.infer<typeof Role>;
export const TeamRole = z.enum(ENUMS.teamRole);
export const Order = z.enum(ENUMS.order);
export const Format = z.enum(ENUMS.format);
export const Language = z.enum(ENUMS.language);

/** ISO 8601 timestamp string, as it travels on the wire. */
export const Timestamp = z.string();

/** Wire form of `{location, app, ...}` URL bags: every member optional, unknown ones kept out. */
export const Urls = z
  .object({
    location: z.string().optional(),
    app: z.string().optional(),
    published: z.string().optional(),
    public: z.string().optional(),
    icon: z.string().optional(),
    logo: z.string().optional(),
    source: z.string().optional(),
  })
  .partial();

/**
 * A string of at most `max` characters that parses as an http(s) URL; `base` carries any
 * transform that must run before the checks (such as `trim`).
 */
export function httpUrl(max: number, base: z.ZodString = z.string()) {
  return base.max(max, `at most ${max} characters`).refine((value) => {
    try {
      const url = new URL(value);
      return url.protocol === 'http:' || url.protocol === 'https:';
    } catch {
      return false;
    }
  }, 'must be an http(s) URL');
}

const pages = new WeakMap<z.ZodType, z.ZodType>();

/**
 * A paged list: `next` only when a further page exists, `count` the total matching. One schema
 * per item schema: gateways read a list per request, and what a reader derives from a schema
 * (the tolerant parser's plan) is kept by schema.
 */
export function listPage<T extends z.ZodType>(item: T) {
  let page = pages.get(item) as ReturnType<typeof pageOf<T>> | undefined;
  if (!page) {
    page = pageOf(item);
    pages.set(item, page);
  }
  return page;
}

function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    next: z.object({ page: z.string() }).optional(),
    count: sometimes(z.number()),
    items: z.array(item),
  });
}
export type ListPage<T> = { next?: { page: string }; count: number; items: T[] };

/** Error body of every 4xx/5xx answer. */
export const ErrorBody = z.object({
  error: z.object({ code: z.number(), message: z.string() }),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

/** Query parameters shared by every paged list (`limit` 1..1000, default 50). */
export const PageQuery = z.object({
  page: z.string().min(1).max(2048).optional(),
  limit: z.coerce.number().int().min(1).max(LIMITS.pageSizeMax).default(LIMITS.pageSizeDefault),
});

/** A boolean query parameter: `true`/`false` (also `1`/`0`). */
export const QueryBoolean = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

/** Rich-text block, recursive. */
export type Block = {
  object: 'block' | string;
  type: string;
  key?: string;
  nodes?: Array<Block | Record<string, unknown>>;
  isVoid?: boolean;
  data?: Record<string, unknown>;
};
export const Block: z.ZodType<Block> = z.lazy(() =>
  z.looseObject({
    object: z.string(),
    type: z.string(),
    key: z.string().optional(),
    nodes: z.array(z.union([Block, z.record(z.string(), z.unknown())])).optional(),
    isVoid: z.boolean().optional(),
    data: z.record(z.string(), z.unknown()).optional(),
  }),
);

/** Rich-text Document. */
export const Document = z.looseObject({
  object: z.literal('document'),
  data: z.looseObject({ schemaVersion: z.number().optional() }).optional(),
  nodes: z.array(z.union([Block, z.record(z.string(), z.unknown())])),
  meta: z.object({ token: z.string().optional() }).optional(),
});
export type Document = z.infer<typeof Document>;

/** Strict input form of a Document (request bodies). */
export const DocumentInput = z.object({
  object: z.literal('document'),
  data: z.record(z.string(), z.unknown()).optional(),
  nodes: z.array(z.record(z.string(), z.unknown())).max(10_000),
  meta: z.object({ token: z.string().max(200).optional() }).optional(),
});

/** A place among siblings: before or after one of them. */
export function positionSchema<K extends string, T extends string>(type: T, idField: K) {
  const anchor = z.strictObject({ type: z.literal(type), [idField]: z.string().min(1) } as {
    type: z.ZodLiteral<T>;
  } & Record<K, z.ZodString>);
  return z
    .strictObject({ before: anchor.optional(), after: anchor.optional() })
    .refine((p) => (p.before === undefined) !== (p.after === undefined), {
      message: 'exactly one of before or after is required',
    });
}

export const SpacePosition = positionSchema('space', 'space');
export const SiteSpacePosition = positionSchema('site-space', 'siteSpace');
export const SiteSectionPosition = positionSchema('site-section', 'siteSection');

/** Content reference (`kind` discriminator). */
export const ContentReference = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('file'), file: z.string(), space: z.string().optional() }),
  z.object({ kind: z.literal('page'), page: z.string(), space: z.string().optional() }),
  z.object({ kind: z.literal('openapi'), spec: z.string() }),
]);
export type ContentReference = z.infer<typeof ContentReference>;

/** Template application body. */
export const TemplateApplication = z.strictObject({
  id: z.string().min(1).max(100),
  params: z
    .strictObject({
      contentRefs: z
        .record(
          z.string(),
          z.strictObject({
            kind: z.literal('file'),
            file: z.string(),
            space: z.string().optional(),
          }),
        )
        .optional(),
    })
    .optional(),
  changeRequestId: z.string().optional(),
});
export type TemplateApplication = z.infer<typeof TemplateApplication>;

/** The user shape embedded in many resources. */
export const User = z.object({
  object: z.literal('user'),
  id: z.string(),
  displayName: sometimes(z.string()),
  email: z.string().optional(),
  photoURL: z.string().optional(),
  urls: z.object({ location: z.string().optional() }).optional(),
});
export type User = z.infer<typeof User>;
