import { badInput } from '../errorCatalog.ts';
import { ValidationError } from '../errors.ts';
import { segmentProblem } from '../upstream/path.ts';
import { parts, type Segments } from './codec.ts';
import { decodeGlobalId, encodeGlobalId } from './globalId.ts';

// Input ids: one rule for every argument naming an object, a global ID or a REST id with its
// parents' ids beside it.

/** How an input names an object: a global ID, or a REST id with its parents' ids beside it. */
export interface InputOptions {
  /** The ids given for the parent segments (global IDs or REST ids), by segment name. */
  parents?: Readonly<Record<string, string | null | undefined>>;
  /** Name of the mutation input field: errors become a `ValidationError` naming it. */
  field?: string;
  /** Name of the query or subscription argument the id came in (default `id`), for errors. */
  arg?: string;
  /**
   * Argument or input field names of the parents, for errors (default: the parent resource's
   * `argName`, `organizationId` for the `org` segment).
   */
  parentFields?: Readonly<Record<string, string>>;
}

/** The argument or input field that takes an id of `typename` beside a child's REST id. */
export const argNameOf = (typename: string): string =>
  `${typename.charAt(0).toLowerCase()}${typename.slice(1)}Id`;

/**
 * What an address segment needs of the resource its id belongs to: its inputs parsed, and the
 * local id of its object (to find an alias a request named it by).
 */
export interface ParentResource {
  readonly typename: string;
  readonly segments: readonly string[];
  readonly own: string;
  parseInput(value: string, options?: InputOptions): object;
  localId(address: object): string;
}

/** What parsing an input needs of the resource it names. */
export interface InputTarget {
  readonly typename: string;
  readonly segments: Segments;
  /** The resource each parent segment's id belongs to (for inputs given as a global ID). */
  readonly parents: Readonly<Record<string, ParentResource>> | undefined;
  /** True when `typename` is a resource's (a global ID of another type, not a REST id). */
  isResource(typename: string): boolean;
}

/**
 * The address an input names: a global ID of the target's type, or its REST id with the
 * parents' ids in `options.parents` (each a global ID or REST id; a parent's global ID also
 * gives the segments above it). A missing parent, or an id that cannot be a path segment, is
 * BAD_USER_INPUT (a `ValidationError` naming the field in a mutation input); without a parent
 * id beside it, only a global ID names an object that has parents. A global ID whose parents
 * disagree with the ids given beside it is BAD_USER_INPUT too (the two name different
 * objects), with no call.
 */
export function parseInput(
  target: InputTarget,
  value: string,
  options: InputOptions = {},
): Record<string, string> {
  const { typename, segments } = target;
  const fail = (message: string, field = options.field ?? options.arg ?? 'id'): never => {
    if (options.field !== undefined) {
      throw ValidationError.fromFieldErrors([{ path: [field], message }]);
    }
    throw badInput(field, message);
  };
  const invalid = `not a valid ${typename} ID`;
  const decoded = decodeGlobalId(value);
  const whole = decoded.typename === typename;
  let address: Record<string, string>;
  if (whole) {
    const parsed = segments.parseLocal(decoded.id);
    if (!parsed) return fail(invalid);
    address = { ...parsed };
  } else {
    // `Type:` with nothing after it is a global ID of this type naming nothing, not a REST id.
    if (segmentProblem(value) || value === encodeGlobalId(typename, '')) return fail(invalid);
    if (target.isResource(decoded.typename)) return fail(`${invalid} (a ${decoded.typename} ID)`);
    address = { [segments.own]: value };
  }
  // Nearest parent first: a parent given as a global ID brings the segments above it.
  const parentNames = segments.names.slice(0, -1);
  for (let i = parentNames.length - 1; i >= 0; i--) {
    const name = parentNames[i] as string;
    const given = options.parents?.[name];
    const parentResource = target.parents?.[name];
    const field =
      options.parentFields?.[name] ??
      (parentResource ? argNameOf(parentResource.typename) : `${name}Id`);
    const implied: Record<string, string> = {};
    if (given !== undefined && given !== null) {
      if (parentResource) {
        const above = parentResource.segments.slice(0, -1);
        const parent = parts(
          parentResource.parseInput(given, {
            ...(options.field !== undefined ? { field } : { arg: field }),
            parents: Object.fromEntries(above.map((n) => [n, options.parents?.[n] ?? address[n]])),
            ...(options.parentFields ? { parentFields: options.parentFields } : {}),
          }),
        );
        implied[name] = parent[parentResource.own] as string;
        for (const n of above) {
          if (segments.names.includes(n) && parent[n] !== undefined) implied[n] = parent[n];
        }
      } else {
        if (segmentProblem(given)) return fail(invalid, field);
        implied[name] = given;
      }
    }
    // A global ID is the whole address: an optional segment it leaves out is absent.
    if (whole && address[name] === undefined && implied[name] !== undefined) {
      return fail(`does not belong to the ${field} given beside it`);
    }
    for (const [n, id] of Object.entries(implied)) {
      if (address[n] === undefined) address[n] = id;
      else if (address[n] !== id) return fail(`not in the ${field} given beside it`);
    }
    if (address[name] === undefined && !segments.optional(name)) {
      // Without a place for the parent's id beside it, only a global ID names the object.
      const place = name in (options.parents ?? {}) || name in (options.parentFields ?? {});
      if (!place) return fail(invalid);
      return fail(`${field} is required with a REST id`, field);
    }
  }
  return address;
}
