import type { GraphQLResolveInfo } from 'graphql';
import { builder } from '../../../builder.ts';
import type { GatewayContext } from '../../../context.ts';
import { TREE_SIZE } from '../../../guard/costs.ts';
import { selectedFields } from '../../../plugins/selections.ts';
import {
  contentSide,
  DiffBasisEnum,
  diffBase,
  type PageDiff,
  PageDiffRef,
  pageDiffs,
  revisionSide,
} from '../../content/types/diffs.ts';
import { SpaceResource } from '../../space/resource.ts';
import type { ChangeRequestShape } from '../resource.ts';
import { ChangeRequestRef } from './changeRequest.ts';

/**
 * A change request's diff: its pages against its base, and main's against the same base. The
 * base's tree is read first (it tells the basis: a base that cannot be read fails the diff);
 * the rest is read when a field asks for it, once: the request's pages for `pages` (its tree
 * beside the base's), main's for `mainChanges` and `mainChangedPages`.
 */
interface DiffShape {
  cr: ChangeRequestShape;
  base: string;
  basis: 'BASE' | 'MAIN';
  pages: () => Promise<PageDiff[]>;
  main: () => Promise<PageDiff[] | null>;
}

/** `load` run once, when first asked. */
function once<T>(load: () => Promise<T>): () => Promise<T> {
  let value: Promise<T> | undefined;
  return () => {
    value ??= load();
    return value;
  };
}

/**
 * The diff of `cr`: its base's tree read, the rest read when asked. The request's own tree does
 * not wait for the base's: when `pages` is selected, it is read beside it.
 */
async function diffOf(
  ctx: GatewayContext,
  cr: ChangeRequestShape,
  info: GraphQLResolveInfo,
): Promise<DiffShape> {
  const own = once(() => contentSide(ctx, { space: cr.space, changeRequest: cr.id }));
  // Started now, awaited by `pages`: a diff that fails first leaves it handled.
  if (selectedFields(info).has('pages')) own().catch(() => undefined);
  const base = cr.revisionMergedAncestor ?? cr.revisionInitial;
  const { basis, side: sideOf } = await diffBase(ctx, cr.space, base);
  return {
    cr,
    base,
    basis,
    pages: once(async () => {
      const [before, proposed] = await Promise.all([sideOf(), own()]);
      return pageDiffs(before, proposed);
    }),
    main: once(async () => {
      if (basis === 'MAIN') return null;
      if (!cr.outdated) return [];
      // Main as of the space's active revision: both sides are revisions, read as they were.
      const space = await SpaceResource.load(ctx, { id: cr.space });
      const [before, now] = await Promise.all([
        sideOf(),
        revisionSide(ctx, cr.space, space.revision),
      ]);
      return pageDiffs(before, now);
    }),
  };
}

const ChangeRequestDiffRef = builder.objectRef<DiffShape>('ChangeRequestDiff').implement({
  description:
    'What a change request changes: its pages against the revision it started from (or was last updated from main to), and what main changed since. A page whose Markdown cannot be read costs that page’s `before` or `after` alone.',
  fields: (t) => ({
    basis: t.field({
      type: DiffBasisEnum,
      nullable: false,
      description:
        'What the pages are compared with: `BASE` (the change request’s base revision) or `MAIN` (the current main content, when the upstream cannot read past revisions).',
      resolve: (d) => d.basis,
    }),
    baseRevision: t.string({
      nullable: false,
      description:
        'Id of the revision compared with (`BASE`), or of the change request’s base (`MAIN`).',
      resolve: (d) => d.base,
    }),
    pages: t.field({
      type: [PageDiffRef],
      nullable: { list: false, items: false },
      description:
        'The pages that differ, in the change request’s page tree order, then removed ones.',
      // The change request's tree and its pages, each read once as Markdown.
      cost: { calls: 1 + TREE_SIZE },
      resolve: (d) => d.pages(),
    }),
    outdated: t.boolean({
      description: 'True when main moved on since the base (the change request’s `outdated`).',
      resolve: (d) => d.cr.outdated,
    }),
    mainChanges: t.field({
      type: [PageDiffRef],
      nullable: { list: true, items: false },
      description:
        'The pages main changed since the base, up to the space’s active revision (empty when up to date; null with basis `MAIN`). Reads the space and that revision’s pages when main moved on.',
      // The space, its active revision's tree and its pages, when main moved on.
      cost: { calls: 2 + TREE_SIZE, returns: 'body' },
      resolve: (d) => d.main(),
    }),
    mainChangedPages: t.int({
      nullable: true,
      description: 'How many pages main changed since the base (null with basis `MAIN`).',
      cost: { calls: 2 + TREE_SIZE },
      resolve: async (d) => (await d.main())?.length ?? null,
    }),
  }),
});

builder.objectField(ChangeRequestRef, 'diff', (t) =>
  t.field({
    type: ChangeRequestDiffRef,
    description:
      'The change request’s own changes: its pages against `revisionMergedAncestor`, else `revisionInitial`, each page read once per revision.',
    // The base revision's tree, and its pages read once as Markdown (by `pages` or `mainChanges`,
    // whichever asks first).
    cost: { calls: 1 + TREE_SIZE, parentBody: true, returns: 'body' },
    resolve: (cr, _args, ctx, info) => diffOf(ctx, cr, info),
  }),
);
