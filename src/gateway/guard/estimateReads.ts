import type { GraphQLNamedType, GraphQLObjectType, SelectionSetNode } from 'graphql';
import { fieldNames, whenRead } from '../plugins/selections.ts';
import { type FieldCost, REFERENCE_LOAD } from './costs.ts';
import { maxOverTypes, once, type Part, type Walk } from './estimateWalk.ts';

// What the estimate counts of objects named by an address: references and lookups, and reads.

/** Fields every object answers without its body. */
const FREE_FIELDS = new Set(['id', '__typename']);

/** Calls of one referenced object: its read (when the rule says so) and its fields. */
export function referenceCost(
  walk: Walk,
  named: GraphQLNamedType,
  sets: readonly SelectionSetNode[],
  rule: FieldCost,
  key: string | undefined,
): Part {
  return maxOverTypes(walk, named, (type) => {
    const load = rule.load ?? REFERENCE_LOAD;
    if (load === 'lookup') return lookupCost(walk, type, sets, key);
    let loads: boolean;
    if (load === 'always') loads = true;
    else if (load === 'unlessStub') {
      const known = new Set([...FREE_FIELDS, ...(rule.stub ?? [])]);
      loads = [...fieldNames(walk, type, sets)].some((name) => !known.has(name));
    } else {
      // Read lazily: the first field reading the body reads it (counted by the object walk).
      return walk.object(type, sets, 'address', key);
    }
    if (!loads) return walk.object(type, sets, 'address', key);
    return readCost(walk, type, sets, key);
  });
}

/** One read of the object at its address (once per object), then its fields. */
export function readCost(
  walk: Walk,
  type: GraphQLObjectType,
  sets: readonly SelectionSetNode[],
  key: string | undefined,
): Part {
  const inner = walk.object(type, sets, 'read', key);
  const counted = once(walk, key && `${key}#body`);
  return { calls: (counted ? 0 : 1) + inner.calls, nodes: inner.nodes };
}

/**
 * An object named by the query (`organization(id)`, `node(id)`, `space.page(id)`), read as
 * address-first resolution reads it (`whenRead`, the lookup rule): when a selected field reads
 * its body, or, to answer whether it exists, when only `id` and `__typename` are selected.
 */
export function lookupCost(
  walk: Walk,
  type: GraphQLObjectType,
  sets: readonly SelectionSetNode[],
  key: string | undefined,
): Part {
  if (whenRead(type, fieldNames(walk, type, sets), true) === 'always') {
    return readCost(walk, type, sets, key);
  }
  // Read before its fields, or by the first field that needs its body: one read either way.
  return walk.object(type, sets, 'address', key);
}
