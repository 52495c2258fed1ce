import {
  GraphQLError,
  type GraphQLResolveInfo,
  getNamedType,
  isLeafType,
  responsePathAsArray,
} from 'graphql';
import type { GatewayContext } from '../context.ts';
import { codedError } from '../errorCatalog.ts';
import {
  findDamage,
  LEFT_OUT,
  RawValue,
  rawOf,
  ShapeDamage,
  UnseenAlternative,
  type WithLeftOut,
} from '../upstream/damage.ts';

/** How the shape plugin (`shape.ts`) settles a field's value against upstream damage. */

/** What a field's items are, as settling treats them. */
export type Shape = 'json' | 'leaf' | 'object' | 'abstract';

/** A field's type as settling reads it: how many lists deep, and its items. */
export interface FieldShape {
  lists: number;
  item: Shape;
}

/** Where a leaf is shown: a resolver's `info`, or a plain field's plan. */
export type Where = Pick<GraphQLResolveInfo, 'returnType' | 'parentType' | 'fieldName'>;

/** Whether a value is a promise (or another thenable). */
export const isThenable = (value: unknown): value is PromiseLike<unknown> =>
  value !== null &&
  (typeof value === 'object' || typeof value === 'function') &&
  typeof (value as { then?: unknown }).then === 'function';

/**
 * The member whose damage a field reads, the member of its name: none for fields with arguments
 * (connections, bodies) and IDs (made from addresses).
 */
export const readsOf = (name: string, args: number): string | undefined =>
  args === 0 && name !== 'id' ? name : undefined;

/** The damage a field named `name` reads: its parent's member, or its parent's `data` member. */
function damageAt(parent: unknown, name: string): RawValue | undefined {
  if (parent === null || typeof parent !== 'object' || parent instanceof RawValue) return undefined;
  const own = (parent as Record<string, unknown>)[name];
  if (own instanceof ShapeDamage) return own;
  const data = (parent as { data?: unknown }).data;
  if (data instanceof ShapeDamage) return data;
  if (data !== null && typeof data === 'object' && !(data instanceof RawValue)) {
    const member = (data as Record<string, unknown>)[name];
    if (member instanceof ShapeDamage) return member;
  }
  return undefined;
}

/** A resolver's failure: the damage it tripped over when the parent holds one and it is not a GraphQL error. */
export function explain(error: unknown, parent: unknown): unknown {
  if (error instanceof GraphQLError) return error;
  return findDamage(parent)?.error() ?? error;
}

/**
 * A leaf the upstream sent that its GraphQL type cannot show (a float for an `Int`, a date-time
 * that does not parse): the error it stands for, or undefined when it serialises.
 */
function unserialisable(value: unknown, where: Where): GraphQLError | undefined {
  if (value === null || value === undefined || value instanceof Error) return undefined;
  const type = getNamedType(where.returnType);
  if (!isLeafType(type) || fits(type.name, value)) return undefined;
  try {
    type.serialize(value);
    return undefined;
  } catch (error) {
    const field = `${where.parentType.name}.${where.fieldName}`;
    return codedError(
      'UPSTREAM_SHAPE',
      `unexpected upstream value for ${field}: ${(error as Error).message}`,
    );
  }
}

/** Whether a value is plainly of a built-in scalar (no need to try serialising it). */
export function fits(scalar: string, value: unknown): boolean {
  switch (scalar) {
    case 'String':
    case 'ID':
      return typeof value === 'string';
    case 'Boolean':
      return typeof value === 'boolean';
    case 'Int':
      return Number.isInteger(value) && Math.abs(value as number) <= 2_147_483_647;
    case 'Float':
      return typeof value === 'number' && Number.isFinite(value);
    default:
      return false;
  }
}

/** A value of an item type: the item, or the error it stands for. */
function settleItem(value: unknown, shape: Shape, where: Where): unknown {
  if (value instanceof ShapeDamage) return value.error();
  if (shape === 'json') return rawOf(value);
  if (value instanceof UnseenAlternative) {
    if (shape === 'abstract') return value.error();
    if (shape === 'leaf') return null;
    return value;
  }
  if (shape === 'leaf') return unserialisable(value, where) ?? value;
  if (value !== null && typeof value === 'object') {
    const data = (value as { data?: unknown }).data;
    if (data instanceof RawValue && (shape === 'abstract' || data instanceof ShapeDamage)) {
      return data.error();
    }
  }
  return value;
}

/**
 * The items of a list `depth` lists deep, each as `each` gives it; the list itself is kept when
 * every item comes out as it is (a copy only at the first change).
 */
export function mapItems(value: unknown, depth: number, each: (item: unknown) => unknown): unknown {
  if (!Array.isArray(value)) return value;
  let out: unknown[] | undefined;
  for (let i = 0; i < value.length; i++) {
    const item = value[i];
    const mapped = depth > 1 ? mapItems(item, depth - 1, each) : each(item);
    if (out === undefined && mapped !== item) out = value.slice(0, i);
    if (out !== undefined) out.push(mapped);
  }
  return out ?? value;
}

/** The value of a leaf read as `reads` from `parent`, settled; it throws the error it fails with. */
export function settleLeaf(
  value: unknown,
  parent: unknown,
  reads: string | undefined,
  where: Where,
): unknown {
  // A value that turned out a leaf (an enum mapped to UNKNOWN) may come from a damaged member.
  if (reads !== undefined) {
    const damage = damageAt(parent, reads);
    if (damage) throw damage.error();
  }
  if (value instanceof ShapeDamage) throw value.error();
  const settled = settleItem(value, 'leaf', where);
  if (settled instanceof Error) throw settled;
  return settled;
}

function settle(
  value: unknown,
  shape: FieldShape,
  context: GatewayContext,
  info: GraphQLResolveInfo,
): unknown {
  if (value instanceof RawValue && shape.item !== 'json') {
    if (value instanceof ShapeDamage || shape.lists > 0 || shape.item === 'abstract') {
      throw value.error();
    }
  }
  if (shape.lists > 0) {
    return mapItems(value, shape.lists, (item) => settleItem(item, shape.item, info));
  }
  const settled = settleItem(value, shape.item, info);
  if (settled instanceof Error) throw settled;
  const leftOut = (settled as WithLeftOut | null)?.[LEFT_OUT];
  if (leftOut?.length && context.rest) {
    const path = responsePathAsArray(info.path);
    for (const error of leftOut) {
      context.rest.fieldErrors.push(
        new GraphQLError(error.message, {
          nodes: info.fieldNodes,
          path,
          extensions: error.extensions,
        }),
      );
    }
  }
  return settled;
}

/**
 * A field's value settled: a value that turned out empty or a leaf (an enum mapped to UNKNOWN)
 * may come from a damaged member of the same name (`reads`), whose error then stands.
 */
export function finishField(
  value: unknown,
  parent: unknown,
  reads: string | undefined,
  shape: FieldShape,
  ctx: GatewayContext,
  info: GraphQLResolveInfo,
): unknown {
  if (shape.item === 'leaf' && shape.lists === 0) return settleLeaf(value, parent, reads, info);
  if (reads !== undefined && (value === null || value === undefined || shape.item === 'leaf')) {
    const damage = damageAt(parent, reads);
    if (damage) throw damage.error();
  }
  return settle(value, shape, ctx, info);
}
