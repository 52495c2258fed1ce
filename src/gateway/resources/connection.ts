import type { z } from 'zod';
import {
  type ConnectionArgs,
  type ConnectionResult,
  type RestConnectionOptions,
  restConnection,
  withNode,
} from '../connections/restConnection.ts';
import type { GatewayContext } from '../context.ts';
import { LEFT_OUT, shapeError, type WithLeftOut } from '../upstream/damage.ts';
import { segmentProblem } from '../upstream/path.ts';

/** What a page of a resource's list needs of the resource (see `Resource.connection`). */
export interface ListedResource<A extends object, Shape> {
  readonly own: string;
  readonly contract: z.ZodType;
  path(address: A): string;
  shape(item: unknown, address: A): Shape;
  isAddress(address: object): boolean;
}

/** How a list of a resource's objects is read (see `Resource.connection`). */
export type ResourceConnectionOptions<A, L, Shape> = Omit<
  RestConnectionOptions<z.ZodType<L>>,
  'item' | 'primePath'
> & {
  /** The address of the list's parent, or of each item's parent, from the item. */
  parent?: Partial<A> | ((item: L) => Partial<A>);
  /** The item's own id (default: its `id`). */
  idOf?: (item: L) => string | undefined;
  /**
   * Items that are a summary of the object, not its `GET` body: their schema and the graph's
   * value of one. Such items are not cached (a read of the object still fetches its body).
   */
  summary?: { item: z.ZodType<L>; shape: (item: L, address: A) => Shape };
  /** False when the items differ from a plain read of them (filtered fields): not cached. */
  prime?: boolean;
};

/**
 * A page of a resource's list: each item becomes the resource's value at the parent address plus
 * its own id, cached under its item path; an item whose address cannot be read is left out with
 * one error, and one that cannot be shaped fails alone.
 */
export async function resourceConnection<A extends object, L, Shape>(
  resource: ListedResource<A, Shape>,
  ctx: GatewayContext,
  args: ConnectionArgs,
  options: ResourceConnectionOptions<A, L, Shape>,
): Promise<ConnectionResult<Shape>> {
  const { summary } = options;
  const idOf = options.idOf ?? ((item: L) => (item as { id?: string }).id);
  // An item whose address cannot be made (its id damaged, empty or malformed) is left out.
  const addressOfItem = (item: L): A | undefined => {
    try {
      const own = idOf(item);
      if (segmentProblem(own)) return undefined;
      const parent = typeof options.parent === 'function' ? options.parent(item) : options.parent;
      const address = { ...parent, [resource.own]: own } as unknown as A;
      return resource.isAddress(address) ? address : undefined;
    } catch {
      return undefined;
    }
  };
  const shapeOf = summary?.shape ?? ((item: L, address: A) => resource.shape(item, address));
  const page = await restConnection(ctx.rest, args, {
    ...options,
    item: summary?.item ?? (resource.contract as z.ZodType<L>),
    primePath: (item) => {
      if (summary || options.prime === false) return undefined;
      const address = addressOfItem(item);
      return address ? resource.path(address) : undefined;
    },
  });
  const leftOut = [...((page as WithLeftOut)[LEFT_OUT] ?? [])];
  const edges: ConnectionResult<Shape>['edges'] = [];
  page.edges.forEach((edge, index) => {
    const address = addressOfItem(edge.node);
    if (!address) {
      leftOut.push(
        shapeError(
          { method: 'GET', path: options.path, field: `items.${index}` },
          'left out of the list: its address cannot be read',
        ),
      );
      return;
    }
    let node: Shape | Error;
    try {
      node = shapeOf(edge.node, address);
    } catch (error) {
      // A value the item cannot be made into fails that item alone.
      node = error as Error;
    }
    edges.push(withNode(edge, node as Shape));
  });
  const result: ConnectionResult<Shape> & WithLeftOut = { ...page, edges };
  if (leftOut.length > 0) result[LEFT_OUT] = leftOut;
  return result;
}
