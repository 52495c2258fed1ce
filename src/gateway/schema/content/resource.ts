import { type GraphQLResolveInfo, getArgumentValues, isObjectType } from 'graphql';
import { z } from 'zod';
import { sometimes } from '../../../contract/common.ts';
import { File, Page, PageLinkTarget, PageTree, Revision } from '../../../contract/content.ts';
import type { GatewayContext } from '../../context.ts';
import { badInput } from '../../errorCatalog.ts';
import { collectFields, subSets } from '../../plugins/selections.ts';
import { decodeGlobalId } from '../../resources/globalId.ts';
import type { InputOptions } from '../../resources/inputs.ts';
import { defineResource } from '../../resources/resource.ts';
import { ChangeRequestResource } from '../changeRequest/resource.ts';
import { SpaceResource } from '../space/resource.ts';

// Wire shapes: the contract's, plus the page fields the spec lists that the contract leaves out.

/** Content reference, tolerant of kinds this gateway does not know (a link page's target too). */
export const ContentReferenceWire = PageLinkTarget;
export type ContentReferenceWire = z.infer<typeof ContentReferenceWire>;

export const PageWire = Page.extend({
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
export type PageWire = z.infer<typeof PageWire>;
export const RevisionWire = Revision.extend({ pages: sometimes(z.array(PageWire)) });
export type RevisionWire = z.infer<typeof RevisionWire>;
export const PageTreeWire = PageTree.extend({ pages: z.array(PageWire) });

/**
 * Where content lives, the first part of a page's or file's address: a space's main content, or
 * one of its change requests' (`changeRequest` set).
 */
export type ContentScope = {
  readonly space: string;
  readonly changeRequest?: string | undefined;
};

/** The scope part of a content address. */
export const scopeOf = (address: ContentScope): ContentScope =>
  address.changeRequest !== undefined
    ? { space: address.space, changeRequest: address.changeRequest }
    : { space: address.space };

/**
 * The address, in `scope`, of the page, file or comment argument `arg` names: its global ID, or its
 * REST id there; a global ID of another scope (another space, change request or the main content)
 * is BAD_USER_INPUT. In a change request the query named by its number, a global ID (which holds
 * the request's id) is compared once that number's id is known, and the address keeps the number.
 */
export function inScope<A extends ContentScope>(
  ctx: GatewayContext,
  resource: { readonly typename: string; parseInput(value: string, options?: InputOptions): A },
  id: string,
  scope: ContentScope,
  arg = 'id',
): A | Promise<A> {
  const outside = () => badInput(arg, `not a ${resource.typename} of this content`);
  const { space, changeRequest } = scope;
  if (changeRequest !== undefined && decodeGlobalId(id).typename === resource.typename) {
    const named = ChangeRequestResource.canonical(ctx, { space, id: changeRequest });
    if (named instanceof Promise) {
      const address = resource.parseInput(id, { arg, parents: { space } });
      if (address.changeRequest === undefined) throw outside();
      return named.then((cr) => {
        if (address.changeRequest !== cr.id) throw outside();
        return { ...address, changeRequest };
      });
    }
  }
  const address = resource.parseInput(id, { arg, parents: scope });
  if (address.changeRequest !== changeRequest) throw outside();
  return address;
}

/**
 * True when `info` selects `markdown` in its plain form (not evaluated, not dereferenced), or
 * `references`, on the page it returns: a read with `format=markdown` then answers it with the page's other fields.
 */
function asksMarkdown(info: GraphQLResolveInfo): boolean {
  const page = info.schema.getType('Page');
  const field = isObjectType(page) ? page.getFields().markdown : undefined;
  if (!isObjectType(page) || !field) return false;
  const plain = (value: unknown) => value === undefined || value === 'false';
  const walk = { schema: info.schema, fragments: info.fragments, variables: info.variableValues };
  for (const nodes of collectFields(walk, page, subSets(info.fieldNodes)).values()) {
    for (const node of nodes) {
      // `references` are read from the plain Markdown.
      if (node.name.value === 'references') return true;
      if (node.name.value !== 'markdown') continue;
      const args = getArgumentValues(field, node, info.variableValues);
      if (plain(args.evaluated) && plain(args.dereferenced)) return true;
    }
  }
  return false;
}

/**
 * A page of a revision: `{content}/page/{id}` (its ID: space, change request if any, page). Its
 * routes include those of the content as a whole: the revision, its page tree and its links.
 */
export const PageResource = defineResource({
  typename: 'Page',
  segments: ['space', 'changeRequest?', 'id'],
  parents: { space: SpaceResource, changeRequest: ChangeRequestResource },
  routes: {
    applyTemplate: '/spaces/{spaceId}/content/template',
    item: [
      '/spaces/{spaceId}/content/page/{pageId}',
      '/spaces/{spaceId}/change-requests/{changeRequestId}/content/page/{pageId}',
    ],
    revision: [
      '/spaces/{spaceId}/content',
      '/spaces/{spaceId}/change-requests/{changeRequestId}/content',
    ],
    tree: [
      '/spaces/{spaceId}/content/pages',
      '/spaces/{spaceId}/change-requests/{changeRequestId}/content/pages',
    ],
    spaceLinks: '/spaces/{spaceId}/links',
    // Any revision of the space by its id (past or current, main or change request).
    revisionTree: '/spaces/{spaceId}/revisions/{revisionId}/pages',
    revisionPage: '/spaces/{spaceId}/revisions/{revisionId}/page/{pageId}',
    revisionChanges: '/spaces/{spaceId}/revisions/{revisionId}/changes',
    links: [
      '/spaces/{spaceId}/content/page/{pageId}/links',
      '/spaces/{spaceId}/change-requests/{changeRequestId}/content/page/{pageId}/links',
    ],
    backlinks: [
      '/spaces/{spaceId}/content/page/{pageId}/backlinks',
      '/spaces/{spaceId}/change-requests/{changeRequestId}/content/page/{pageId}/backlinks',
    ],
  },
  contract: PageWire,
  // `format=markdown` answers the page and its Markdown at once.
  bodyQuery: (info) => (asksMarkdown(info) ? { format: 'markdown' } : undefined),
});

/** The graph's value of a page: the REST page and its address. */
export type PageShape = typeof PageResource.$shape;

/** A file of a revision: `{content}/files/{id}` (its ID: space, change request if any, file). */
export const FileResource = defineResource({
  typename: 'File',
  segments: ['space', 'changeRequest?', 'id'],
  parents: { space: SpaceResource, changeRequest: ChangeRequestResource },
  routes: {
    item: [
      '/spaces/{spaceId}/content/files/{fileId}',
      '/spaces/{spaceId}/change-requests/{changeRequestId}/content/files/{fileId}',
    ],
    inRevision: [
      '/spaces/{spaceId}/content/files',
      '/spaces/{spaceId}/change-requests/{changeRequestId}/content/files',
    ],
    backlinks: [
      '/spaces/{spaceId}/content/files/{fileId}/backlinks',
      '/spaces/{spaceId}/change-requests/{changeRequestId}/content/files/{fileId}/backlinks',
    ],
  },
  contract: File,
});

/** The graph's value of a file: the REST file and its address. */
export type FileShape = typeof FileResource.$shape;
