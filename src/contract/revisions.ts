import { z } from 'zod';
import { LIMITS } from './common.ts';
import { ContentQuery, File } from './content.ts';

/** A page as a semantic change names it: its id, and its title and path in that revision. */
export const RevisionChangePage = z.object({
  id: z.string(),
  title: z.string().optional(),
  path: z.string().optional(),
});
export type RevisionChangePage = z.infer<typeof RevisionChangePage>;

/** A value before and after a change (absent where there was none). */
const BeforeAfter = <T extends z.ZodType>(value: T) =>
  z.object({ before: value.optional(), after: value.optional() });

/**
 * One semantic change a revision introduced against its parent: `type` says what happened
 * (`page_created`, `page_edited`, `page_deleted`, `page_moved`, `file_created`, `file_edited`,
 * `file_deleted`; the hosted service may send others, kept as they arrive). Page changes carry the
 * `page`; edits carry the `attributes` that changed, with their values before and after; a move
 * carries the `parent` page before and after (absent: the top level).
 */
export const RevisionChange = z.looseObject({
  type: z.string(),
  page: RevisionChangePage.optional(),
  file: File.optional(),
  attributes: z
    .looseObject({
      title: BeforeAfter(z.string()).optional(),
      description: BeforeAfter(z.string()).optional(),
      emoji: BeforeAfter(z.string()).optional(),
      slug: BeforeAfter(z.string()).optional(),
      document: BeforeAfter(z.string()).optional(),
      name: BeforeAfter(z.string()).optional(),
      contentType: BeforeAfter(z.string()).optional(),
    })
    .optional(),
  parent: BeforeAfter(RevisionChangePage).optional(),
});
export type RevisionChange = z.infer<typeof RevisionChange>;

/** `GET .../revisions/{revisionId}/changes`: the first `limit` changes, and how many more there are. */
export const RevisionChanges = z.object({
  changes: z.array(RevisionChange),
  more: z.number().optional(),
});
export type RevisionChanges = z.infer<typeof RevisionChanges>;

/** Changes listed by default in `GET .../changes`. */
export const REVISION_CHANGES_DEFAULT = 10;

/** `GET .../revisions/{revisionId}/changes`. */
export const RevisionChangesQuery = ContentQuery.extend({
  limit: z.coerce.number().int().min(1).max(LIMITS.pageSizeMax).default(REVISION_CHANGES_DEFAULT),
});
export type RevisionChangesQuery = z.infer<typeof RevisionChangesQuery>;
