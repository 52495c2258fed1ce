import { GraphQLError } from 'graphql';
import { builder } from '../../../builder.ts';
import type { GatewayContext } from '../../../context.ts';
import { read } from '../../../resources/lookups.ts';
import { ShapeDamage } from '../../../upstream/damage.ts';
import { UpstreamError } from '../../../upstream/errors.ts';
import { PageResource, PageTreeWire, type PageWire } from '../resource.ts';
import { revisionPage } from './revisionPages.ts';

/** What a change request's changes are told against. */
export const DiffBasisEnum = builder.enumType('DiffBasis', {
  description: 'What a change request’s diff compares its content with.',
  values: {
    BASE: {
      value: 'BASE',
      description:
        'The revision the change request started from, or was last updated from main to: its own changes only.',
    },
    MAIN: {
      value: 'MAIN',
      description:
        'The current main content, because the upstream has no reads of past revisions: what main gained since the change request started shows as removed.',
    },
  },
});

export const PageChangeKindEnum = builder.enumType('PageChangeKind', {
  description: 'How a page differs between two contents.',
  values: {
    ADDED: { value: 'added', description: 'Only in the newer content.' },
    CHANGED: { value: 'changed', description: 'In both, with another title or text.' },
    REMOVED: { value: 'removed', description: 'Only in the older content.' },
  },
});

/**
 * A page's Markdown in one content: its text ('' where the page is absent or carries none), or
 * the error of its read (an upstream error, or damage in the page's answer).
 */
export type Markdown = string | GraphQLError;

/** One page that differs, with its Markdown on both sides. */
export interface PageDiff {
  id: string;
  kind: 'added' | 'changed' | 'removed';
  title: string | null;
  titleBefore: string | null;
  path: string | null;
  before: Markdown;
  after: Markdown;
}

/** The pages of a tree (all levels), in tree order. */
function flatten(pages: readonly PageWire[] | undefined, out: PageWire[] = []): PageWire[] {
  for (const page of Array.isArray(pages) ? pages : []) {
    if (!page || typeof page.id !== 'string') continue;
    out.push(page);
    flatten(page.pages, out);
  }
  return out;
}

/** A content's pages with a Markdown read per page that has content (once per request). */
export interface Side {
  pages: PageWire[];
  markdown(page: PageWire): Promise<string>;
}

/** Link and group pages carry no Markdown: they are compared by title, with no read. */
const hasText = (page: PageWire) => page.type !== 'link' && page.type !== 'group';

/** A page's Markdown in `side`, or the error its read ended with: it costs that page alone. */
async function markdownOf(side: Side, page: PageWire | undefined): Promise<Markdown> {
  if (!page || !hasText(page)) return '';
  try {
    const text: unknown = await side.markdown(page);
    if (text instanceof ShapeDamage) return text.error();
    return typeof text === 'string' ? text : '';
  } catch (error) {
    if (error instanceof GraphQLError) return error;
    throw error;
  }
}

/**
 * The pages that differ from `before` to `after`, matched by page id, in `after`'s tree order,
 * then removed ones. A page whose Markdown cannot be read on one side is listed (as changed when
 * it is on both sides), that side holding the read's error.
 */
export async function pageDiffs(before: Side, after: Side): Promise<PageDiff[]> {
  const old = new Map(before.pages.map((page) => [page.id, page]));
  const kept = new Set(after.pages.map((page) => page.id));
  const found = await Promise.all([
    ...after.pages.map(async (page): Promise<PageDiff | undefined> => {
      const was = old.get(page.id);
      const [a, b] = await Promise.all([markdownOf(before, was), markdownOf(after, page)]);
      const base = {
        id: page.id,
        title: page.title ?? null,
        titleBefore: was?.title ?? null,
        path: page.path ?? null,
        before: a,
        after: b,
      };
      if (!was) return { ...base, kind: 'added' };
      const same = typeof a === 'string' && a === b && was.title === page.title;
      return same ? undefined : { ...base, kind: 'changed' };
    }),
    ...before.pages
      .filter((page) => !kept.has(page.id))
      .map(
        async (page): Promise<PageDiff> => ({
          id: page.id,
          kind: 'removed',
          title: page.title ?? null,
          titleBefore: page.title ?? null,
          path: page.path ?? null,
          before: await markdownOf(before, page),
          after: '',
        }),
      ),
  ]);
  return found.filter((diff): diff is PageDiff => diff !== undefined);
}

/** The pages of revision `revision` of `space`, each page's Markdown read from that revision. */
export async function revisionSide(
  ctx: GatewayContext,
  space: string,
  revision: string,
): Promise<Side> {
  const tree = await read(ctx, PageResource.route('revisionTree', space, revision), PageTreeWire);
  return {
    pages: flatten(tree.pages),
    markdown: async (page) =>
      (await revisionPage(ctx, { space, revision, id: page.id })).markdown ?? '',
  };
}

/** The pages of a space's main content or of a change request's, each read as Markdown. */
export async function contentSide(
  ctx: GatewayContext,
  scope: { space: string; changeRequest?: string },
): Promise<Side> {
  const tree = await read(
    ctx,
    PageResource.route('tree', scope.space, scope.changeRequest),
    PageTreeWire,
  );
  return {
    pages: flatten(tree.pages),
    markdown: async (page) =>
      (await PageResource.load(ctx, { ...scope, id: page.id }, { format: 'markdown' })).markdown ??
      '',
  };
}

/**
 * The base a change request's diff is told against: its revision (its tree read to know it can
 * be), or main when the upstream cannot read past revisions, whose tree is read when needed.
 */
export async function diffBase(
  ctx: GatewayContext,
  space: string,
  revision: string,
): Promise<{ basis: 'BASE' | 'MAIN'; side: () => Promise<Side> }> {
  try {
    const side = await revisionSide(ctx, space, revision);
    return { basis: 'BASE', side: () => Promise.resolve(side) };
  } catch (error) {
    // An upstream without reads of past revisions: the current main content is all there is.
    if (!(error instanceof UpstreamError) || error.status !== 404) throw error;
    let main: Promise<Side> | undefined;
    return { basis: 'MAIN', side: () => (main ??= contentSide(ctx, { space })) };
  }
}

/** A side of a page's diff: its Markdown, or its read's error at this field. */
const markdownField = (value: Markdown): string => {
  if (value instanceof GraphQLError) throw value;
  return value;
};

export const PageDiffRef = builder.objectRef<PageDiff>('PageDiff').implement({
  description: 'One page that differs between two contents, with its Markdown on both sides.',
  fields: (t) => ({
    id: t.exposeID('id', {
      nullable: false,
      description: 'Page id (REST; the same in every revision).',
    }),
    kind: t.field({
      type: PageChangeKindEnum,
      nullable: false,
      description: 'Added, changed or removed.',
      resolve: (d) => d.kind,
    }),
    title: t.exposeString('title', {
      nullable: true,
      description: 'Title (the newer one; the older one for a removed page).',
    }),
    titleBefore: t.exposeString('titleBefore', {
      nullable: true,
      description: 'Title in the older content (null: the page was added).',
    }),
    path: t.exposeString('path', { nullable: true, description: 'Path in the newer content.' }),
    before: t.string({
      nullable: true,
      description:
        'Markdown in the older content ("" when absent or without text; null with an error when it could not be read).',
      resolve: (d) => markdownField(d.before),
    }),
    after: t.string({
      nullable: true,
      description:
        'Markdown in the newer content ("" when absent or without text; null with an error when it could not be read).',
      resolve: (d) => markdownField(d.after),
    }),
  }),
});
