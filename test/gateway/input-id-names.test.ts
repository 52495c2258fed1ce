import {
  type ExecutionResult,
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputField,
  type GraphQLInputType,
  getNamedType,
  getNullableType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isScalarType,
  parse,
  subscribe,
} from 'graphql';
import { describe, expect, it } from 'vitest';
import { createContext, type GatewayContext } from '../../src/gateway/context.ts';
import { schema } from '../../src/gateway/schema/index.ts';
import { FakeUpstream, runSchema } from '../support/gateway.ts';

type Slot = GraphQLArgument | GraphQLInputField;
type RootKind = 'query' | 'mutation' | 'subscription';

/** A REST id: a valid path segment naming nothing, so only its parents' ids can be missing. */
const REST_ID = 'nope';

/** A value of `type` that passes GraphQL's own validation (required fields only). */
function sample(type: GraphQLInputType): unknown {
  const nullable = getNullableType(type);
  if (isListType(nullable)) return [];
  if (isEnumType(nullable)) return nullable.getValues()[0]?.value;
  if (isInputObjectType(nullable)) {
    return Object.fromEntries(
      Object.values(nullable.getFields())
        .filter((field) => isNonNullType(field.type) && field.defaultValue === undefined)
        .map((field) => [field.name, sample(field.type)]),
    );
  }
  if (isScalarType(nullable)) {
    if (nullable.name === 'ID') return REST_ID;
    if (nullable.name === 'Int' || nullable.name === 'Float') return 1;
    if (nullable.name === 'Boolean') return false;
    if (nullable.name === 'JSON') return {};
    if (nullable.name === 'DateTime') return '2026-01-01T00:00:00Z';
    return 'x';
  }
  return null;
}

const isId = (slot: Slot) => getNamedType(slot.type).name === 'ID';

/** Where a field's inputs are: its arguments, or its `input` object's fields for a mutation. */
function slotsOf(kind: RootKind, field: GraphQLField<unknown, unknown>): Slot[] {
  const input = field.args.find((arg) => arg.name === 'input');
  const type = input ? getNullableType(input.type) : undefined;
  if (kind === 'mutation' && type && isInputObjectType(type))
    return Object.values(type.getFields());
  return [...field.args];
}

interface ParentCase {
  kind: RootKind;
  field: GraphQLField<unknown, unknown>;
  /** The optional argument (or input field) taking a parent's id beside a required REST id. */
  parent: string;
  slots: Slot[];
}

/**
 * Every argument that takes a parent's id: an optional `...Id` of type ID on a root field that
 * also has a required ID (the child's, which a REST id names only with its parents).
 */
function parentCases(): ParentCase[] {
  const cases: ParentCase[] = [];
  const roots: Array<[RootKind, ReturnType<typeof schema.getQueryType>]> = [
    ['query', schema.getQueryType()],
    ['mutation', schema.getMutationType()],
    ['subscription', schema.getSubscriptionType()],
  ];
  for (const [kind, root] of roots) {
    for (const field of Object.values(root?.getFields() ?? {})) {
      const slots = slotsOf(kind, field);
      if (!slots.some((slot) => isId(slot) && isNonNullType(slot.type))) continue;
      for (const slot of slots) {
        if (isId(slot) && !isNonNullType(slot.type) && /Id$/.test(slot.name)) {
          cases.push({ kind, field, parent: slot.name, slots });
        }
      }
    }
  }
  return cases;
}

/** The operation calling `field` with `values` (variables typed as the schema says). */
function operation(c: ParentCase, values: Record<string, unknown>) {
  const inputArg = c.field.args.find((arg) => arg.name === 'input');
  const byInput = c.kind === 'mutation' && inputArg !== undefined;
  const args = byInput ? [inputArg] : c.field.args.filter((arg) => arg.name in values);
  const declared = args.map((arg) => `$${arg.name}: ${arg.type}`).join(', ');
  const passed = args.map((arg) => `${arg.name}: $${arg.name}`).join(', ');
  const returned = getNamedType(c.field.type);
  const selection =
    'getFields' in returned || 'getTypes' in returned
      ? '{ __typename ... on ValidationError { fieldErrors { path message } } }'
      : '';
  const text = `${c.kind}${declared ? `(${declared})` : ''} { ${c.field.name}${passed ? `(${passed})` : ''} ${selection} }`;
  return { text, variables: byInput ? { input: values } : values };
}

