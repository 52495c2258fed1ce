import type { ObjectParam } from '@pothos/core';
import { builder } from '../../builder.ts';
import { toRestId } from '../../ids.ts';
import { seg } from '../../upstream/rest.ts';
import { SpaceRef } from '../space.ts';
import { FileRef, LinkStatusEnum, PageRef } from './common.ts';
import { LinkConnectionRef, LinkItemRef, linksConnection } from './links.ts';
import {
  type ContentScope,
  filesConnection,
  loadFile,
  loadPage,
  loadPageTree,
  loadRevision,
} from './scope.ts';
import { RevisionRef } from './types.ts';

/** `metadata` and `computed`: how content is read. */
const contentArgs = (metadata = 'Include mutable git metadata (default true).') =>
  builder.args((t) => ({
    metadata: t.boolean({ description: metadata }),
    computed: t.boolean({ description: 'Compute computed content (default true).' }),
  }));

/** Descriptions of the content fields of an object that has content. */
export interface ContentFieldDescriptions {
  content: string;
  pages: string;
  page: string;
  files: string;
  file: string;
}

/** The `content`, `pages`, `page`, `files` and `file` fields of a space or change request. */
function contentFields<Parent>(
  t: PothosSchemaTypes.ObjectFieldBuilder<typeof builder.$inferSchemaTypes, Parent>,
  scopeOf: (parent: Parent) => ContentScope,
  describe: ContentFieldDescriptions,
) {
  return {
    content: t.field({
      type: RevisionRef,
      nullable: false,
      description: describe.content,
      args: contentArgs(
        'Include mutable git metadata (default true; false can speed up the lookup).',
      ),
      resolve: (parent, args, ctx) => loadRevision(ctx, scopeOf(parent), args),
    }),
    pages: t.field({
      type: [PageRef],
      nullable: false,
      description: describe.pages,
      args: contentArgs(),
      resolve: (parent, args, ctx) => loadPageTree(ctx, scopeOf(parent), args),
    }),
    page: t.field({
      type: PageRef,
      nullable: true,
      description: describe.page,
      args: {
        id: t.arg.id({ required: true, description: 'Page ID (global or REST id).' }),
        ...contentArgs(),
      },
      resolve: (parent, args, ctx) =>
        loadPage(ctx, scopeOf(parent), toRestId(args.id, 'Page'), args),
    }),
    files: t.connection({
      type: FileRef,
      description: describe.files,
      args: contentArgs(),
      resolve: (parent, args, ctx) => filesConnection(ctx, scopeOf(parent), args),
    }),
    file: t.field({
      type: FileRef,
      nullable: true,
      description: describe.file,
      args: {
        id: t.arg.id({ required: true, description: 'File ID (global or REST id).' }),
        ...contentArgs(),
      },
      resolve: (parent, args, ctx) =>
        loadFile(ctx, scopeOf(parent), toRestId(args.id, 'File'), args),
    }),
  };
}

/** Adds the content fields to an object type that has content (a space, a change request). */
export function addContentFields<Parent>(
  ref: ObjectParam<typeof builder.$inferSchemaTypes>,
  scopeOf: (parent: Parent) => ContentScope,
  describe: ContentFieldDescriptions,
): void {
  // A loadable ref's shape includes its key; the fields only ever see the loaded object.
  builder.objectFields(ref, (t) =>
    contentFields(
      t as unknown as PothosSchemaTypes.ObjectFieldBuilder<
        typeof builder.$inferSchemaTypes,
        Parent
      >,
      scopeOf,
      describe,
    ),
  );
}

// ---------------------------------------------------------------------------------------------
// Space -> content.

builder.objectFields(SpaceRef, (t) => ({
  ...contentFields(t, (space) => ({ spaceId: space.id }), {
    content: 'The current revision of the main content.',
    pages: 'The page tree of the main content (recursive through `pages`).',
    page: 'One page of the main content.',
    files: 'Files of the main content.',
    file: 'One file of the main content.',
  }),
  links: t.connection(
    {
      type: LinkItemRef,
      description: 'Links of the space’s content, with statistics.',
      args: {
        status: t.arg({ type: LinkStatusEnum.ref, description: 'Only links of this status.' }),
      },
      resolve: (space, args, ctx) => linksConnection(ctx, args, `/spaces/${seg(space.id)}/links`),
    },
    LinkConnectionRef,
  ),
}));
