import {
  type DocumentNode,
  GraphQLError,
  type GraphQLInputType,
  type GraphQLSchema,
  getNamedType,
  getNullableType,
  isInputObjectType,
  isListType,
  isScalarType,
  Kind,
  type OperationDefinitionNode,
  type SelectionSetNode,
  TypeInfo,
  type ValueNode,
  visit,
  visitWithTypeInfo,
} from 'graphql';
import type { GraphQLParams, Plugin } from 'graphql-yoga';
import type { Limits } from '../limits.ts';

const badInput = (message: string) =>
  new GraphQLError(message, { extensions: { code: 'BAD_USER_INPUT' } });

/** The size problem of one argument value (a literal or a variable's value), if any. */
function valueProblem(
  type: GraphQLInputType,
  value: unknown,
  path: string,
  limits: Limits,
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

/** Depth of the deepest selection of an operation (fragments included), up to `max + 1`. */
function selectionDepth(
  set: SelectionSetNode | undefined,
  document: DocumentNode,
  max: number,
  depth = 0,
): number {
  if (!set || depth > max) return depth;
  let deepest = depth;
  for (const selection of set.selections) {
    const next =
      selection.kind === Kind.FRAGMENT_SPREAD
        ? document.definitions.find(
            (d) => d.kind === Kind.FRAGMENT_DEFINITION && d.name.value === selection.name.value,
          )
        : selection;
    if (!next || !('selectionSet' in next)) continue;
    const inc = selection.kind === Kind.FIELD ? 1 : 0;
    deepest = Math.max(deepest, selectionDepth(next.selectionSet, document, max, depth + inc));
    if (deepest > max) return deepest;
  }
  return deepest;
}

/** The first argument of the operation over a limit, as a message naming it. */
export function argumentProblem(
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode,
  variables: Record<string, unknown>,
  limits: Limits,
): string | undefined {
  let problem: string | undefined;
  const typeInfo = new TypeInfo(schema);
  visit(
    operation,
    visitWithTypeInfo(typeInfo, {
      Argument(node) {
        const arg = typeInfo.getArgument();
        if (problem || !arg) return;
        // A mutation's input is checked by the schema, whose failures are typed ValidationErrors.
        if (operation.operation === 'mutation' && isInputObjectType(getNamedType(arg.type))) {
          return;
        }
        problem = valueProblem(arg.type, literal(node.value, variables), node.name.value, limits);
      },
    }),
  );
  if (problem) return problem;
  const depth = selectionDepth(operation.selectionSet, document, limits.queryDepth);
  if (depth > limits.queryDepth) return `the query nests deeper than ${limits.queryDepth} fields`;
  return undefined;
}

/**
 * Refuses, before any upstream call, documents over `documentTokens` (or too deep to parse),
 * queries nesting deeper than `queryDepth`, and `ID` or `String` arguments longer than
 * `idLength` or `stringLength` (BAD_USER_INPUT naming the argument).
 */
export function useLimits(limits: Limits): Plugin {
  return {
    // `variables` or `extensions` of a GET or form-encoded request that is not JSON is a 400.
    onRequestParse({ requestParser, setRequestParser }) {
      if (!requestParser) return;
      setRequestParser(async (request): Promise<GraphQLParams> => {
        try {
          return (await requestParser(request)) as GraphQLParams;
        } catch (error) {
          if (!(error instanceof SyntaxError)) throw error;
          throw new GraphQLError(`variables or extensions: invalid JSON (${error.message})`, {
            extensions: { code: 'BAD_REQUEST', http: { status: 400 } },
          });
        }
      });
    },
    // Wraps the parser in place (the guardrails' token-limit parser included, when listed first).
    onParse({ parseFn, setParseFn }) {
      setParseFn((source, options) => {
        try {
          return parseFn(source, { ...options, maxTokens: limits.documentTokens });
        } catch (error) {
          if (error instanceof RangeError) throw new GraphQLError('the document nests too deeply');
          throw error;
        }
      });
    },
    onExecute({ args, setResultAndStopExecution }) {
      const operation = args.document.definitions.find(
        (d: DocumentNode['definitions'][number]): d is OperationDefinitionNode =>
          d.kind === Kind.OPERATION_DEFINITION &&
          (!args.operationName || d.name?.value === args.operationName),
      );
      if (!operation) return;
      const problem = argumentProblem(
        args.schema,
        args.document,
        operation,
        (args.variableValues ?? {}) as Record<string, unknown>,
        limits,
      );
      if (problem) setResultAndStopExecution({ errors: [badInput(problem)] });
    },
  };
}
