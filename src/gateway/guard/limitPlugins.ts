import { maxAliasesRule } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthRule } from '@escape.tech/graphql-armor-max-depth';
import { maxDirectivesRule } from '@escape.tech/graphql-armor-max-directives';
import { MaxTokensParserWLexer } from '@escape.tech/graphql-armor-max-tokens';
import {
  type ASTVisitor,
  type DocumentNode,
  type FragmentDefinitionNode,
  GraphQLError,
  type GraphQLInputType,
  type GraphQLSchema,
  getNamedType,
  getNullableType,
  isInputObjectType,
  isListType,
  isScalarType,
  Kind,
  NoSchemaIntrospectionCustomRule,
  type OperationDefinitionNode,
  type parse,
  type SelectionSetNode,
  TypeInfo,
  type ValidationContext,
  type ValidationRule,
  type ValueNode,
  visit,
  visitWithTypeInfo,
} from 'graphql';
import type { GraphQLParams } from 'graphql-yoga';
import { badInput, codedError, type ErrorCode } from '../errorCatalog.ts';
import { type RequestPart, stopWith } from '../plugins/requestPart.ts';
import type { DocumentLimits } from './limits.ts';
import { KEYS_PER_DOCUMENT, operationKey } from './operationKey.ts';

type RequestParser = (request: Request) => unknown;
type ParseFn = (
  source: Parameters<typeof parse>[0],
  options?: Parameters<typeof parse>[1],
) => DocumentNode;

/** How every graphql-armor limit here reports: its limit named, the rejection ours to throw. */
const ARMOR = { exposeLimits: true, propagateOnRejection: false } as const;

/** Armor reports "Syntax Error: <limit> exceeded"; the same text without the prefix, with a code. */
function armorRejection(code: ErrorCode) {
  return (context: ValidationContext | null, error: GraphQLError) => {
    const rejected = codedError(code, error.message.replace(/^Syntax Error: /, ''));
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
            codedError(
              'ROOT_FIELD_LIMIT_EXCEEDED',
              `Root field limit of ${max} exceeded, found ${n}.`,
            ),
          );
        }
      },
    };
  };
}

/** The size problem of one argument value (a literal or a variable's value), if any. */
function valueProblem(
  type: GraphQLInputType,
  value: unknown,
  path: string,
  limits: DocumentLimits,
): string | undefined {
  if (value === null || value === undefined) return undefined;
  const nullable = getNullableType(type);
  if (isListType(nullable)) {
    if (!Array.isArray(value)) return valueProblem(nullable.ofType, value, path, limits);
    for (let i = 0; i < value.length; i++) {
      const problem = valueProblem(nullable.ofType, value[i], `${path}.${i}`, limits);
      if (problem) return problem;
    }
    return undefined;
  }
  if (isInputObjectType(nullable)) {
    if (typeof value !== 'object') return undefined;
    const record = value as Record<string, unknown>;
    for (const field of Object.values(nullable.getFields())) {
      const problem = valueProblem(field.type, record[field.name], `${path}.${field.name}`, limits);
      if (problem) return problem;
    }
    return undefined;
  }
  if (typeof value !== 'string' || !isScalarType(nullable)) return undefined;
  const max =
    nullable.name === 'ID' ? limits.idLength : nullable.name === 'String' ? limits.stringLength : 0;
  if (max > 0 && value.length > max) return `${path}: at most ${max} characters`;
  return undefined;
}

/** The plain value of a literal whose type holds only IDs and strings to check. */
function literal(node: ValueNode, variables: Record<string, unknown>): unknown {
  switch (node.kind) {
    case Kind.VARIABLE:
      return variables[node.name.value];
    case Kind.STRING:
      return node.value;
    case Kind.LIST:
      return node.values.map((item) => literal(item, variables));
    case Kind.OBJECT:
      return Object.fromEntries(
        node.fields.map((f) => [f.name.value, literal(f.value, variables)]),
      );
    default:
      return undefined;
  }
}

