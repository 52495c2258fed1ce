import type { z } from 'zod';
import { listPage } from '../../contract/common.ts';
import { REST_PAGE_SIZE } from '../connections/cursor.ts';
import type { GatewayContext } from '../context.ts';
import { UpstreamError } from '../upstream/errors.ts';
import { fillRoute } from '../upstream/path.ts';
import { type QueryValue, withQuery } from '../upstream/rest.ts';
import { registerRoute } from '../upstream/routes.ts';

// The `/v1` routes of a resource: declared once, registered for the route templates of metrics
// and traces, filled with ids, and the list read whole for objects that have no `GET`.

/**
 * The `/v1` routes of a resource, in the spec's words (`/spaces/{spaceId}/restore`): `item` is the
 * `GET` of one object; the others are its lists and the calls made on it. Each `{param}` takes the
 * next id given, in order. A route of objects with an optional segment (content of a space or of
 * one of its change requests) lists its forms: the one with as many `{param}`s as ids are given
 * (absent ones left out) is taken.
 */
export type Routes = Readonly<Record<string, string | readonly string[]>> & {
  readonly item: string | readonly string[];
};

/** The path of one of a resource's routes, from its ids in order. */
export type RouteFiller<R extends Routes> = (name: keyof R & string, ...ids: unknown[]) => string;

/** Most list pages read looking for one object of a list (see `findInList`). */
const MAX_LIST_PAGES = 1000;

/** Registers every template of `routes`, so that paths are reported by their route. */
export function registerRoutes(routes: Routes): void {
  for (const templates of Object.values(routes)) {
    for (const template of [templates].flat()) registerRoute(template);
  }
}

/** The path of the route `name` of `routes` (of the type `typename`), filled with `ids` in order. */
export function routePath(
  typename: string,
  routes: Routes,
  name: string,
  ids: readonly unknown[],
): string {
  const forms = routes[name];
  if (forms === undefined) throw new Error(`${typename} has no route ${name}`);
  if (typeof forms === 'string') return fillRoute(forms, [...ids]);
  const present = ids.filter((id) => id !== undefined);
  const form = forms.find((t) => t.split('{').length - 1 === present.length) ?? forms[0] ?? '';
  return fillRoute(form, present);
}

/** What finding an object in its list needs: where the list is, how to read it and to find it. */
export interface ListSearch<Item> {
  typename: string;
  /** The object's own REST id (for the error when it is not there). */
  own: string | undefined;
  /** The path of the list (its parent segments filled in). */
  path: string;
  contract: z.ZodType<Item>;
  find: (items: readonly Item[]) => Item | undefined;
  query?: Record<string, QueryValue>;
}

/**
 * Finds an object in its list, reading pages (`REST_PAGE_SIZE` items each, once per request)
 * until it is found; `NOT_FOUND` when the list ends without it.
 */
export async function findInList<Item>(
  ctx: GatewayContext,
  search: ListSearch<Item>,
): Promise<Item> {
  const pageContract = listPage(search.contract);
  const items: Item[] = [];
  let page: string | undefined;
  for (let read = 0; read < MAX_LIST_PAGES; read++) {
    const answer = await ctx.rest.get(
      withQuery(search.path, { ...search.query, limit: REST_PAGE_SIZE, page }),
      pageContract,
    );
    items.push(...(answer.items as Item[]));
    const found = search.find(items);
    if (found !== undefined) return found;
    if (!answer.next || answer.items.length === 0) break;
    page = answer.next.page;
  }
  throw new UpstreamError(`${search.typename} ${search.own} not found`, 'NOT_FOUND', 404);
}
