import type { z } from 'zod';
import type { GatewayContext } from '../context.ts';
import { badInput } from '../errorCatalog.ts';
import { segmentProblem } from '../upstream/path.ts';
import { type QueryValue, withQuery } from '../upstream/rest.ts';
import { decodeGlobalId } from './globalId.ts';
import { resourceOf } from './resource.ts';

// Reads and ids outside a descriptor's own objects: answers no descriptor describes, and ids of
// objects named without their parents.

/**
 * `GET path?query` through the request's one cache, parsed with `schema`: for answers that are
 * no described object (a revision, a page tree, a PDF link), at paths built from a descriptor's.
 */
export function read<S extends z.ZodType>(
  ctx: GatewayContext,
  path: string,
  schema: S,
  query?: Record<string, QueryValue>,
): Promise<z.infer<S>> {
  return ctx.rest.get(withQuery(path, query), schema);
}

/**
 * The REST id a filter argument gives for an object of type `typename` whose parents it need not
 * name (a user, an issues cluster): the id itself, or the own id in a global ID of that type. An
 * id that cannot be a path segment, or a malformed global ID, is BAD_USER_INPUT.
 */
export function restIdOf(value: string, typename: string, argument = 'id'): string {
  const invalid = () => badInput(argument, `not a valid ${typename} ID`);
  const decoded = decodeGlobalId(value);
  let id: string | undefined = value;
  if (decoded.typename === typename) {
    const resource = resourceOf(typename);
    if (resource) {
      id = (resource.parseLocal(decoded.id) as Record<string, string> | undefined)?.[resource.own];
    } else {
      try {
        id = decodeURIComponent(decoded.id.slice(decoded.id.lastIndexOf('/') + 1));
      } catch {
        id = undefined;
      }
    }
  }
  if (id === undefined || segmentProblem(id)) throw invalid();
  return id;
}