/** An argument of an operation whose value is checked against the length limits. */
interface CheckedArgument {
  name: string;
  type: GraphQLInputType;
  value: ValueNode;
}

/** The checked arguments of each operation, found once (Yoga reuses a parsed document). */
const argumentsByOperation = new WeakMap<OperationDefinitionNode, CheckedArgument[]>();

/** The arguments of `operation` to check; a mutation's input objects are the schema's to check. */
function checkedArguments(
  schema: GraphQLSchema,
  operation: OperationDefinitionNode,
): CheckedArgument[] {
  let found = argumentsByOperation.get(operation);
  if (found) return found;
  const list: CheckedArgument[] = [];
  const typeInfo = new TypeInfo(schema);
  visit(
    operation,
    visitWithTypeInfo(typeInfo, {
      Argument(node) {
        const arg = typeInfo.getArgument();
        if (!arg) return;
        // A mutation's input is checked by the schema, whose failures are typed ValidationErrors.
        if (operation.operation === 'mutation' && isInputObjectType(getNamedType(arg.type))) {
          return;
        }
        list.push({ name: node.name.value, type: arg.type, value: node.value });
      },
    }),
  );
  found = list;
  argumentsByOperation.set(operation, found);
  return found;
}

/** The first argument of the operation longer than `idLength` or `stringLength`, as a message. */
function argumentProblem(
  schema: GraphQLSchema,
  operation: OperationDefinitionNode,
  variables: Record<string, unknown>,
  limits: DocumentLimits,
): string | undefined {
  for (const arg of checkedArguments(schema, operation)) {
    const problem = valueProblem(arg.type, literal(arg.value, variables), arg.name, limits);
    if (problem) return problem;
  }
  return undefined;
}

/**
 * A parser that refuses documents of more than `maxTokens` tokens while parsing (graphql-armor's
 * parser, as its plugin uses it) and a document nested too deeply to parse (parsing recurses, and
 * a document nested deeply enough overflows the stack before it reaches the token limit).
 */
function limitedParser(maxTokens: number): ParseFn {
  const tokens = { n: maxTokens, ...ARMOR, onReject: [armorRejection('TOKEN_LIMIT_EXCEEDED')] };
  return (source, options) => {
    try {
      return new MaxTokensParserWLexer(source, { ...options, ...tokens }).parseDocument();
    } catch (error) {
      if (error instanceof RangeError) throw new GraphQLError('the document nests too deeply');
      throw error;
    }
  };
}

/**
 * The document limits checked before execution: `documentLength` (before parsing),
 * `documentTokens` (while parsing, graphql-armor), then `queryDepth`, `queryAliases` and
 * `queryDirectives` (graphql-armor rules), `queryRootFields` and, when `introspection` is false,
 * introspection (validation rules). Fragment cycles are refused by GraphQL's own validation
 * (`GRAPHQL_VALIDATION_FAILED`) and never walked by these rules. It also answers 400 to
 * `variables` or `extensions` that are not JSON, and a parse error to a document too deep to parse.
 */