/** The argument or input field names the input errors of an answer (`BAD_USER_INPUT`, `ValidationError`) put first. */
function inputErrorNames(result: ExecutionResult): string[] {
  const names: string[] = [];
  for (const error of result.errors ?? []) {
    if (error.extensions.code !== 'BAD_USER_INPUT') continue;
    names.push(error.message.split(':')[0] ?? '');
  }
  const data = Object.values(result.data ?? {})[0] as
    | { fieldErrors?: Array<{ path: string[] }> }
    | undefined;
  for (const error of data?.fieldErrors ?? []) names.push(error.path[0] ?? '');
  return names;
}

/** Runs `c` in process; `called` when it reached the upstream or the live hub. */
async function run(c: ParentCase, values: Record<string, unknown>) {
  const upstream = new FakeUpstream();
  const { text, variables } = operation(c, values);
  if (c.kind !== 'subscription') {
    const result = await runSchema(upstream, text, variables);
    return { result, called: upstream.requests.length > 0 };
  }
  let subscribed = false;
  // A hub that records the subscription: the topic (where ids are parsed) is built before it.
  const hub = {
    subscribe: () => {
      subscribed = true;
      return (async function* () {
        yield* [];
      })();
    },
  };
  const contextValue = {
    ...createContext(upstream, 'Bearer test', false),
    live: { hub, request: {} },
  } as unknown as GatewayContext;
  const result = await subscribe({
    schema,
    document: parse(text),
    variableValues: variables,
    contextValue,
  });
  if (Symbol.asyncIterator in result) {
    await result.return?.();
    return { result: {} as ExecutionResult, called: true };
  }
  return { result, called: subscribed || upstream.requests.length > 0 };
}

const cases = parentCases();

describe('errors about ids name the argument or input field the client sent', () => {
  it('finds the arguments that take a parent id in queries, mutations and subscriptions', () => {
    const kinds = new Set(cases.map((c) => c.kind));
    expect([...kinds].sort()).toEqual(['mutation', 'query', 'subscription']);
    expect(cases.map((c) => `${c.field.name}.${c.parent}`)).toEqual(
      expect.arrayContaining([
        'changeRequestChanged.spaceId',
        'translationChanged.organizationId',
        'openAPISpecChanged.organizationId',
        'site.organizationId',
        'mergeChangeRequest.spaceId',
        'updateSiteSpace.organizationId',
        'updateSiteSpace.siteId',
      ]),
    );
  });

  it('a REST id without its parent id is refused, naming the parent argument, with no call', async () => {
    const accepted: string[] = [];
    for (const c of cases) {
      // Every other id (the required ones and the other parents) as a REST id; `parent` left out.
      const given: Record<string, unknown> = {};
      for (const slot of c.slots) {
        if (slot.name === c.parent) continue;
        if (isNonNullType(slot.type)) given[slot.name] = sample(slot.type);
        else if (isId(slot) && /Id$/.test(slot.name)) given[slot.name] = REST_ID;
      }
      const { result, called } = await run(c, given);
      const label = `${c.kind} ${c.field.name}(${c.parent}): ${JSON.stringify(result)}`;
      const names = inputErrorNames(result);
      // An input error names an argument (or input field) of this field, never an address segment.
      const known = new Set(c.slots.map((slot) => slot.name));
      for (const name of names) expect(known, label).toContain(name);
      if (called) {
        expect(names, label).toEqual([]);
        accepted.push(`${c.field.name}.${c.parent}`);
      } else {
        expect(names, label).toContain(c.parent);
      }
    }
    // Optional ids that are not parents of the required one: left out, the call goes ahead.
    expect(accepted).toMatchInlineSnapshot(`
      [
        "applySpaceTemplate.changeRequestId",
        "editComment.changeRequestId",
        "resolveComment.changeRequestId",
        "unresolveComment.changeRequestId",
        "addCommentReactions.changeRequestId",
        "removeCommentReactions.changeRequestId",
        "deleteComment.changeRequestId",
        "postCommentReply.changeRequestId",
        "editCommentReply.changeRequestId",
        "addCommentReplyReactions.changeRequestId",
        "removeCommentReplyReactions.changeRequestId",
        "deleteCommentReply.changeRequestId",
        "addSiteSpace.sectionId",
        "updateSiteSpace.spaceId",
        "commentsChanged.changeRequestId",
      ]
    `);
  });

  it('changeRequestChanged(id: "nope") names spaceId', async () => {
    const c = cases.find((x) => x.field.name === 'changeRequestChanged' && x.parent === 'spaceId');
    if (!c) throw new Error('no changeRequestChanged case');
    const { result } = await run(c, { id: REST_ID });
    expect(result.errors?.map((e) => e.message)).toEqual([
      'spaceId: spaceId is required with a REST id',
    ]);
  });
});
