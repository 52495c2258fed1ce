import SchemaBuilder, {
  BasePlugin,
  type PothosOutputFieldConfig,
  type PothosOutputFieldType,
  type SchemaTypes,
} from '@pothos/core';
import {
  type ExecutionResult,
  GraphQLError,
  type GraphQLFieldResolver,
  type GraphQLResolveInfo,
  type GraphQLTypeResolver,
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
import { type ExecuteHooks, type RequestPart, replaceResult } from './requestPart.ts';

/**
 * Where upstream damage becomes GraphQL errors, for every field of the graph: a field whose value
 * is a `ShapeDamage`, or whose resolver touches one (a damaged value throws its error when used),
 * resolves to null with that value's `UPSTREAM_SHAPE` error; so does a field that came out empty
 * or a leaf while its parent's member of the same name is damaged (an enum mapped to `UNKNOWN`).
 * Damaged items of a list fail alone; a leaf its GraphQL type cannot show fails as
 * `UPSTREAM_SHAPE`; `JSON` fields show raw values; a typed field given a one-of alternative it
 * cannot show answers null. A resolver that trips over damaged data otherwise (a `TypeError`)
 * fails with the damage's error, not a masked one.
 */

type Shape = 'json' | 'leaf' | 'object' | 'abstract';

interface FieldShape {
  lists: number;
  item: Shape;
}

const isThenable = (value: unknown): value is PromiseLike<unknown> =>
  value !== null &&
  (typeof value === 'object' || typeof value === 'function') &&
  typeof (value as { then?: unknown }).then === 'function';

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
function explain(error: unknown, parent: unknown): unknown {
  if (error instanceof GraphQLError) return error;
  return findDamage(parent)?.error() ?? error;
}

/**
 * A leaf the upstream sent that its GraphQL type cannot show (a float for an `Int`, a date-time
 * that does not parse): the error it stands for, or undefined when it serialises.
 */
function unserialisable(value: unknown, info: GraphQLResolveInfo): GraphQLError | undefined {
  if (value === null || value === undefined || value instanceof Error) return undefined;
  const type = getNamedType(info.returnType);
  if (!isLeafType(type) || fits(type.name, value)) return undefined;
  try {
    type.serialize(value);
    return undefined;
  } catch (error) {
    const field = `${info.parentType.name}.${info.fieldName}`;
    return codedError(
      'UPSTREAM_SHAPE',
      `unexpected upstream value for ${field}: ${(error as Error).message}`,
    );
  }
}

/** Whether a value is plainly of a built-in scalar (no need to try serialising it). */
function fits(scalar: string, value: unknown): boolean {
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
function settleItem(value: unknown, shape: Shape, info: GraphQLResolveInfo): unknown {
  if (value instanceof ShapeDamage) return value.error();
  if (shape === 'json') return rawOf(value);
  if (value instanceof UnseenAlternative) {
    if (shape === 'abstract') return value.error();
    if (shape === 'leaf') return null;
    return value;
  }
  if (shape === 'leaf') return unserialisable(value, info) ?? value;
  if (value !== null && typeof value === 'object') {
    const data = (value as { data?: unknown }).data;
    if (data instanceof RawValue && (shape === 'abstract' || data instanceof ShapeDamage)) {
      return data.error();
    }
  }
  return value;
}

function settleList(
  value: unknown,
  shape: FieldShape,
  depth: number,
  info: GraphQLResolveInfo,
): unknown {
  if (!Array.isArray(value)) return value;
  // The list itself is kept when every item settles as it is: a copy only at the first change.
  let out: unknown[] | undefined;
  for (let i = 0; i < value.length; i++) {
    const item = value[i];
    const settled =
      depth > 1 ? settleList(item, shape, depth - 1, info) : settleItem(item, shape.item, info);
    if (out === undefined && settled !== item) out = value.slice(0, i);
    if (out !== undefined) out.push(settled);
  }
  return out ?? value;
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
  if (shape.lists > 0) return settleList(value, shape, shape.lists, info);
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
function finishField(
  value: unknown,
  parent: unknown,
  reads: string | undefined,
  shape: FieldShape,
  ctx: GatewayContext,
  info: GraphQLResolveInfo,
): unknown {
  if (reads !== undefined && (value === null || value === undefined || shape.item === 'leaf')) {
    const damage = damageAt(parent, reads);
    if (damage) throw damage.error();
  }
  return settle(value, shape, ctx, info);
}

export class ShapePlugin<Types extends SchemaTypes> extends BasePlugin<Types> {
  private shapeOf(type: PothosOutputFieldType<Types>): FieldShape {
    let lists = 0;
    let named = type;
    while (named.kind === 'List') {
      lists++;
      named = named.type;
    }
    let item: Shape;
    if (named.kind === 'Scalar') {
      const ref = named.ref as unknown;
      const name = typeof ref === 'string' ? ref : this.buildCache.getTypeConfig(named.ref).name;
      item = name === 'JSON' ? 'json' : 'leaf';
    } else if (named.kind === 'Enum') item = 'leaf';
    else if (named.kind === 'Object') item = 'object';
    else item = 'abstract';
    return { lists, item };
  }

  override wrapResolve(
    resolver: GraphQLFieldResolver<unknown, Types['Context'], object>,
    fieldConfig: PothosOutputFieldConfig<Types>,
  ): GraphQLFieldResolver<unknown, Types['Context'], object> {
    const shape = this.shapeOf(fieldConfig.type);
    // Fields with arguments compute their value (connections, bodies), IDs are made from
    // addresses; other fields read the member of their name.
    const reads =
      Object.keys(fieldConfig.args).length === 0 && fieldConfig.name !== 'id'
        ? fieldConfig.name
        : undefined;
    // The value of a call, settled (module functions: no closure is made per call).
    const finish = (
      value: unknown,
      parent: unknown,
      ctx: GatewayContext,
      info: GraphQLResolveInfo,
    ) => finishField(value, parent, reads, shape, ctx, info);
    return (parent, args, context, info) => {
      if (parent instanceof ShapeDamage) throw parent.error();
      let result: unknown;
      try {
        result = resolver(parent, args, context, info);
      } catch (error) {
        throw explain(error, parent);
      }
      if (isThenable(result)) {
        return Promise.resolve(result).then(
          (value) => finish(value, parent, context as GatewayContext, info),
          (error: unknown) => {
            throw explain(error, parent);
          },
        );
      }
      return finish(result, parent, context as GatewayContext, info);
    };
  }

  override wrapResolveType(
    resolveType: GraphQLTypeResolver<unknown, Types['Context']>,
  ): GraphQLTypeResolver<unknown, Types['Context']> {
    return (value, context, info, type) => {
      if (value instanceof RawValue) throw value.error();
      return resolveType(value, context, info, type);
    };
  }
}

export const shapePluginName = 'upstreamShape' as const;
SchemaBuilder.registerPlugin(shapePluginName, ShapePlugin);

declare global {
  export namespace PothosSchemaTypes {
    export interface Plugins<Types extends SchemaTypes> {
      upstreamShape: ShapePlugin<Types>;
    }
  }
}

/** Adds the errors no field's value carries (items left out of lists) to an execution result. */
export function withFieldErrors<R extends ExecutionResult>(result: R, context: GatewayContext): R {
  const extra = context.rest?.fieldErrors ?? [];
  if (extra.length === 0) return result;
  return { ...result, errors: [...(result.errors ?? []), ...extra] };
}

/** The part that reports items left out of lists (`withFieldErrors`) in every response. */
export const fieldErrorsPart: RequestPart = (() => {
  // One hooks object for every request: the context comes with the result.
  const done: ExecuteHooks = {
    onExecuteDone(payload) {
      const { args, result } = payload;
      if (!result || Symbol.asyncIterator in result) return;
      replaceResult(
        payload,
        withFieldErrors(result, args.contextValue as unknown as GatewayContext),
      );
    },
  };
  return { name: 'fieldErrors', onExecute: () => done };
})();
