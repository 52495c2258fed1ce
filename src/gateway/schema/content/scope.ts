import type { GraphQLResolveInfo } from 'graphql';
import { GraphQLError } from 'graphql';
import { z } from 'zod';
import { File, Page, PageTree, type ReferenceItem, Revision } from '../../../contract/content.ts';
import { type ConnectionResult, restConnection } from '../../connection.ts';
import type { GatewayContext } from '../../context.ts';
import { addressId } from '../../ids.ts';
import { selectedFields } from '../../refs.ts';
import { type QueryValue, seg, withQuery } from '../../upstream/rest.ts';
import { RawValue } from '../../upstream/tolerant.ts';
import { mapConnection } from '../shared.ts';

// ---------------------------------------------------------------------------------------------
// Wire shapes: the contract's, plus the page fields the spec lists that the contract leaves out.

/** Content reference, tolerant of kinds this gateway does not know. */
export const ContentReferenceWire = z.looseObject({
  kind: z.string(),
  file: z.string().optional(),
  page: z.string().optional(),
  space: z.string().optional(),
  spec: z.string().optional(),
});
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
const RevisionWire = Revision.extend({ pages: z.array(PageWire) });
const PageTreeWire = PageTree.extend({ pages: z.array(PageWire) });
type FileWire = z.infer<typeof File>;
export type ReferenceWire = z.infer<typeof ReferenceItem>;

// ---------------------------------------------------------------------------------------------
// Where content lives: a space's main content, or one change request's.

/** The content a page, file or revision belongs to: main content, or a change request's. */
export interface ContentScope {
  spaceId: string;
  /** REST id of the change request; absent for the space's main content. */
  changeRequestId?: string | undefined;
}

/** REST path of a scope's content (`/spaces/{s}/content` or `{cr}/content`). */
export function contentPath(scope: ContentScope): string {
  const space = `/spaces/${seg(scope.spaceId)}`;
  return scope.changeRequestId
    ? `${space}/change-requests/${seg(scope.changeRequestId)}/content`
    : `${space}/content`;
}

/** Address id of objects in a scope: `space/...ids` or `space/changeRequest/...ids`. */
export function scopedAddress(scope: ContentScope, ...ids: string[]): string {
  return scope.changeRequestId
    ? addressId(scope.spaceId, scope.changeRequestId, ...ids)
    : addressId(scope.spaceId, ...ids);
}

/** Splits a scoped address into its scope (1 or 2 segments) and its `tail` trailing ids. */
export function splitScoped(
  id: string,
  tail: number,
  typename: string,
): { scope: ContentScope; ids: string[] } {
  const parts = id.split('/').map((p) => {
    try {
      return decodeURIComponent(p);
    } catch {
      return '';
    }
  });
  const scopeLength = parts.length - tail;
  if ((scopeLength !== 1 && scopeLength !== 2) || parts.some((p) => p === '')) {
    throw new GraphQLError(`id: not a valid ${typename} ID`, {
      extensions: { code: 'BAD_USER_INPUT' },
    });
  }
  const scope: ContentScope =
    scopeLength === 1
      ? { spaceId: parts[0] as string }
      : { spaceId: parts[0] as string, changeRequestId: parts[1] as string };
  return { scope, ids: parts.slice(scopeLength) };
}

/** The `metadata` and `computed` arguments of content reads. */
export interface ContentArgs {
  metadata?: boolean | null | undefined;
  computed?: boolean | null | undefined;
}

/** `metadata` and `computed` as query parameters (left out when not given). */
function contentQuery(args: ContentArgs): Record<string, QueryValue> {
  return { metadata: args.metadata ?? undefined, computed: args.computed ?? undefined };
}

const hasContentArgs = (args: { metadata?: unknown; computed?: unknown }) =>
  (args.metadata !== null && args.metadata !== undefined) ||
  (args.computed !== null && args.computed !== undefined);

export interface PageShape {
  scope: ContentScope;
  data: PageWire;
}
export interface FileShape {
  scope: ContentScope;
  data: FileWire;
}
export interface RevisionShape {
  scope: ContentScope;
  data: z.infer<typeof RevisionWire>;
}

