import { builder } from '../../../builder.ts';
import type { GatewayContext } from '../../../context.ts';
import { read } from '../../../resources/lookups.ts';
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

/** One page that differs, with its Markdown on both sides ('' where it is absent). */
export interface PageDiff {
  id: string;
  kind: 'added' | 'changed' | 'removed';
  title: string | null;
  titleBefore: string | null;
  path: string | null;
  before: string;
  after: string;
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
interface Side {
  pages: PageWire[];
  markdown(page: PageWire): Promise<string>;
}

const hasText = (page: PageWire) => page.type !== 'link' && page.type !== 'group';

/** The pages that differ from `before` to `after`, matched by page id, in `after`'s tree order. */
export async function pageDiffs(before: Side, after: Side): Promise<PageDiff[]> {
  const old = new Map(before.pages.map((page) => [page.id, page]));
  const kept = new Set(after.pages.map((page) => page.id));
  const text = (side: Side, page: PageWire | undefined) =>
    page && hasText(page) ? side.markdown(page) : Promise.resolve('');
  const found = await Promise.all([
    ...after.pages.map(async (page): Promise<PageDiff | undefined> => {
      const was = old.get(page.id);
      const [a, b] = await Promise.all([text(before, was), text(after, page)]);
      const base = {
        id: page.id,
        title: page.title ?? null,
        titleBefore: was?.title ?? null,
        path: page.path ?? null,
        before: a,
        after: b,
      };
      if (!was) return { ...base, kind: 'added' };
      return a !== b || was.title !== page.title ? { ...base, kind: 'changed' } : undefined;
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
          before: await text(before, page),
          after: '',
        }),
      ),
  ]);
  return found.filter((diff): diff is PageDiff => diff !== undefined);
}

/** The pages of revision `revision` of `space`, each page's Markdown read from that revision. */
async function revisionSide(ctx: GatewayContext, space: string, revision: string): Promise<Side> {
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

/** The base a change request's diff is told against: its revision, or main when unreadable. */
export async function diffBase(
  ctx: GatewayContext,
  space: string,
  revision: string,
): Promise<{ basis: 'BASE' | 'MAIN'; side: Side }> {
  try {
    return { basis: 'BASE', side: await revisionSide(ctx, space, revision) };
  } catch (error) {
    // An upstream without reads of past revisions: the current main content is all there is.
    if (!(error instanceof UpstreamError) || error.status !== 404) throw error;
    return { basis: 'MAIN', side: await contentSide(ctx, { space }) };
  }
}

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
    before: t.exposeString('before', {
      nullable: false,
      description: 'Markdown in the older content ("" when absent or without text).',
    }),
    after: t.exposeString('after', {
      nullable: false,
      description: 'Markdown in the newer content ("" when absent or without text).',
    }),
  }),
});
