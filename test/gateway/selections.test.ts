import {
  type FragmentDefinitionNode,
  type GraphQLObjectType,
  Kind,
  type OperationDefinitionNode,
  parse,
} from 'graphql';
import { describe, expect, it } from 'vitest';
import { collectFields, fieldNames, whenRead } from '../../src/gateway/plugins/selections.ts';
import { schema } from '../../src/gateway/schema/index.ts';

const space = schema.getType('Space') as GraphQLObjectType;

/** What `query` selects under its first root field, on an object of `type`. */
function selected(
  query: string,
  type: GraphQLObjectType,
  variables: Record<string, unknown> = {},
): string[] {
  const document = parse(query);
  const fragments: Record<string, FragmentDefinitionNode> = {};
  for (const d of document.definitions) {
    if (d.kind === Kind.FRAGMENT_DEFINITION) fragments[d.name.value] = d;
  }
  const operation = document.definitions.find(
    (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION,
  );
  const root = operation?.selectionSet.selections[0];
  if (root?.kind !== Kind.FIELD || !root.selectionSet) throw new Error('no root field');
  const walk = { schema, fragments, variables };
  return [...collectFields(walk, type, [root.selectionSet]).keys()];
}

describe('the selection walk', () => {
  it('follows fragments on the type and on its interfaces, not those on other types', () => {
    const query = `query { node(id: "x") {
      id
      ... on Space { title }
      ... on Organization { title members { totalCount } }
      ...Named
      ...OnNode
      ... { visibility }
    } }
    fragment Named on Space { pages { id } }
    fragment OnNode on Node { __typename }`;
    expect(selected(query, space)).toEqual(['id', 'title', 'pages', '__typename', 'visibility']);
  });

  it('groups a field asked twice under its response key, aliases apart', () => {
    const query = `query { space(id: "x") { title t: title ... on Space { title } } }`;
    const walk = { schema, fragments: {}, variables: {} };
    const root = (parse(query).definitions[0] as OperationDefinitionNode).selectionSet
      .selections[0];
    if (root?.kind !== Kind.FIELD || !root.selectionSet) throw new Error('no root field');
    const fields = collectFields(walk, space, [root.selectionSet]);
    expect([...fields.keys()]).toEqual(['title', 't']);
    expect(fields.get('title')).toHaveLength(2);
  });

  it('honours @skip and @include, with variables', () => {
    const query = `query($on: Boolean!) { space(id: "x") {
      id
      title @skip(if: $on)
      pages @include(if: $on) { id }
      ... on Space @include(if: false) { visibility }
    } }`;
    expect(selected(query, space, { on: true })).toEqual(['id', 'pages']);
    expect(selected(query, space, { on: false })).toEqual(['id', 'title']);
  });
});

describe('when an addressed object is read', () => {
  const names = (query: string) => {
    const document = parse(query);
    const root = (document.definitions[0] as OperationDefinitionNode).selectionSet.selections[0];
    const sets = root?.kind === Kind.FIELD && root.selectionSet ? [root.selectionSet] : [];
    return fieldNames({ schema, fragments: {}, variables: {} }, space, sets);
  };

  it('not before a field needs it when a selected field starts from the address', () => {
    expect(whenRead(space, names('{ space(id: "x") { title pages { id } } }'), true)).toBe(
      'address',
    );
  });

  it('before its fields run when they all read the body', () => {
    expect(whenRead(space, names('{ space(id: "x") { id title } }'), true)).toEqual(['title']);
  });

  it('for a lookup asked only for its id, to answer whether it exists; otherwise not', () => {
    expect(whenRead(space, names('{ space(id: "x") { id __typename } }'), true)).toBe('always');
    expect(whenRead(space, names('{ space(id: "x") { id __typename } }'), false)).toBe('address');
  });
});
