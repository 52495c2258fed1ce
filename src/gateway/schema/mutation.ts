import type { InputObjectRef, ObjectRef } from '@pothos/core';
import { z } from 'zod';
import { builder } from '../builder.ts';
import type { GatewayContext } from '../context.ts';
import { MUTATION_ERRORS, mutate, ValidationError } from '../errors.ts';
import type { RestSession } from '../upstream/rest.ts';
import type { Types } from './base.ts';

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
  // Subscribers of what the write concerns, on every replica, check it at once.
  void ctx.live?.hub.changed(path);
  return result;
}

/** Payload of a delete: the deleted object's global ID. */
export const DeletePayload = builder.objectRef<{ deletedId: string }>('DeletePayload').implement({
  description: 'What was deleted (also when it did not exist).',
  fields: (t) => ({
    deletedId: t.exposeID('deletedId', {
      nullable: false,
      description: 'Global ID of the deleted object.',
    }),
  }),
});

/** `Space` -> `space`, `SAMLProvider` -> `samlProvider`, `OpenAPISpec` -> `openAPISpec`. */
const fieldNameOf = (typename: string) =>
  typename.replace(/^[A-Z]+(?=[A-Z][a-z]|$)|^[A-Z]/, (head) => head.toLowerCase());

/** `SiteSection` -> `site section`; acronyms stay: `SAMLProvider` -> `SAML provider`. */
const nounOf = (typename: string) =>
  typename
    .replace(
      /([a-z0-9])([A-Z])|([A-Z])([A-Z][a-z])/g,
      (_match, lower, upper, acronym, word) => `${lower ?? acronym} ${upper ?? word}`,
    )
    .split(' ')
    .map((word) => (/^[A-Z]{2,}$/.test(word) ? word : word.toLowerCase()))
    .join(' ');

/**
 * The payload of a write that answers only the object it wrote: `<Type>Payload { <type>: <Type> }`
 * (`SpacePayload.space`), made from the object's type so that no such payload is written by hand.
 * `name`, `field` and `noun` are given only where the graph names them otherwise.
 */
export function objectPayload<T, F extends string>(
  ref: ObjectRef<Types, T> & { name: string },
  options: { name?: string; field?: F; description?: string; noun?: string } = {},
): ObjectRef<Types, Record<F, T>> {
  const field = (options.field ?? fieldNameOf(ref.name)) as F;
  const noun = options.noun ?? nounOf(ref.name);
  return builder.objectRef<Record<F, T>>(options.name ?? `${ref.name}Payload`).implement({
    description: options.description ?? `The ${noun} after the change.`,
    fields: (t) => ({
      [field]: t.field({
        type: ref,
        // Nullable, as every object read from an upstream answer is (a damaged body fails it alone).
        nullable: true,
        description: `The ${noun}.`,
        resolve: (payload) => payload[field] as never,
      }),
    }),
  });
}
