import { GraphQLScalarType } from 'graphql';
import { DateTimeResolver, JSONResolver } from 'graphql-scalars';
import { builder } from '../builder.ts';

/** A date-time exactly as `Date.prototype.toISOString` writes it (the REST surface's form). */
const ISO_UTC = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

/** Days in `month` (1 to 12) of `year`. */
const daysIn = (year: number, month: number) =>
  month === 2
    ? year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0)
      ? 29
      : 28
    : month === 4 || month === 6 || month === 9 || month === 11
      ? 30
      : 31;

/** The number of the two digits at `at` (the form is checked first). */
const twoDigits = (value: string, at: number) =>
  (value.charCodeAt(at) - 48) * 10 + value.charCodeAt(at + 1) - 48;

/** True for a real instant written in the upstream's form (no 30 February, no hour 24). */
function isInstant(value: string): boolean {
  if (value.length !== 24 || !ISO_UTC.test(value)) return false;
  const year = twoDigits(value, 0) * 100 + twoDigits(value, 2);
  const month = twoDigits(value, 5);
  const day = twoDigits(value, 8);
  return (
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= daysIn(year, month) &&
    twoDigits(value, 11) < 24 &&
    twoDigits(value, 14) < 60 &&
    twoDigits(value, 17) < 60
  );
}

/**
 * graphql-scalars' DateTime, with a short way for the upstream's own form: such a string is sent
 * as it came once its parts are known to name a real instant (what the full check would have
 * written), instead of being validated, parsed into a Date and written again, on every date of
 * every item of a list.
 */
const DateTime = new GraphQLScalarType({
  ...DateTimeResolver.toConfig(),
  serialize(value) {
    if (typeof value === 'string' && isInstant(value)) return value;
    return DateTimeResolver.serialize(value);
  },
});

builder.addScalarType('DateTime', DateTime, {
  description: 'An ISO 8601 date-time string in UTC, as the REST surface sends it.',
});
builder.addScalarType('JSON', JSONResolver, {
  description: 'Any JSON value: rich-text Documents and free-form objects of the REST surface.',
});

builder.queryType({ description: 'Reads of the documentation workspace.' });
builder.mutationType({ description: 'Writes of the documentation workspace, one per REST write.' });

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

/** The schema types of the builder, for refs in helper signatures. */
export type Types = typeof builder.$inferSchemaTypes;

/** The builder of an input type's fields, for helpers that add fields to several inputs. */
export type InputFields = PothosSchemaTypes.InputFieldBuilder<Types, 'InputObject'>;

/** An object type of the `urls` that hold only the API location. */
export function locationUrlsType(name: string, description: string) {
  return builder.objectRef<{ location?: string | undefined }>(name).implement({
    description,
    fields: (t) => ({
      location: t.exposeString('location', { nullable: true, description: 'API location.' }),
    }),
  });
}
