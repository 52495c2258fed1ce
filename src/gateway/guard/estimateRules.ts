import { type GraphQLField, type GraphQLObjectType, getNamedType } from 'graphql';
import { declaredCost } from '../plugins/fieldFacts.ts';
import { type FieldCost, MUTATION_CALLS, REFERENCE_LOAD, ROOT_LOAD } from './costs.ts';
import type { Walk } from './estimateWalk.ts';
import { embedded, fromAddress, isConnection, isNode } from './schemaTypes.ts';

// How the estimate reads a field's cost: the default of its return type, with what the field
// declares (`cost`) over it, or the walk's override over both.

/** Fields every object answers without its body or a call. */
const FREE_FIELDS = new Set(['id', '__typename']);

/** The cost of `field` by the default of its return type (see `costs.ts`). */
export function defaultCost(
  walk: Pick<Walk, 'schema'>,
  type: GraphQLObjectType,
  field: GraphQLField<unknown, unknown>,
): FieldCost {
  const { schema } = walk;
  const named = getNamedType(field.type);
  const isRoot = type === schema.getQueryType() || type === schema.getMutationType();
  if (type === schema.getMutationType()) return { calls: MUTATION_CALLS, returns: 'body' };
  if (FREE_FIELDS.has(field.name)) return {};
  if (isConnection(named)) return { returns: 'connection' };
  if (isNode(schema, named) && isRoot) return { returns: 'reference', load: ROOT_LOAD };
  if (isNode(schema, named) && !embedded(type, field)) {
    // A field with arguments names the object (a lookup, read to answer whether it exists).
    const load = field.args.length > 0 ? 'lookup' : REFERENCE_LOAD;
    return { returns: 'reference', load, parentBody: !fromAddress(type, field) };
  }
  // Scalars, and objects embedded in the parent's answer (a copy, see `InHand`).
  return { parentBody: !isRoot && !fromAddress(type, field), returns: 'body' };
}

/** The cost the estimate uses for `field` of an object of `type`. */
export function costOf(
  walk: Pick<Walk, 'schema' | 'override'>,
  type: GraphQLObjectType,
  field: GraphQLField<unknown, unknown>,
): FieldCost {
  const base = defaultCost(walk, type, field);
  const given = walk.override?.(type.name, field.name) ?? declaredCost(field);
  return given ? { ...base, ...given } : base;
}
