import {
  type GraphQLNamedType,
  type GraphQLObjectType,
  isAbstractType,
  isObjectType,
  type SelectionSetNode,
} from 'graphql';
import type { Selection } from '../plugins/selections.ts';
import type { FieldCost } from './costs.ts';

// What the parts of the estimate share: the walk's state, a part's cost, what is in hand.

/** Calls and listed objects of a part of an operation. */
export interface Part {
  calls: number;
  nodes: number;
}

export const ZERO: Part = { calls: 0, nodes: 0 };

/**
 * What is in hand of an object when its fields run:
 * - `address`: its address alone; the first field that reads its body reads it (one call, in
 *   the form the selected fields ask: a page as Markdown when its `markdown` is selected);
 * - `read`: its body, read at its address by this query, in that form;
 * - `body`: its body, from another answer (a list page, a content tree);
 * - a set of keys: a copy embedded in its parent's answer, holding these keys; a field of its
 *   own body that the copy lacks reads the object (one call).
 */
export type InHand = 'address' | 'read' | 'body' | ReadonlySet<string>;

/**
 * The cost of a field in place of the one it declares (`cost`) or its return type's default:
 * undefined keeps those. A seam for operators and tests (a deliberately wrong estimate).
 */
export type CostOverride = (type: string, field: string) => FieldCost | undefined;

/** One estimate's walk: the selection it reads, what it counted, and the object walk. */
export interface Walk extends Selection {
  override: CostOverride | undefined;
  /** Objects and pages already counted (same object or page asked twice: one call). */
  seen: Set<string>;
  /**
   * Calls of one object of `type` with `sets` selected, `have` in hand (see `InHand`); `key`
   * names the object when it is the same whatever the data, `skip` a field left out.
   */
  object(
    type: GraphQLObjectType,
    sets: readonly SelectionSetNode[],
    have: InHand,
    key: string | undefined,
    skip?: string,
  ): Part;
}

/** True when `key` was counted already (and marks it counted). */
export function once(walk: Walk, key: string | undefined | false): boolean {
  if (!key) return false;
  if (walk.seen.has(key)) return true;
  walk.seen.add(key);
  return false;
}

/** The costlier of two parts (calls first, then objects). */
export const costlier = (a: Part, b: Part): Part =>
  b.calls > a.calls || (b.calls === a.calls && b.nodes > a.nodes) ? b : a;

/** The most expensive of the object types `named` may be (one object is one of them). */
export function maxOverTypes(
  walk: Walk,
  named: GraphQLNamedType,
  cost: (type: GraphQLObjectType) => Part,
): Part {
  if (isObjectType(named)) return cost(named);
  if (!isAbstractType(named)) return ZERO;
  let best = ZERO;
  for (const type of walk.schema.getPossibleTypes(named)) best = costlier(best, cost(type));
  return best;
}