export const pageShape = (scope: ContentScope) => (data: PageWire) => ({ scope, data });
export const fileShape = (scope: ContentScope) => (data: FileWire) => ({ scope, data });

// ---------------------------------------------------------------------------------------------
// Reads.

/** A scope's revision (`GET .../content`). */
export async function loadRevision(
  ctx: GatewayContext,
  scope: ContentScope,
  args: ContentArgs = {},
): Promise<RevisionShape> {
  const data = await ctx.rest.get(withQuery(contentPath(scope), contentQuery(args)), RevisionWire);
  return { scope, data };
}

/** A scope's page tree (`GET .../content/pages`). */
export async function loadPageTree(
  ctx: GatewayContext,
  scope: ContentScope,
  args: ContentArgs = {},
): Promise<PageShape[]> {
  const tree = await ctx.rest.get(
    withQuery(`${contentPath(scope)}/pages`, contentQuery(args)),
    PageTreeWire,
  );
  if (!hasContentArgs(args)) primePages(ctx, scope, tree.pages);
  return tree.pages.map(pageShape(scope));
}

/** Tree pages answer later by-id reads of their metadata (bodies are fetched on demand). */
function primePages(ctx: GatewayContext, scope: ContentScope, pages: PageWire[]): void {
  for (const page of pages) {
    if (page instanceof RawValue) continue;
    ctx.rest.prime(() => `${contentPath(scope)}/page/${seg(page.id)}`, page);
    if (Array.isArray(page.pages)) primePages(ctx, scope, page.pages);
  }
}

/** One page of a scope (`GET .../content/page/{id}`). */
export async function loadPage(
  ctx: GatewayContext,
  scope: ContentScope,
  pageId: string,
  args: ContentArgs = {},
): Promise<PageShape> {
  const data = await ctx.rest.get(
    withQuery(`${contentPath(scope)}/page/${seg(pageId)}`, contentQuery(args)),
    PageWire,
  );
  return { scope, data };
}

const isDefault = (v: string | null | undefined) => v === null || v === undefined || v === 'false';

/** Reads the body of a page in the given format, unless the page in hand already has it. */
export async function pageBody(
  page: PageShape,
  ctx: GatewayContext,
  format: 'markdown' | 'document',
  args: { evaluated?: string | null; dereferenced?: string | null },
): Promise<PageWire> {
  if (
    isDefault(args.evaluated) &&
    isDefault(args.dereferenced) &&
    page.data[format] !== undefined
  ) {
    return page.data;
  }
  return ctx.rest.get(
    withQuery(`${contentPath(page.scope)}/page/${seg(page.data.id)}`, {
      format,
      evaluated: isDefault(args.evaluated) ? undefined : args.evaluated,
      dereferenced: isDefault(args.dereferenced) ? undefined : args.dereferenced,
    }),
    PageWire,
  );
}

/** One file of a scope (`GET .../content/files/{id}`). */
export async function loadFile(
  ctx: GatewayContext,
  scope: ContentScope,
  fileId: string,
  args: ContentArgs = {},
): Promise<FileShape> {
  const data = await ctx.rest.get(
    withQuery(`${contentPath(scope)}/files/${seg(fileId)}`, contentQuery(args)),
    File,
  );
  return { scope, data };
}

/** A scope's files as a connection (`GET .../content/files`), primed for by-id reads. */
export async function filesConnection(
  ctx: GatewayContext,
  scope: ContentScope,
  args: Parameters<typeof restConnection>[1] & ContentArgs,
): Promise<ConnectionResult<FileShape>> {
  const base = contentPath(scope);
  const prime = !hasContentArgs(args);
  const result = await restConnection(ctx, args, {
    path: `${base}/files`,
    query: contentQuery(args),
    item: File,
    primePath: (f) => (prime ? `${base}/files/${seg(f.id)}` : undefined),
  });
  return mapConnection(result, fileShape(scope));
}

/** Selection-aware reference: a stub when only known fields are selected, else the key. */
export function scopedReference<T extends object>(
  info: GraphQLResolveInfo,
  key: string,
  stub: T,
  known: readonly string[],
): string | T {
  const allowed = new Set(['__typename', 'id', ...known]);
  for (const field of selectedFields(info)) if (!allowed.has(field)) return key;
  return stub;
}
