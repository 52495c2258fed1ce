import { ENUMS } from '../../../../contract/common.ts';
import { builder } from '../../../builder.ts';
import { TREE_SIZE } from '../../../guard/costs.ts';
import { openEnumType } from '../../base.ts';
import { type ContentScope, FileResource, type RevisionWire, scopeOf } from '../resource.ts';
import { FileRef, GitPathRef } from './files.ts';
import { PageRef, pageIn } from './pages.ts';

/** The graph's value of a revision: the REST revision and the scope it is the content of. */
export type RevisionShape = RevisionWire & ContentScope;

const RevisionTypeEnum = openEnumType(
  'RevisionType',
  ENUMS.revisionType,
  'How a revision came to be.',
  {
    edits: 'Edits to the content.',
    merge: 'The merge of a change request.',
    rollback: 'A rollback to an earlier revision.',
    update: 'An update of a change request from the main content.',
    computed: 'Computed content.',
  },
);

const RevisionReusableContentRef = builder
  .objectRef<RevisionWire['reusableContents'][number]>('RevisionReusableContent')
  .implement({
    description: 'A reusable content of a revision.',
    fields: (t) => ({
      id: t.exposeString('id', { description: 'Reusable content id.' }),
      title: t.exposeString('title', { nullable: true, description: 'Title.' }),
      git: t.field({
        type: GitPathRef,
        nullable: true,
        description: 'Git metadata.',
        resolve: (r) => r.git ?? null,
      }),
    }),
  });

const RevisionGitRef = builder
  .objectRef<NonNullable<RevisionWire['git']>>('RevisionGit')
  .implement({
    description: 'Git metadata of a revision.',
    fields: (t) => ({
      oid: t.exposeString('oid', { nullable: true, description: 'Commit id.' }),
      message: t.exposeString('message', { nullable: true, description: 'Commit message.' }),
      createdByService: t.exposeBoolean('createdByService', {
        nullable: true,
        description: 'Created by the service (not by a user’s commit).',
      }),
      url: t.exposeString('url', { nullable: true, description: 'URL of the commit.' }),
      ref: t.exposeString('ref', { nullable: true, description: 'Git ref.' }),
    }),
  });

const RevisionUrlsRef = builder
  .objectRef<NonNullable<RevisionWire['urls']>>('RevisionUrls')
  .implement({
    description: 'URLs of a revision.',
    fields: (t) => ({
      app: t.exposeString('app', { nullable: true, description: 'In the app.' }),
      published: t.exposeString('published', {
        nullable: true,
        description: 'The published content.',
      }),
      public: t.exposeString('public', { nullable: true, description: 'The public content.' }),
    }),
  });

export const RevisionRef = builder.objectRef<RevisionShape>('Revision').implement({
  description:
    'A revision of a space’s main content or of a change request: its page tree, files, reusable contents and variables.',
  fields: (t) => ({
    id: t.id({ nullable: false, description: 'Revision id (REST).', resolve: (r) => r.id }),
    parents: t.stringList({
      nullable: { list: true, items: true },
      description: 'Ids of the parent revisions.',
      resolve: (r) => r.parents,
    }),
    pages: t.field({
      type: [PageRef],
      nullable: { list: true, items: true },
      description: 'The page tree (recursive through `pages`).',
      cost: { returns: 'body', listSize: TREE_SIZE, tree: 'pages' },
      resolve: (r) => (r.pages ?? []).map((page) => pageIn(scopeOf(r), page)),
    }),
    files: t.field({
      type: [FileRef],
      nullable: { list: true, items: true },
      description: 'The files.',
      cost: { returns: 'body' },
      resolve: (r) =>
        (r.files ?? []).map((file) => FileResource.shape(file, { ...scopeOf(r), id: file.id })),
    }),
    reusableContents: t.field({
      type: [RevisionReusableContentRef],
      nullable: { list: true, items: true },
      description: 'Reusable contents {id, title, git}.',
      resolve: (r) => r.reusableContents,
    }),
    variables: t.field({
      type: 'JSON',

      description: 'Variables (map name -> value).',
      resolve: (r) => r.variables,
    }),
    createdAt: t.field({
      type: 'DateTime',

      description: 'When it was created.',
      resolve: (r) => r.createdAt,
    }),
    git: t.field({
      type: RevisionGitRef,
      nullable: true,
      description: 'Git metadata {oid, message, createdByService, url, ref}.',
      resolve: (r) => r.git ?? null,
    }),
    urls: t.field({
      type: RevisionUrlsRef,
      nullable: true,
      description: 'URLs {app, published, public}.',
      resolve: (r) => r.urls ?? null,
    }),
    type: t.field({
      type: RevisionTypeEnum.ref,

      description: 'How the revision came to be (e.g. `edits`, `merge`).',
      resolve: (r) => RevisionTypeEnum.of(r.type) as string,
    }),
  }),
});
