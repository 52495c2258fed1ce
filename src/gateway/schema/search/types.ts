import type { z } from 'zod';
import type { SearchPageHit, SearchSection, SearchSpaceHit } from '../../../contract/search.ts';
import { builder } from '../../builder.ts';
import { SpaceRef } from '../space/types.ts';

const UrlsAppRef = builder.objectRef<{ app?: string | undefined }>('SearchUrls').implement({
  description: 'URLs of a search hit.',
  fields: (t) => ({
    app: t.exposeString('app', { nullable: true, description: 'URL in the app.' }),
  }),
});

const PageHitSectionRef = builder.objectRef<SearchSection>('PageHitSection').implement({
  description: 'A section of a page that matches: a heading and a snippet.',
  fields: (t) => ({
    id: t.exposeID('id', { nullable: false, description: 'Id of the section (anchor).' }),
    title: t.exposeString('title', { description: 'Heading of the section.' }),
    path: t.exposeString('path', { description: 'Path of the section.' }),
    body: t.exposeString('body', { description: 'Matching text.' }),
    urls: t.field({
      type: UrlsAppRef,
      nullable: true,
      description: 'URLs.',
      resolve: (s) => s.urls ?? null,
    }),
  }),
});

const PageHitAncestorRef = builder.objectRef<{ title: string }>('PageHitAncestor').implement({
  description: 'A parent page of a hit.',
  fields: (t) => ({
    title: t.exposeString('title', { description: 'Title of the parent.' }),
  }),
});

export const PageHitRef = builder.objectRef<SearchPageHit>('PageHit').implement({
  description: 'A page matching a search.',
  fields: (t) => ({
    id: t.exposeID('id', { nullable: false, description: 'REST id of the page.' }),
    title: t.exposeString('title', { description: 'Title of the page.' }),
    path: t.exposeString('path', { description: 'Path of the page.' }),
    sections: t.field({
      type: [PageHitSectionRef],
      nullable: { list: true, items: true },
      description: 'Matching sections.',
      resolve: (p) => p.sections,
    }),
    ancestors: t.field({
      type: [PageHitAncestorRef],
      nullable: { list: true, items: true },
      description: 'Parent pages, outermost first.',
      resolve: (p) => p.ancestors,
    }),
    urls: t.field({
      type: UrlsAppRef,
      nullable: true,
      description: 'URLs.',
      resolve: (p) => p.urls ?? null,
    }),
  }),
});

export const OrganizationSearchItemRef = builder
  .objectRef<z.infer<typeof SearchSpaceHit>>('OrganizationSearchItem')
  .implement({
    description: 'An organization search item: a space and its matching pages.',
    fields: (t) => ({
      id: t.exposeID('id', { nullable: false, description: 'REST id of the space.' }),
      title: t.exposeString('title', { description: 'Title of the space.' }),
      pages: t.field({
        type: [PageHitRef],
        nullable: { list: true, items: true },
        description: 'Matching pages of the space.',
        cost: { returns: 'body' },
        resolve: (item) => item.pages,
      }),
      space: t.field({
        type: SpaceRef,
        description: 'The space (free when only its `id` is selected).',
        resolve: (item) => item.id,
      }),
    }),
  });
