import type { InputObjectRef, ObjectRef } from '@pothos/core';
import type { GraphQLResolveInfo } from 'graphql';
import { z } from 'zod';
import { builder } from '../builder.ts';
import type { ConnectionResult } from '../connection.ts';
import type { GatewayContext } from '../context.ts';
import { MUTATION_ERRORS, mutate, ValidationError } from '../errors.ts';
import { splitAddressId, toRestId } from '../ids.ts';
import { reference } from '../refs.ts';
import type { RestSession } from '../upstream/rest.ts';
import { OrganizationRef } from './organization.ts';

/** The schema types of the builder, for refs in helper signatures. */
export type Types = typeof builder.$inferSchemaTypes;

/** The builder of an input type's fields, for helpers that add fields to several inputs. */
export type InputFields = PothosSchemaTypes.InputFieldBuilder<Types, 'InputObject'>;

/**
 * A write `name(input: In!)`: answers `type`, or a contract error in the union `<Name>Result`;
 * upstream failures map to those errors. `input` may be a thunk, so that an input type made for
 * this field alone is registered when the field is built, as if written inline.
 */
export function writeMutation<In extends object, Out>(
  name: string,
  options: {
    type: ObjectRef<Types, Out>;
    input: InputObjectRef<Types, In> | (() => InputObjectRef<Types, In>);
    description: string;
    deprecationReason?: string;
    resolve: (input: In, ctx: GatewayContext) => Promise<Out>;
  },
): void {
  const { type, input, description, deprecationReason, resolve } = options;
  builder.mutationField(name, (t) =>
    t.field({
      type,
      errors: { types: MUTATION_ERRORS, union: { name: `${capitalized(name)}Result` } },
      description,
      ...(deprecationReason ? { deprecationReason } : {}),
      args: {
        input: t.arg({
          description: 'The fields of the write, mirroring its REST body.',
          type: typeof input === 'function' ? input() : input,
          required: true,
        }),
      },
      // The generic shapes are only known at each call, where `options` checks them.
      resolve: (_root, args, ctx) =>
        mutate(() => resolve((args as { input: In }).input, ctx)) as never,
    }),
  );
}

/**
 * Parses a REST request body with its strict contract schema; a ValidationError otherwise, whose
 * paths name the input's fields (`inputFields` maps REST body names that differ).
 */
export function validBody<S extends z.ZodType>(
  schema: S,
  body: unknown,
  inputFields: Record<string, string> = {},
): z.infer<S> {
  const result = schema.safeParse(body);
  if (!result.success) throw ValidationError.fromIssues(result.error.issues).renamed(inputFields);
  return result.data;
}

/** Copies the keys of `input` that were given (null included), leaving absent ones out. */
export function given<T extends object, K extends keyof T>(
  input: T,
  keys: readonly K[],
): Partial<Pick<T, K>> {
  const out: Partial<Pick<T, K>> = {};
  for (const key of keys) {
    if (input[key] !== undefined) out[key] = input[key];
  }
  return out;
}

/** Accepts anything (a 204 or an answer whose body the payload does not use). */
export const Empty = z.unknown();

/**
 * A reference to a loadable object by REST id: the id alone when only `id` (or `__typename`) is
 * selected, so it costs no upstream call; otherwise the key its loader fetches.
 */
export function idRef<T>(info: GraphQLResolveInfo, id: string): string | T {
  return reference(info, id, { id }) as string | T;
}

/** `createSite` -> `CreateSite`. */
export const capitalized = (name: string) => `${name[0]?.toUpperCase()}${name.slice(1)}`;

/** Sends a write upstream, then forgets what the request read so far (it may be stale now). */
export async function write<S extends z.ZodType>(
  ctx: GatewayContext,
  method: Parameters<RestSession['send']>[0],
  path: string,
  body: unknown,
  schema: S,
): Promise<z.infer<S>> {
  const result = await ctx.rest.send(method, path, body, schema);
  ctx.rest.clear();
  return result;
}

/**
 * A loader over address ids of `count` segments (`{org}/{id}`, `{org}/{slug}/{id}`): one
 * upstream call per id, and an error for its key alone when it fails.
 */
export function addressLoader<T>(
  typename: string,
  count: number,
  fetch: (ctx: GatewayContext, ...parts: string[]) => Promise<T>,
) {
  return (ids: string[], ctx: GatewayContext) =>
    Promise.all(
      ids.map(async (key) => {
        try {
          return await fetch(ctx, ...splitAddressId(key, count, typename));
        } catch (e) {
          return e as Error;
        }
      }),
    );
}

/** The organization and REST id of an org-scoped global ID in input `field`; a ValidationError otherwise. */
export function orgScopedAddress(value: string, typename: string, field: string): [string, string] {
  const local = toRestId(value, typename, true);
  if (local === value) {
    throw ValidationError.fromFieldErrors([
      { path: [field], message: `not a valid ${typename} ID` },
    ]);
  }
  return splitAddressId(local, 2, typename, field) as [string, string];
}

/** An object type of the `urls` that hold only the API location. */
export function locationUrlsType(name: string, description: string) {
  return builder.objectRef<{ location?: string | undefined }>(name).implement({
    description,
    fields: (t) => ({
      location: t.exposeString('location', { nullable: true, description: 'API location.' }),
    }),
  });
}

/** The payload of a delete in an organization: the deleted object's global ID and its organization. */
export function deletedInOrganizationPayload(name: string, description: string, what: string) {
  return builder.objectRef<{ deletedId: string; organization: string }>(name).implement({
    description,
    fields: (t) => ({
      deletedId: t.exposeID('deletedId', {
        nullable: false,
        description: `Global ID of the deleted ${what}.`,
      }),
      organization: t.field({
        type: OrganizationRef,
        nullable: false,
        description: 'The organization it belonged to.',
        resolve: (p) => p.organization,
      }),
    }),
  });
}

/**
 * A connection with each node mapped (cursors and page info kept). A node whose mapping fails
 * (damaged upstream data) becomes its error, which fails that item alone.
 */
export function mapConnection<A, B>(
  result: ConnectionResult<A>,
  map: (a: A) => B,
): ConnectionResult<B> {
  const mapOne = (node: A): B => {
    try {
      return map(node);
    } catch (error) {
      return error as B;
    }
  };
  return {
    ...result,
    edges: result.edges.map((edge) => ({ cursor: edge.cursor, node: mapOne(edge.node) })),
  };
}
