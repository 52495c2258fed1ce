import { GraphQLError } from 'graphql';
import { z } from 'zod';
import { ReferenceItem, LinkList as RestLinkList } from '../../../contract/content.ts';
import { builder } from '../../builder.ts';
import { type ConnectionResult, restConnection } from '../../connection.ts';
import type { GatewayContext } from '../../context.ts';
import type { RestSession } from '../../upstream/rest.ts';
import { UNKNOWN } from '../common.ts';
import { OrganizationRef } from '../organization.ts';
import { mapConnection } from '../shared.ts';
import { SpaceRef } from '../space.ts';
import { FileRef, LinkStatusEnum, PageRef } from './common.ts';
import {
  type ContentScope,
  type PageShape,
  type ReferenceWire,
  scopedAddress,
  scopedReference,
} from './scope.ts';

/** The last segment of a page path (its slug); a damaged path stays as it is, for `slug` to report. */
const lastSegment = (path: string) =>
  typeof path === 'string' ? (path.split('/').pop() ?? '') : path;

type LinkWire = z.infer<typeof RestLinkList>['items'][number];
type LinkStatsWire = z.infer<typeof RestLinkList>['stats'];

interface ReferenceShape {
  data: ReferenceWire;
}
interface LinkShape {
  data: LinkWire;
}

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
          data: { ...page, type: 'document', slug: lastSegment(page.path) },
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
  if (args.status === UNKNOWN) {
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

/** Backlinks (`.../backlinks`) as a connection of references. */
export function backlinksConnection(
  ctx: GatewayContext,
  args: Parameters<typeof restConnection>[1],
  path: string,
) {
  return restConnection(ctx, args, { path, item: ReferenceItem }).then((r) =>
    mapConnection(r, (data) => ({ data })),
  );
}
