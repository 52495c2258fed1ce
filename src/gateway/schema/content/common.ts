import { ENUMS } from '../../../contract/common.ts';
import { builder } from '../../builder.ts';
import { openEnumType } from '../base.ts';
import type { ContentReferenceWire } from './resource.ts';

// ---------------------------------------------------------------------------------------------
// Enums and small shapes.

export const RevisionTypeEnum = openEnumType(
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

export const LinkStatusEnum = openEnumType('LinkStatus', ENUMS.linkStatus, 'State of a link.', {
  ok: 'No problem.',
  broken: 'The target does not exist in the revision.',
  'in-app': 'The target is a URL pointing inside the app.',
});

export const ContentEvaluation = builder.enumType('ContentEvaluation', {
  description: 'How much of a document to evaluate when reading a page (REST `evaluated`).',
  values: {
    NONE: { value: 'false', description: 'Nothing is evaluated (the default).' },
    ALL: { value: 'true', description: 'The whole document is evaluated.' },
    DETERMINISTIC_ONLY: {
      value: 'deterministic-only',
      description: 'Only expressions with deterministic inputs are evaluated.',
    },
  },
});

export const ContentDereference = builder.enumType('ContentDereference', {
  description: 'Which references to expand when reading a page (REST `dereferenced`).',
  values: {
    NONE: { value: 'false', description: 'Nothing is expanded (the default).' },
    ALL: { value: 'true', description: 'All references are expanded.' },
    REUSABLE_CONTENTS: {
      value: 'reusable-contents',
      description: 'Only reusable contents are expanded.',
    },
  },
});

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

export const ContentReferenceRef = builder
  .objectRef<ContentReferenceWire>('ContentReference')
  .implement({
    description:
      'A reference to content, discriminated by `kind`: `file` (`file`, `space`), `page` (`page`, `space`) or `openapi` (`spec`).',
    fields: (t) => ({
      kind: t.string({
        resolve: (r) => r.kind,

        description: 'What it points at: `file`, `page` or `openapi`.',
      }),
      file: t.string({
        resolve: (r) => r.file ?? null,
        nullable: true,
        description: 'File id (kind `file`).',
      }),
      page: t.string({
        resolve: (r) => r.page ?? null,
        nullable: true,
        description: 'Page id (kind `page`).',
      }),
      space: t.string({
        resolve: (r) => r.space ?? null,
        nullable: true,
        description: 'Space id (kinds `file` and `page`; absent: the same space).',
      }),
      spec: t.string({
        resolve: (r) => r.spec ?? null,
        nullable: true,
        description: 'OpenAPI spec id (kind `openapi`).',
      }),
    }),
  });
