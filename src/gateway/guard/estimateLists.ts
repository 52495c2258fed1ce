import {
  type GraphQLNamedType,
  type GraphQLObjectType,
  getNamedType,
  isObjectType,
  type SelectionSetNode,
} from 'graphql';
import { keyForm, type Representation } from '../federation/keyForm.ts';
import { collectFields, subSets } from '../plugins/selections.ts';
import { lookupCost, readCost } from './estimateReads.ts';
import { costlier, maxOverTypes, once, type Part, type Walk, ZERO } from './estimateWalk.ts';
import { clampFirst, pagesFor, stable } from './listPages.ts';
import { isNode, nodeOfGlobalId } from './schemaTypes.ts';

// What the estimate counts of lists: connections over REST pages, content trees, objects named
// by lists of global IDs (`nodes`) and federation's representations (`_entities`).

/**
 * A connection: its REST pages (once per list and filters: aliases of one list that differ only
 * in `first` share one read, of the largest), then `first` items, their bodies in hand. `paged`
 * is false for a connection over a list already in hand.
 */
export function connectionCost(
  walk: Walk,
  connection: GraphQLNamedType,
  sets: readonly SelectionSetNode[],
  args: Record<string, unknown>,
  pagesKey: string | false,
  paged: boolean,
): Part {
  const first = clampFirst(args.first);
  const pages = paged && !once(walk, pagesKey) ? pagesFor(first, args.after) : 0;
  const item = connectionItem(walk, connection, sets);
  return { calls: pages + first * item.calls, nodes: first + first * item.nodes };
}

/** Calls of one item of a connection (`nodes` and `edges { node }`), its body in hand. */
function connectionItem(
  walk: Walk,
  connection: GraphQLNamedType,
  sets: readonly SelectionSetNode[],
): Part {
  if (!isObjectType(connection)) return ZERO;
  const itemSets: SelectionSetNode[] = [];
  let itemType: GraphQLNamedType | undefined;
  for (const fieldNodes of collectFields(walk, connection, sets).values()) {
    const name = fieldNodes[0]?.name.value;
    if (name === 'nodes') {
      itemType = getNamedType(connection.getFields().nodes?.type ?? connection);
      itemSets.push(...subSets(fieldNodes));
    } else if (name === 'edges') {
      const edge = getNamedType(connection.getFields().edges?.type ?? connection);
      if (!isObjectType(edge)) continue;
      for (const edgeFields of collectFields(walk, edge, subSets(fieldNodes)).values()) {
        if (edgeFields[0]?.name.value !== 'node') continue;
        itemType = getNamedType(edge.getFields().node?.type ?? edge);
        itemSets.push(...subSets(edgeFields));
      }
    }
  }
  if (!itemType || itemSets.length === 0) return ZERO;
  return maxOverTypes(walk, itemType, (t) => walk.object(t, itemSets, 'body', undefined));
}

/**
 * The most one page of a tree costs at any of its levels (`children` nests the next level): the
 * pages of all levels together are at most the tree's size, so that size times this is a bound.
 */
export function treeLevel(
  walk: Walk,
  type: GraphQLObjectType,
  sets: readonly SelectionSetNode[],
  children: string,
): Part {
  let worst = ZERO;
  let level = sets;
  for (let depth = 0; level.length > 0 && depth < 64; depth++) {
    worst = costlier(worst, walk.object(type, level, 'body', undefined, children));
    level = subSets(
      [...collectFields(walk, type, level).values()]
        .flat()
        .filter((node) => node.name.value === children),
    );
  }
  return worst;
}

/** `node(id)` and `nodes(ids)`: per distinct global ID, a lookup of the object it names. */
export function nodesCost(walk: Walk, ids: readonly unknown[], sets: readonly SelectionSetNode[]) {
  const part = { calls: 0, nodes: 0 };
  const distinct = new Set<string>();
  for (const raw of ids) {
    const id = nodeOfGlobalId(walk.schema, raw);
    if (!id || distinct.has(`${id.typename}:${id.id}`)) continue;
    distinct.add(`${id.typename}:${id.id}`);
    const inner = lookupCost(walk, id.type, sets, `node:${id.typename}:${id.id}`);
    part.calls += inner.calls;
    part.nodes += inner.nodes;
  }
  return part;
}

/** `_entities` as `nodes`: per distinct representation, its read when its fields need it. */
export function entitiesCost(
  walk: Walk,
  representations: unknown,
  sets: readonly SelectionSetNode[],
): Part {
  const list = Array.isArray(representations) ? representations : [];
  const part = { calls: 0, nodes: list.length };
  const seen = new Set<string>();
  for (const rep of list) {
    const type = walk.schema.getType(String((rep as { __typename?: unknown })?.__typename));
    if (!type || !isObjectType(type) || !isNode(walk.schema, type)) continue;
    if (seen.has(stable(rep))) continue;
    seen.add(stable(rep));
    // Read as the resolver reads it: by number at most once (counted always: an id at or under
    // it needs the read), by a key not at all.
    const form = keyForm(type.name, rep as Representation, 'restId' in type.getFields());
    if (form.by === 'none') continue;
    const inner =
      form.by === 'number'
        ? readCost(walk, type, sets, undefined)
        : walk.object(type, sets, 'address', undefined);
    part.calls += inner.calls;
    part.nodes += inner.nodes;
  }
  return part;
}
