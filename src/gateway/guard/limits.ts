import { maxAliasesRule } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthRule } from '@escape.tech/graphql-armor-max-depth';
import { maxDirectivesRule } from '@escape.tech/graphql-armor-max-directives';
import { maxTokensPlugin } from '@escape.tech/graphql-armor-max-tokens';
import {
  type ASTVisitor,
  type FragmentDefinitionNode,
  GraphQLError,
  Kind,
  NoSchemaIntrospectionCustomRule,
  type SelectionSetNode,
  type ValidationContext,
  type ValidationRule,
} from 'graphql';
import type { Plugin } from 'graphql-yoga';

/** Limits checked before execution; each refusal has its own `extensions.code`. */
export interface StaticLimits {
  /** Nesting of fields (fragments flattened). Default 12. `DEPTH_LIMIT_EXCEEDED`. */
  depth?: number;
  /** Aliases in one operation. Default 30. `ALIAS_LIMIT_EXCEEDED`. */
  aliases?: number;
  /** Fields at the root of one operation (aliases included). Default 20. `ROOT_FIELD_LIMIT_EXCEEDED`. */
  rootFields?: number;
  /** Lexical tokens of the document. Default 5,000. `TOKEN_LIMIT_EXCEEDED`. */
  tokens?: number;
  /** Directives in one operation. Default 50. `DIRECTIVE_LIMIT_EXCEEDED`. */
  directives?: number;
  /** Characters of the query text. Default 100,000. `QUERY_TOO_LARGE`. */
  queryLength?: number;
  /** Objects a query may ask for from lists (GitHub's node limit). Default 500,000. `NODE_LIMIT_EXCEEDED`. */
  nodes?: number;
  /** Introspection (`__schema`, `__type`) allowed. Default true. */
  introspection?: boolean;
}

export const DEFAULT_LIMITS: Required<StaticLimits> = {
  depth: 12,
  aliases: 30,
  rootFields: 20,
  tokens: 5_000,
  directives: 50,
  queryLength: 100_000,
  nodes: 500_000,
  introspection: true,
};

function limitError(code: string, message: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code } });
}

/** Armor reports "Syntax Error: <limit> exceeded"; the same text without the prefix, with a code. */
function armorRejection(code: string) {
  return (context: ValidationContext | null, error: GraphQLError) => {
    const rejected = limitError(code, error.message.replace(/^Syntax Error: /, ''));
    if (!context) throw rejected;
    context.reportError(rejected);
  };
}

/** Root fields of each operation, through fragments (`__typename` included: it is a field). */
function maxRootFieldsRule(max: number): ValidationRule {
  return (context): ASTVisitor => {
    const count = (set: SelectionSetNode, seen: Set<string>): number => {
      let n = 0;
      for (const s of set.selections) {
        if (s.kind === Kind.FIELD) n += 1;
        else if (s.kind === Kind.INLINE_FRAGMENT) n += count(s.selectionSet, seen);
        else if (!seen.has(s.name.value)) {
          seen.add(s.name.value);
          const fragment: FragmentDefinitionNode | null | undefined = context.getFragment(
            s.name.value,
          );
          if (fragment) n += count(fragment.selectionSet, seen);
        }
      }
      return n;
    };
    return {
      OperationDefinition(node) {
        const n = count(node.selectionSet, new Set());
        if (n > max) {
          context.reportError(
            limitError(
              'ROOT_FIELD_LIMIT_EXCEEDED',
              `Root field limit of ${max} exceeded, found ${n}.`,
            ),
          );
        }
      },
    };
  };
}

/**
 * The static limits as Yoga plugins: query length (before parsing), tokens (while parsing, from
 * graphql-armor), then depth, aliases and directives (graphql-armor rules), root fields and, when
 * disabled, introspection (validation rules). Fragment cycles are refused by GraphQL's own
 * validation (`GRAPHQL_VALIDATION_FAILED`) and never walked by these rules.
 */
export function staticLimitPlugins(options: StaticLimits = {}): Plugin[] {
  const limits = { ...DEFAULT_LIMITS, ...options };
  const common = { exposeLimits: true, propagateOnRejection: false } as const;
  return [
    {
      onParams({ params }) {
        const length = typeof params.query === 'string' ? params.query.length : 0;
        if (length > limits.queryLength) {
          throw new GraphQLError(
            `Query of ${length} characters exceeds the limit of ${limits.queryLength}.`,
            { extensions: { code: 'QUERY_TOO_LARGE', http: { status: 413 } } },
          );
        }
      },
    },
    maxTokensPlugin({
      n: limits.tokens,
      ...common,
      onReject: [armorRejection('TOKEN_LIMIT_EXCEEDED')],
    }) as Plugin,
    {
      onValidate({ addValidationRule }) {
        addValidationRule(
          maxDepthRule({
            n: limits.depth,
            flattenFragments: true,
            ...common,
            onReject: [armorRejection('DEPTH_LIMIT_EXCEEDED')],
          }) as unknown as ValidationRule,
        );
        addValidationRule(
          maxAliasesRule({
            n: limits.aliases,
            ...common,
            onReject: [armorRejection('ALIAS_LIMIT_EXCEEDED')],
          }) as unknown as ValidationRule,
        );
        addValidationRule(
          maxDirectivesRule({
            n: limits.directives,
            ...common,
            onReject: [armorRejection('DIRECTIVE_LIMIT_EXCEEDED')],
          }) as unknown as ValidationRule,
        );
        addValidationRule(maxRootFieldsRule(limits.rootFields));
        if (!limits.introspection) addValidationRule(NoSchemaIntrospectionCustomRule);
      },
    },
  ];
}
