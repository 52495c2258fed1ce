import { builder } from '../../../builder.ts';
import { resourceNode } from '../../node.ts';
import { SpaceRef } from '../../space/types.ts';
import { FileResource } from '../resource.ts';

/** Git metadata of a page, a file or a reusable content. */
export const GitPathRef = builder
  .objectRef<{ oid?: string | undefined; path?: string | undefined }>('ContentGitPath')
  .implement({
    description:
      'Git metadata of a page, file or reusable content (omitted with `metadata: false`).',
    fields: (t) => ({
      oid: t.exposeString('oid', { nullable: true, description: 'Git object id.' }),
      path: t.exposeString('path', { nullable: true, description: 'Path in the repository.' }),
    }),
  });

const FileDimensionsRef = builder
  .objectRef<{ width: number; height: number }>('FileDimensions')
  .implement({
    description: 'Dimensions of an image file.',
    fields: (t) => ({
      width: t.exposeFloat('width', { description: 'Width in pixels.' }),
      height: t.exposeFloat('height', { description: 'Height in pixels.' }),
    }),
  });

export const FileRef = resourceNode(FileResource, {
  description:
    'A file of a revision (main content or a change request). Its ID carries the space and change request, so `node(id)` is one call.',
  fields: (t) => ({
    name: t.string({ description: 'File name.', resolve: (f) => f.name }),
    contentType: t.string({
      description: 'MIME type.',
      resolve: (f) => f.contentType,
    }),
    downloadURL: t.string({
      description: 'Where to download it.',
      resolve: (f) => f.downloadURL,
    }),
    size: t.float({ description: 'Size in bytes.', resolve: (f) => f.size }),
    dimensions: t.field({
      type: FileDimensionsRef,
      nullable: true,
      description: 'Width and height, for images.',
      resolve: (f) => f.dimensions ?? null,
    }),
    git: t.field({
      type: GitPathRef,
      nullable: true,
      description: 'Git metadata {oid, path}.',
      resolve: (f) => f.git ?? null,
    }),
    space: t.field({
      type: SpaceRef,

      description: 'The space it belongs to.',
      address: true,
      resolve: (f) => f.space,
    }),
  }),
});
