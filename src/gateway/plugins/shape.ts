import SchemaBuilder, {
  BasePlugin,
  type PothosOutputFieldConfig,
  type PothosOutputFieldType,
  type SchemaTypes,
} from '@pothos/core';
import type {
  ExecutionResult,
  GraphQLFieldResolver,
  GraphQLResolveInfo,
  GraphQLTypeResolver,
} from 'graphql';
import type { GatewayContext } from '../context.ts';
import { RawValue, ShapeDamage } from '../upstream/damage.ts';
import { handedOn, plainField, targetOf } from './plainFields.ts';
import { type ExecuteHooks, type RequestPart, replaceResult } from './requestPart.ts';
import {
  explain,
  type FieldShape,
  finishField,
  isThenable,
  readsOf,
  type Shape,
} from './settle.ts';

/**
 * Where upstream damage becomes GraphQL errors, for every field of the graph: a field whose value
 * is a `ShapeDamage`, or whose resolver touches one (a damaged value throws its error when used),
 * resolves to null with that value's `UPSTREAM_SHAPE` error; so does a field that came out empty
 * or a leaf while its parent's member of the same name is damaged (an enum mapped to `UNKNOWN`).
 * Damaged items of a list fail alone; a leaf its GraphQL type cannot show fails as
 * `UPSTREAM_SHAPE`; `JSON` fields show raw values; a typed field given a one-of alternative it
 * cannot show answers null. A resolver that trips over damaged data otherwise (a `TypeError`)
 * fails with the damage's error, not a masked one.
 *
 * Plain member reads (a scalar or enum field, no arguments, graphql's default resolver: see
 * `plainFields.ts`) are not wrapped: the executor reads the member. The field that returns their
 * parent hands it on as a view wherever one of them would read damage, in which that member
 * reads as the rules above answer (the value, null, or the error as an `Error` value, which both
 * executors report at the field as they report a thrown one). Other resolvers read what the view
 * views.
 */

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
    if (plainField(fieldConfig, resolver, shape)) return resolver;
    const reads = readsOf(fieldConfig.name, Object.keys(fieldConfig.args).length);
    // The value of a call, settled and handed on (module functions: no closure is made per call).
    const finish = (
      value: unknown,
      parent: unknown,
      ctx: GatewayContext,
      info: GraphQLResolveInfo,
    ) => handedOn(finishField(value, parent, reads, shape, ctx, info), shape, ctx, info);
    return (given, args, context, info) => {
      if (given instanceof ShapeDamage) throw given.error();
      const parent = targetOf(given);
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
