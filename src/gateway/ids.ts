import { GraphQLError } from 'graphql';
import { ValidationError } from './errors.ts';
import { segmentProblem } from './upstream/path.ts';

/**
 * The REST address of an object, as the local part of its global ID: the path segments it is
 * fetched from, joined with `/` (each segment URI-encoded). Pothos adds the type name and base64.
 */
export function addressId(...parts: string[]): string {
  return parts.map((p) => encodeURIComponent(p)).join('/');
}

/**
 * Splits an address id made by `addressId` into `count` segments. A wrong shape is
 * BAD_USER_INPUT, or, for a mutation input (`field` given), a ValidationError naming the field.
 */
export function splitAddressId(
  id: string,
  count: number,
  typename: string,
  field?: string,
): string[] {
  const parts = id.split('/').map((p) => {
    try {
      return decodeURIComponent(p);
    } catch {
      return '';
    }
  });
  if (parts.length !== count || parts.some((p) => p === '')) {
    if (field) {
      throw ValidationError.fromFieldErrors([
        { path: [field], message: `not a valid ${typename} ID` },
      ]);
    }
    throw new GraphQLError(`id: not a valid ${typename} ID`, {
      extensions: { code: 'BAD_USER_INPUT' },
    });
  }
  return parts;
}

/** The global ID of an object from its type name and REST address id (as Pothos encodes it). */
export function globalId(typename: string, localId: string): string {
  return Buffer.from(`${typename}:${localId}`, 'utf8').toString('base64');
}

const invalidId = (typename: string) =>
  new GraphQLError(`id: not a valid ${typename} ID`, { extensions: { code: 'BAD_USER_INPUT' } });

/**
 * The REST id an input names: a global ID of `typename` (its address; for composite addresses,
 * the last segment unless `whole` is set) or the REST id itself. An id that cannot be a path
 * segment (`.`, `..`, empty, oversized, malformed) is BAD_USER_INPUT, before any upstream call.
 */
export function toRestId(value: string, typename: string, whole = false): string {
  let id = value;
  if (/^[A-Za-z0-9+/]+=*$/.test(value) && value.length % 4 === 0) {
    const decoded = Buffer.from(value, 'base64').toString('utf8');
    const prefix = `${typename}:`;
    if (decoded.startsWith(prefix) && Buffer.from(decoded, 'utf8').toString('base64') === value) {
      const local = decoded.slice(prefix.length);
      if (whole) {
        if (local.split('/').some((p) => segmentProblem(decodeSegment(p)))) {
          throw invalidId(typename);
        }
        return local;
      }
      const parts = local.split('/');
      id = decodeSegment(parts[parts.length - 1] ?? local) ?? '';
    }
  }
  if (segmentProblem(id)) throw invalidId(typename);
  return id;
}

/** One percent-decoded address segment, or undefined when its encoding is malformed. */
function decodeSegment(part: string): string | undefined {
  try {
    return decodeURIComponent(part);
  } catch {
    return undefined;
  }
}
