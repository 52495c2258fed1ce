import { type FieldNode, Kind, parse, type SelectionSetNode } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TOKENS } from '../../src/workspace/demo/users.ts';
import { type E2EStack, startE2E } from '../support/gateway.ts';

let e2e: E2EStack;

beforeAll(async () => {
  e2e = await startE2E();
});

afterAll(async () => {
  await e2e?.close();
});

/** The response keys a selection set asks for, in order (fields only; no fragments here). */
function keysOf(selectionSet: SelectionSetNode): FieldNode[] {
  return selectionSet.selections.filter((s): s is FieldNode => s.kind === Kind.FIELD);
}

/** Compares every object's keys with its selection set, depth first; answers the mismatches. */
function mismatches(value: unknown, selectionSet: SelectionSetNode, path: string): string[] {
  if (value === null || typeof value !== 'object') return [];
  if (Array.isArray(value)) {
    return value.flatMap((item, i) => mismatches(item, selectionSet, `${path}[${i}]`));
  }
  const fields = keysOf(selectionSet);
  const expected = fields.map((f) => f.alias?.value ?? f.name.value);
  const actual = Object.keys(value);
  const found =
    JSON.stringify(actual) === JSON.stringify(expected)
      ? []
      : [`${path || 'data'}: ${actual.join(',')} instead of ${expected.join(',')}`];
  return [
    ...found,
    ...fields.flatMap((f) =>
      f.selectionSet
        ? mismatches(
            (value as Record<string, unknown>)[f.alias?.value ?? f.name.value],
            f.selectionSet,
            `${path}.${f.alias?.value ?? f.name.value}`,
          )
        : [],
    ),
  ];
}

/** POSTs a query and parses the raw body text (JSON.parse keeps the order of the wire). */
async function raw(query: string): Promise<{ data: unknown; errors?: unknown }> {
  const response = await fetch(`${e2e.stack.url}/graphql`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${DEMO_TOKENS.admin}`,
    },
    body: JSON.stringify({ query }),
  });
  return JSON.parse(await response.text()) as { data: unknown; errors?: unknown };
}

describe('response field order', () => {
  // `id` and `__typename` resolve synchronously from the address; `title`, `totalCount` and the
  // connections wait for upstream calls. The executor must still answer in selection order.
  it('follows the selection set at every depth, with sync and async fields interleaved', async () => {
    const query = `{
      __typename
      organizations(first: 2) {
        nodes {
          id
          title
          kind: __typename
          spaces(first: 3) {
            totalCount
            nodes {
              id
              title
              __typename
              changeRequests(first: 2) {
                nodes { id subject number __typename status }
                totalCount
              }
              alsoId: id
            }
          }
          again: id
        }
        totalCount
      }
      first: organizations(first: 1) { totalCount nodes { id title } }
      typename2: __typename
    }`;
    const body = await raw(query);
    expect(body.errors).toBeUndefined();
    const operation = parse(query).definitions[0];
    if (operation?.kind !== Kind.OPERATION_DEFINITION) throw new Error('no operation');
    expect(mismatches(body.data, operation.selectionSet, '')).toEqual([]);
    // The query reached every depth (a vacuous pass would compare empty lists).
    const orgs = (
      body.data as { organizations: { nodes: Array<{ spaces: { nodes: unknown[] } }> } }
    ).organizations.nodes;
    expect(orgs.length).toBe(2);
    expect(orgs.some((o) => o.spaces.nodes.length > 0)).toBe(true);
  });

  it('answers `{ organizations { nodes { id title } } }` with id before title', async () => {
    const body = await raw('{ organizations { nodes { id title } } }');
    const nodes = (body.data as { organizations: { nodes: object[] } }).organizations.nodes;
    expect(nodes.length).toBeGreaterThan(0);
    for (const node of nodes) expect(Object.keys(node)).toEqual(['id', 'title']);
  });
});
