import type { ObjectRef } from '@pothos/core';
import type { z } from 'zod';
import { ENUMS } from '../../../../contract/common.ts';
import type {
  Link,
  ReferenceItem,
  LinkList as RestLinkList,
} from '../../../../contract/content.ts';
import { builder } from '../../../builder.ts';
import type { ConnectionResult } from '../../../connections/restConnection.ts';
import { openEnumType, type Types } from '../../base.ts';
import { OrganizationResource } from '../../organization/resource.ts';
import { OrganizationRef } from '../../organization/types.ts';
import { SpaceResource } from '../../space/resource.ts';
import { SpaceRef } from '../../space/types.ts';
import { FileResource, PageResource } from '../resource.ts';
import { FileRef } from './files.ts';
import { PageRef } from './pages.ts';

export const LinkStatusEnum = openEnumType('LinkStatus', ENUMS.linkStatus, 'State of a link.', {
  ok: 'No problem.',
  broken: 'The target does not exist in the revision.',
  'in-app': 'The target is a URL pointing inside the app.',
});

type ReferenceWire = z.infer<typeof ReferenceItem>;
type LinkWire = z.infer<typeof Link>;
type LinkStatsWire = z.infer<typeof RestLinkList>['stats'];

export const ReferenceItemRef: ObjectRef<Types, ReferenceWire> = builder
  .objectRef<ReferenceWire>('ReferenceItem')
  .implement({
    description: 'A reference to content, as links and backlinks list them.',
    fields: (t) => ({
      kind: t.string({
        description: 'What it points at (e.g. `file`, `page`, `url`).',
        resolve: (r) => r.kind,
      }),
      organization: t.field({
        type: OrganizationRef,
        nullable: true,
        description: 'The organization of the referenced content.',
        resolve: ({ organization: org }) =>
          org ? OrganizationResource.ref({ id: org.id }, known({ title: org.title })) : null,
      }),
      space: t.field({
        type: SpaceRef,
        nullable: true,
        description: 'The space of the referenced content.',
        resolve: ({ space }) =>
          space ? SpaceResource.ref({ id: space.id }, known({ title: space.title })) : null,
      }),
      versionContext: t.field({
        type: ReferenceVersionContextRef,
        nullable: true,
        description: 'The version of the content the reference was resolved in.',
        resolve: (r) => r.versionContext ?? null,
      }),
      page: t.field({
        type: PageRef,
        nullable: true,
        description: 'The referenced page (kind `page`).',
        resolve: ({ page, space, versionContext }) =>
          page
            ? PageResource.ref(
                { space: space?.id, changeRequest: versionContext?.changeRequest, id: page.id },
                known({ title: page.title, path: page.path, urls: page.urls }),
              )
            : null,
      }),
      file: t.field({
        type: FileRef,
        nullable: true,
        description: 'The referenced file (kind `file`).',
        resolve: ({ file, space, versionContext }) =>
          file && space
            ? FileResource.shape(file, {
                space: space.id,
                changeRequest: versionContext?.changeRequest,
                id: file.id,
              })
            : null,
      }),
      url: t.string({
        nullable: true,
        description: 'The target as written (kind `url`, or a broken target).',
        resolve: (r) => r.url ?? null,
      }),
    }),
  });

const ReferenceVersionContextRef = builder
  .objectRef<NonNullable<ReferenceWire['versionContext']>>('ReferenceVersionContext')
  .implement({
    description: 'The version of content a reference was resolved in.',
    fields: (t) => ({
      type: t.exposeString('type', {
        description: 'Kind of version (e.g. `revision`).',
      }),
      revision: t.exposeString('revision', { nullable: true, description: 'Revision id.' }),
      changeRequest: t.exposeString('changeRequest', {
        nullable: true,
        description: 'Change request id, when the content is a change request’s.',
      }),
    }),
  });

export const LinkItemRef = builder.objectRef<LinkWire>('LinkItem').implement({
  description: 'One link target of a revision and the places it is written.',
  fields: (t) => ({
    status: t.field({
      type: LinkStatusEnum.ref,

      description:
        '`OK` no problem, `BROKEN` target does not exist in the revision, `IN_APP` target is a URL pointing inside the app.',
      resolve: (l) => LinkStatusEnum.of(l.status) as string,
    }),
    relation: t.string({
      description: 'How the location refers to the target (e.g. `reference`).',
      resolve: (l) => l.relation,
    }),
    targetReference: t.field({
      type: ReferenceItemRef,

      description: 'What the link points at.',
      resolve: (l) => l.targetReference,
    }),
    locationReferences: t.field({
      type: [ReferenceItemRef],
      nullable: { list: true, items: true },
      description: 'Where the link is written.',
      resolve: (l) => l.locationReferences,
    }),
  }),
});

const LinksBrokenStatsRef = builder
  .objectRef<LinkStatsWire['broken']>('LinksBrokenStats')
  .implement({
    description: 'Broken links.',
    fields: (t) => ({
      total: t.exposeInt('total', { description: 'Broken links in total.' }),
      changeRequest: t.exposeInt('changeRequest', {
        description: 'Broken links in change requests.',
      }),
    }),
  });

const LinksStatsRef = builder.objectRef<LinkStatsWire>('LinksStats').implement({
  description: 'Statistics of the links of a revision.',
  fields: (t) => ({
    total: t.exposeInt('total', { description: 'Links in total.' }),
    broken: t.field({
      type: LinksBrokenStatsRef,

      description: 'Broken links.',
      resolve: (s) => s.broken,
    }),
  }),
});

/** A page of links with the list's statistics. */
export type LinkConnectionShape = ConnectionResult<LinkWire> & { stats: LinkStatsWire };

export const LinkConnectionRef = builder.connectionObject(
  {
    type: LinkItemRef,
    name: 'LinkConnection',
    description: 'Links of a revision or page, with their statistics.',
    fields: (t) => ({
      stats: t.field({
        type: LinksStatsRef,

        description: 'Statistics of the links (the REST `stats`).',
        resolve: (c) => (c as unknown as LinkConnectionShape).stats,
      }),
    }),
  },
  { name: 'LinkEdge', description: 'A link in a connection.' },
);

/** The members of a referenced object's body that a reference carries (absent ones left out). */
function known<T extends Record<string, unknown>>(members: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(members).filter(([, value]) => value !== undefined),
  ) as Partial<T>;
}
