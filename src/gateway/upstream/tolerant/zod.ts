import type { z } from 'zod';
import { notAlwaysPresent } from '../../../contract/common.ts';

/**
 * What the tolerant parser reads of zod's definitions (zod is pinned to the minor version whose
 * internal `_zod.def` these readers know). Everything here runs while a parser is compiled,
 * never per value.
 */

export interface Def {
  type: string;
  [key: string]: unknown;
}

export const defOf = (schema: z.ZodType): Def =>
  (schema as unknown as { _zod: { def: Def } })._zod.def;

/** Whether a member of this schema may be absent. */
export function isOptional(schema: z.ZodType): boolean {
  const def = defOf(schema);
  if (def.type === 'unknown' || def.type === 'any') return true;
  return (schema as unknown as { _zod: { optin?: string } })._zod.optin === 'optional';
}

/** Whether this schema accepts `null` (through optional and default wrappers). */
export function acceptsNull(schema: z.ZodType): boolean {
  const def = defOf(schema);
  switch (def.type) {
    case 'nullable':
    case 'unknown':
    case 'any':
    case 'null':
      return true;
    case 'optional':
    case 'default':
    case 'prefault':
    case 'readonly':
      return acceptsNull(def.innerType as z.ZodType);
    default:
      return false;
  }
}

/** What the contract expects of a value of this schema, as deviations name it. */
export function describe(schema: z.ZodType): string {
  const def = defOf(schema);
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
      return describe(def.innerType as z.ZodType);
    case 'lazy':
      return 'object';
    case 'literal':
      return JSON.stringify((def.values as unknown[])[0]);
    case 'record':
      return 'object';
    case 'enum':
      return 'string';
    default:
      return def.type;
  }
}

export const hasChecks = (def: Def) => Array.isArray(def.checks) && def.checks.length > 0;

/** One member of an object schema, as both compilers read it. */
export interface MemberPlan {
  key: string;
  schema: z.ZodType;
  optional: boolean;
  nullable: boolean;
  /** Carried by the contract's answers, not always present upstream: its absence is counted. */
  counted: boolean;
  expected: string;
}

/** The members of an object schema, read when first needed (recursive shapes read late). */
export const membersOf = (def: Def): MemberPlan[] =>
  Object.entries(def.shape as Record<string, z.ZodType>).map(([key, member]) => ({
    key,
    schema: member,
    optional: isOptional(member),
    nullable: acceptsNull(member),
    counted: notAlwaysPresent.has(member),
    expected: describe(member),
  }));

/** Whether an object schema keeps members it does not name (`looseObject`). */
export const keepsUnknown = (schema: z.ZodType, def: Def): boolean =>
  defOf((def.catchall as z.ZodType | undefined) ?? schema).type === 'unknown';

/** The object schema a union option stands for (through lazy and wrappers), if any. */
export function objectOf(schema: z.ZodType): { schema: z.ZodType; def: Def } | undefined {
  const def = defOf(schema);
  if (def.type === 'object') return { schema, def };
  if (def.type === 'lazy') return objectOf((def.getter as () => z.ZodType)());
  return undefined;
}

/** The literal members of an object option: how an answer says which alternative it is. */
export function literalsOf(option: z.ZodType): Array<[string, unknown[]]> {
  const object = objectOf(option);
  if (!object) return [];
  const out: Array<[string, unknown[]]> = [];
  for (const [key, member] of Object.entries(object.def.shape as Record<string, z.ZodType>)) {
    const memberDef = defOf(member);
    if (memberDef.type === 'literal') out.push([key, memberDef.values as unknown[]]);
  }
  return out;
}