export function documentLimitsPart(limits: DocumentLimits, introspection = true): RequestPart {
  // Made once: the hooks below run for every request, and Yoga caches what they produce (the
  // parsed document, the validation result) by document.
  const rules: ValidationRule[] = [
    maxDepthRule({
      n: limits.queryDepth,
      flattenFragments: true,
      ...ARMOR,
      onReject: [armorRejection('DEPTH_LIMIT_EXCEEDED')],
    }) as unknown as ValidationRule,
    maxAliasesRule({
      n: limits.queryAliases,
      ...ARMOR,
      onReject: [armorRejection('ALIAS_LIMIT_EXCEEDED')],
    }) as unknown as ValidationRule,
    maxDirectivesRule({
      n: limits.queryDirectives,
      ...ARMOR,
      onReject: [armorRejection('DIRECTIVE_LIMIT_EXCEEDED')],
    }) as unknown as ValidationRule,
    maxRootFieldsRule(limits.queryRootFields),
    ...(introspection ? [] : [NoSchemaIntrospectionCustomRule]),
  ];
  const parse = limitedParser(limits.documentTokens);
  const jsonParsers = new WeakMap<RequestParser, RequestParser>();
  return {
    name: 'documentLimits',
    // `variables` or `extensions` of a GET or form-encoded request that is not JSON is a 400.
    onRequestParse({ requestParser, setRequestParser }) {
      if (!requestParser) return;
      let wrapped = jsonParsers.get(requestParser as RequestParser);
      if (!wrapped) {
        wrapped = async (request: Request): Promise<GraphQLParams> => {
          try {
            return (await requestParser(request)) as GraphQLParams;
          } catch (error) {
            if (!(error instanceof SyntaxError)) throw error;
            throw codedError(
              'BAD_REQUEST',
              `variables or extensions: invalid JSON (${error.message})`,
              { http: { status: 400 } },
            );
          }
        };
        jsonParsers.set(requestParser as RequestParser, wrapped);
      }
      setRequestParser(wrapped as never);
    },
    onParams({ params }) {
      const length = typeof params.query === 'string' ? params.query.length : 0;
      if (length > limits.documentLength) {
        throw codedError(
          'QUERY_TOO_LARGE',
          `Query of ${length} characters exceeds the limit of ${limits.documentLength}.`,
          { http: { status: 413 } },
        );
      }
    },
    onParse({ setParseFn }) {
      setParseFn(parse as never);
    },
    onValidate({ addValidationRule }) {
      for (const rule of rules) addValidationRule(rule);
    },
  };
}

/**
 * Refuses, before any upstream call, `ID` or `String` arguments longer than `idLength` or
 * `stringLength` (BAD_USER_INPUT naming the argument), at execution and at subscribe alike.
 */
export function argumentLimitsPart(limits: DocumentLimits): RequestPart {
  // The answer depends only on the document, the operation and the variables: found once per
  // document and input, as the cost estimate is.
  const problems = new WeakMap<DocumentNode, Map<string, ReturnType<typeof argumentProblem>>>();
  const problemOf = (args: {
    schema: GraphQLSchema;
    document: DocumentNode;
    operationName?: string | null | undefined;
    variableValues?: unknown;
  }) => {
    const variables = (args.variableValues ?? {}) as Record<string, unknown>;
    let byInput = problems.get(args.document);
    if (!byInput) {
      byInput = new Map();
      problems.set(args.document, byInput);
    }
    // Large inputs (a page's Markdown) and variables too deep to serialise (refused by
    // validation) are checked each time rather than kept.
    const key = operationKey(args.operationName, variables);
    let problem = key === undefined ? undefined : byInput.get(key);
    if (key === undefined || (problem === undefined && !byInput.has(key))) {
      const operation = args.document.definitions.find(
        (d: DocumentNode['definitions'][number]): d is OperationDefinitionNode =>
          d.kind === Kind.OPERATION_DEFINITION &&
          (!args.operationName || d.name?.value === args.operationName),
      );
      problem = operation ? argumentProblem(args.schema, operation, variables, limits) : undefined;
      if (key !== undefined) {
        if (byInput.size >= KEYS_PER_DOCUMENT)
          byInput.delete(byInput.keys().next().value as string);
        byInput.set(key, problem);
      }
    }
    return problem;
  };
  return {
    name: 'argumentLimits',
    onExecute(payload) {
      const problem = problemOf(payload.args);
      if (problem) return stopWith(payload, { errors: [badInput(undefined, problem)] });
    },
    onSubscribe(payload) {
      const problem = problemOf(payload.args);
      if (problem) return stopWith(payload, { errors: [badInput(undefined, problem)] });
    },
  };
}
