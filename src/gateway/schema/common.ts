import { DateTimeResolver, JSONResolver } from 'graphql-scalars';
import { builder } from '../builder.ts';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../errors.ts';

builder.addScalarType('DateTime', DateTimeResolver, {
  description: 'An ISO 8601 date-time string in UTC, as the REST surface sends it.',
});
builder.addScalarType('JSON', JSONResolver, {
  description: 'Any JSON value: rich-text Documents and free-form objects of the REST surface.',
});

builder.queryType({ description: 'Reads of the documentation workspace.' });
builder.mutationType({ description: 'Writes of the documentation workspace, one per REST write.' });

/** Interface of every contract error a mutation can answer. */
export const ErrorInterface = builder.interfaceRef<Error>('Error').implement({
  description: 'A contract error of a mutation: switch on `__typename` in client code.',
  fields: (t) => ({
    message: t.exposeString('message', { nullable: false, description: 'What went wrong.' }),
  }),
});

const FieldErrorRef = builder
  .objectRef<{ path: string[]; message: string }>('FieldError')
  .implement({
    description: 'One invalid input field.',
    fields: (t) => ({
      path: t.exposeStringList('path', {
        nullable: false,
        description: 'Path of the field in the input.',
      }),
      message: t.exposeString('message', { nullable: false, description: 'The rule it breaks.' }),
    }),
  });

builder.objectType(ValidationError, {
  name: 'ValidationError',
  description: 'The input breaks a limit or rule of the REST surface; nothing was changed.',
  interfaces: [ErrorInterface],
  fields: (t) => ({
    fieldErrors: t.field({
      type: [FieldErrorRef],
      nullable: false,
      description: 'Each invalid field with its rule.',
      resolve: (error) => error.fieldErrors,
    }),
  }),
});

builder.objectType(NotFoundError, {
  name: 'NotFoundError',
  description: 'The object does not exist or is not visible to the caller.',
  interfaces: [ErrorInterface],
});

builder.objectType(ForbiddenError, {
  name: 'ForbiddenError',
  description: 'The caller can see the object but lacks the level this change needs.',
  interfaces: [ErrorInterface],
});

builder.objectType(ConflictError, {
  name: 'ConflictError',
  description:
    'The object is in a state that forbids the change: merge of a merged or archived request, restore outside the window, a locked space.',
  interfaces: [ErrorInterface],
});

/** GraphQL name of an enum value: `share-link` -> `SHARE_LINK`, `updatedAt` -> `UPDATED_AT`. */
export function enumName(value: string): string {
  return value
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toUpperCase()
    .replace(/[^A-Z0-9_]/g, '_');
}

/** Internal value of the fallback member every open enum has. */
export const UNKNOWN = '__unknown__';

/**
 * An enum of the REST surface. Values the upstream sends that are not listed resolve to
 * `UNKNOWN` instead of failing the query.
 */
export function openEnumType(
  name: string,
  values: readonly string[],
  description: string,
  valueDescriptions: Record<string, string> = {},
) {
  const members: Record<string, { value: string; description?: string }> = {};
  for (const value of values) {
    members[enumName(value)] = {
      value,
      description: valueDescriptions[value] ?? `The REST value \`${value}\`.`,
    };
  }
  members.UNKNOWN = {
    value: UNKNOWN,
    description: 'A value this gateway does not know yet (sent by a newer upstream).',
  };
  const ref = builder.enumType(name, { description, values: members });
  const known = new Set(values);
  return {
    ref,
    /** Maps an upstream value to a member (unknown ones to UNKNOWN). */
    of(value: string | null | undefined): string | null {
      if (value === null || value === undefined) return null;
      return known.has(value) ? value : UNKNOWN;
    },
  };
}

/** An input enum (strict): only the listed values. */
export function inputEnumType(name: string, values: readonly string[], description: string) {
  const members: Record<string, { value: string; description: string }> = {};
  for (const value of values) {
    members[enumName(value)] = { value, description: `The REST value \`${value}\`.` };
  }
  return builder.enumType(name, { description, values: members });
}
