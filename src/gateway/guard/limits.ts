import type { LimitSpec } from '../../http/limits.ts';
import { MAX_SEGMENT_LENGTH } from '../upstream/path.ts';

/**
 * The GraphQL document limits of the gateway, one entry per limit, each enforced once
 * (`limitPlugins.ts`, and the node count by the cost estimate in `plugins.ts`) and each set by
 * one `--limits name=value` entry or `limits` option.
 */
export const DOCUMENT_LIMITS = {
  documentLength: {
    default: 100_000,
    description: 'characters of the query text, checked before parsing',
    beyond: '`QUERY_TOO_LARGE` (HTTP 413)',
  },
  documentTokens: {
    default: 5_000,
    description: 'lexical tokens of one document, counted while parsing',
    beyond: '`TOKEN_LIMIT_EXCEEDED`',
  },
  queryDepth: {
    default: 12,
    description: 'fields nested in one operation (fragments flattened; `__schema` not counted)',
    beyond: '`DEPTH_LIMIT_EXCEEDED`',
  },
  queryAliases: {
    default: 30,
    description: 'aliases in one operation',
    beyond: '`ALIAS_LIMIT_EXCEEDED`',
  },
  queryDirectives: {
    default: 50,
    description: 'directives in one operation',
    beyond: '`DIRECTIVE_LIMIT_EXCEEDED`',
  },
  queryRootFields: {
    default: 20,
    description: 'fields at the root of one operation (aliases and `__typename` included)',
    beyond: '`ROOT_FIELD_LIMIT_EXCEEDED`',
  },
  queryNodes: {
    default: 500_000,
    description:
      'objects one operation may ask for from lists: the sum over connections of `first` times the `first`s above it',
    beyond: '`NODE_LIMIT_EXCEEDED`',
  },
  idLength: {
    default: 200,
    // Every id ends up as one path segment of an upstream call (`upstream/path.ts`), which takes
    // at most this many characters whatever the configuration.
    max: MAX_SEGMENT_LENGTH,
    description:
      'longest `ID` (global or REST) in an argument or a mutation input, and so in an upstream path segment',
    beyond: 'an argument: `BAD_USER_INPUT`; a mutation input: `ValidationError` naming it',
  },
  stringLength: {
    default: 4_096,
    description:
      'longest `String` argument of a query (search text, cursors, slugs), in characters',
    beyond: '`BAD_USER_INPUT`',
  },
} as const satisfies Record<string, LimitSpec>;

/** The GraphQL document limits, by name (see `DOCUMENT_LIMITS`). */
export type DocumentLimits = { [K in keyof typeof DOCUMENT_LIMITS]: number };

/** The defaults of `DOCUMENT_LIMITS`. */
export const DEFAULT_DOCUMENT_LIMITS = Object.fromEntries(
  Object.entries(DOCUMENT_LIMITS).map(([name, spec]) => [name, spec.default]),
) as DocumentLimits;
