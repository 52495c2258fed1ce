import { z } from 'zod';
import { LIMITS, listPage, PageQuery, sometimes } from './common.ts';

/** A section of a page hit: a heading whose section matches, with a snippet. */
export const SearchSection = z.object({
  id: z.string(),
  title: sometimes(z.string()),
  path: sometimes(z.string()),
  body: sometimes(z.string()),
  urls: z.object({ app: z.string().optional() }).optional(),
});
export type SearchSection = z.infer<typeof SearchSection>;

/** A page matching a search. */
export const SearchPageHit = z.object({
  id: z.string(),
  title: sometimes(z.string()),
  path: sometimes(z.string()),
  sections: sometimes(z.array(SearchSection)),
  ancestors: sometimes(z.array(z.object({ title: sometimes(z.string()) }))),
  urls: z.object({ app: z.string().optional() }).optional(),
});
export type SearchPageHit = z.infer<typeof SearchPageHit>;
export const SpaceSearchResult = listPage(SearchPageHit);
export type SpaceSearchResult = z.infer<typeof SpaceSearchResult>;

/** An organization search item: a space and its matching pages. */
export const SearchSpaceHit = z.object({
  id: z.string(),
  title: sometimes(z.string()),
  pages: sometimes(z.array(SearchPageHit)),
});
export type SearchSpaceHit = z.infer<typeof SearchSpaceHit>;
export const OrganizationSearchResult = listPage(SearchSpaceHit);
export type OrganizationSearchResult = z.infer<typeof OrganizationSearchResult>;

/** `query` (required, at most 512 characters) plus paging. */
export const SearchQuery = PageQuery.extend({
  query: z
    .string({ error: 'required' })
    .trim()
    .min(1, 'required')
    .max(LIMITS.searchQuery, `at most ${LIMITS.searchQuery} characters`),
});
export type SearchQuery = z.infer<typeof SearchQuery>;
