import type { GraphQLResolveInfo } from 'graphql';
import type { z } from 'zod';
import type { ConnectionArgs, ConnectionResult } from '../connections/restConnection.ts';
import type { GatewayContext } from '../context.ts';
import { codedError } from '../errorCatalog.ts';
import { RawValue, ShapeDamage } from '../upstream/damage.ts';
import { segmentProblem } from '../upstream/path.ts';
import { type QueryValue, withQuery } from '../upstream/rest.ts';
import { aliasedId, hasAliases, isAlias, noteAlias } from './aliases.ts';
import { type Address, type AddressOf, parts, Segments } from './codec.ts';
import {
  type ListedResource,
  type ResourceConnectionOptions,
  resourceConnection,
} from './connection.ts';
import { encodeGlobalId } from './globalId.ts';
import { type InputOptions, type ParentResource, parseInput } from './inputs.ts';
import { findInList, type RouteFiller, type Routes, registerRoutes, routePath } from './routes.ts';
import { fullValue, makeStub, noteSelection } from './stubs.ts';

// A REST resource described once, and what is derived from the description: its global-ID codec
// (codec.ts), input parsing (inputs.ts), stubs (stubs.ts), routes (routes.ts), loading and lists.

/**
 * One REST resource described once: its GraphQL type name, its address segments (the parts of
 * its global ID, in order, the last one its own REST id; a trailing `?` marks a segment that may
 * be absent, such as the change request of content), where `GET` finds it, its contract (the zod
 * schema of `src/contract`), and how the graph's value (its shape) is made from a REST item and
 * its address.
 */
export interface ResourceSpec<
  A extends Address,
  Item,
  Shape extends object,
  R extends Routes = Routes,
> {
  typename: string;
  segments: readonly string[];
  /**
   * The resource each parent segment's id belongs to: inputs may give it as a global ID, and an
   * alias a request named it by is shown as the id it stands for.
   */
  parents?: Readonly<Record<string, ParentResource>>;
  /**
   * True for an own id that may be an alias (`aliases.ts`): another name `/v1` takes for the
   * object in its paths, such as a change request's number within its space. An object a lookup
   * names by one keeps it in its address (`named`).
   */
  alias?: (own: string) => boolean;
  /** Its `/v1` routes: every path the graph sends for these objects is one of them. */
  routes: R;
  /**
   * Path of `GET` for one object; default: `routes.item` filled with the address segments that
   * are present, in order (an address with optional segments may pick another route).
   */
  path?(address: A, route: RouteFiller<R>): string;
  /** The contract of one object (its zod schema), as `GET` and the list pages answer it. */
  contract: z.ZodType<Item>;
  /** The graph's value of a REST item at an address; default: the item with the address merged in. */
  shape?: (item: Item, address: A) => Shape;
  /** The address of a value; default: the segment members of the value. */
  addressOf?: (value: Shape) => A;
  /** A value holding only an address, for fields that need nothing more; default: the address. */
  stub?: (address: A) => Shape;
  /**
   * For objects the REST API has no `GET` of their own for: the list that holds them (read whole,
   * `REST_PAGE_SIZE` a page, once per request) and how one is found among its items (default: by `id`).
   */
  list?: {
    /** The route of the list, filled with the parent segments of the address. */
    route: keyof R & string;
    find?: (items: readonly Item[], address: A) => Item | undefined;
  };
  /**
   * The query of a body read, from what a query selects on the object (`info` of the field that
   * returns it): a page is read as Markdown when its `markdown` is asked for, so that one read
   * answers it and the rest; default none.
   */
  bodyQuery?: (info: GraphQLResolveInfo) => Record<string, QueryValue> | undefined;
}

const registry = new Map<string, Resource<Address, unknown, object>>();

/** The resource whose objects have GraphQL type `typename`, if any. */
export function resourceOf(typename: string): Resource<Address, unknown, object> | undefined {
  return registry.get(typename);
}

/** A REST resource: global-ID codec, input parsing, loading, stubs and connections. */
export class Resource<A extends Address, Item, Shape extends object, R extends Routes = Routes> {
  readonly typename: string;
  readonly segments: readonly string[];
  /** Type of the graph's values of this resource (for `typeof Resource.$shape`). */
  declare readonly $shape: Shape;

  /** The description, its routes' names widened (the names are checked where `route` is called). */
  private readonly spec: ResourceSpec<A, Item, Shape>;
  /** Its address segments and their codec. */
  private readonly address: Segments;

  constructor(spec: ResourceSpec<A, Item, Shape, R>) {
    this.spec = spec as unknown as ResourceSpec<A, Item, Shape>;
    this.typename = spec.typename;
    registerRoutes(spec.routes);
    this.address = new Segments(spec.segments);
    this.segments = this.address.names;
    if (registry.has(spec.typename)) throw new Error(`resource ${spec.typename} defined twice`);
    registry.set(spec.typename, this as unknown as Resource<Address, unknown, object>);
  }

  /** The segment name of the object's own REST id (the last one). */
  get own(): string {
    return this.address.own;
  }

  /** The local part of the global ID: the address segments, each URI-encoded, joined by `/`. */
  localId(address: A): string {
    return this.address.localId(address);
  }

  /** The global ID of the object at `address`. */
  globalId(address: A): string {
    return encodeGlobalId(this.typename, this.localId(address));
  }

  /** The global ID of a value (loaded or stub). */
  globalIdOf(value: Shape): string {
    return this.globalId(this.addressOf(value));
  }

  /** Parses the local part of a global ID into an address; undefined when it has the wrong shape. */
  parseLocal(localId: string): A | undefined {
    return this.address.parseLocal(localId) as A | undefined;
  }

  /** The address of a value, loaded or stub. */
  addressOf(value: Shape): A {
    if (this.spec.addressOf) return this.spec.addressOf(value);
    return this.address.addressIn(value) as A;
  }

  /**
   * A value holding only `address`: fields not answered from the address (the id, fields
   * declaring `address: true`) load the body first, except those `known` already answers
   * (members of the body that arrived with a reference to it).
   */
  stub(address: A, known?: Partial<Shape>): Shape {
    const base = this.spec.stub ? this.spec.stub(address) : ({ ...address } as unknown as Shape);
    return makeStub(base, known);
  }

  /**
   * The stub of the object a lookup names at `address`. An own id that may be an alias (`alias`)
   * stays in the address, so that every path under the object is known at once, and is noted as
   * one for this request: the read that tells its id (`GET` at the address, once per request,
   * shared with the body's) starts at once when `showsId()` (the query shows an id at or under
   * the object: the read then runs beside the reads under it), else when a field first needs it.
   */
  named(ctx: GatewayContext, address: A, showsId: () => boolean): Shape {
    const own = parts(address)[this.own];
    if (own !== undefined && this.spec.alias?.(own)) {
      const read = () => this.idAt(ctx, address);
      noteAlias(ctx, this.typename, this.localId(address), read, showsId());
    }
    return this.stub(address);
  }

  /** The own id of the object `GET` finds at `address` (an alias in it read once per request). */
  private async idAt(ctx: GatewayContext, address: A): Promise<string> {
    const id = ((await this.item(ctx, address)) as { id?: unknown } | null)?.id;
    if (id instanceof ShapeDamage) throw id.error();
    if (segmentProblem(id)) {
      const named = parts(address)[this.own];
      throw codedError('UPSTREAM_SHAPE', `${this.typename} ${named} was answered without an id`);
    }
    return id as string;
  }

  /**
   * `address` with every alias this request named an object of it by (its own id, or a parent's
   * in `parents`) replaced by the id it stands for; `address` itself when it holds none.
   */
  canonical(ctx: GatewayContext, address: A): A | Promise<A> {
    if (!hasAliases(ctx)) return address;
    const resolved: Promise<[string, string]>[] = [];
    for (const name of this.segments) {
      const id = parts(address)[name];
      const owner = name === this.own ? this : this.spec.parents?.[name];
      if (id === undefined || !owner) continue;
      const at: Record<string, string | undefined> = { [owner.own]: id };
      for (const above of owner.segments.slice(0, -1)) at[above] = parts(address)[above];
      const real = aliasedId(ctx, owner.typename, owner.localId(at));
      if (real) resolved.push(real.then((value) => [name, value]));
    }
    if (resolved.length === 0) return address;
    return Promise.all(resolved).then((ids) => ({ ...address, ...Object.fromEntries(ids) }));
  }

  /** The local part of the global ID of a value (loaded or stub), its aliases resolved. */
  localIdIn(ctx: GatewayContext, value: Shape): string | Promise<string> {
    const address = this.canonical(ctx, this.addressOf(value));
    return address instanceof Promise
      ? address.then((at) => this.localId(at))
      : this.localId(address);
  }

  /**
   * A reference from an upstream answer: the stub at the address (answering the fields `known`
   * gives), or null when a segment is missing, empty or not a valid path segment (such a
   * reference points nowhere: no call is made).
   */
  ref(
    address: { readonly [K in keyof A]?: string | null | undefined },
    known?: Partial<Shape>,
  ): Shape | null {
    return this.address.isAddress(address) ? this.stub(address as unknown as A, known) : null;
  }

  /** The query of a body read for what `info` selects on the object (see `bodyQuery`). */
  bodyQuery(info: GraphQLResolveInfo): Record<string, QueryValue> | undefined {
    return this.spec.bodyQuery?.(info);
  }

  /** Notes what `info` selects on the stub `value`, so that its body is read in that form. */
  selected(value: object, info: GraphQLResolveInfo): void {
    noteSelection(value, info, (selected) => this.bodyQuery(selected));
  }

  /** The graph's value of a REST item at `address`. */
  shape(item: Item, address: A): Shape {
    if (this.spec.shape) return this.spec.shape(item, address);
    // An item that already holds its address (a space's `id`) is its own value: no copy.
    if (item !== null && typeof item === 'object' && !(item instanceof RawValue)) {
      if (this.address.holds(item, address)) return item as unknown as Shape;
    }
    return { ...(item as object), ...address } as unknown as Shape;
  }

  /** The contract of one object (its zod schema). */
  get contract(): z.ZodType<Item> {
    return this.spec.contract;
  }

  /** Path of `GET` for the object at `address`. */
  path(address: A): string {
    if (this.spec.path) return this.spec.path(address, (name, ...ids) => this.route(name, ...ids));
    const ids = this.segments.map((name) => parts(address)[name]).filter((id) => id !== undefined);
    return this.route('item', ...ids);
  }

  /** The path of the route `name` of this resource, its `{param}`s filled with `ids` in order. */
  route(name: keyof R & string, ...ids: unknown[]): string {
    return routePath(this.typename, this.spec.routes, name, ids);
  }

  /**
   * Caches a REST item that arrived inside another answer where a later read of it will look. A
   * damaged item (or one without a usable id) is not cached: the field that shows it fails alone.
   */
  prime(ctx: GatewayContext, item: Item, address?: A): void {
    if (item instanceof RawValue) return;
    const own = (item as { id?: unknown } | null)?.id;
    const at = address ?? ({ [this.own]: own } as unknown as A);
    if (!this.address.isAddress(at)) return;
    ctx.rest.prime(this.path(at), item);
  }

  /** Reads the object at `address` (once per request: the session caches every read). */
  async load(ctx: GatewayContext, address: A, query?: Record<string, QueryValue>): Promise<Shape> {
    return this.shape(await this.item(ctx, address, query), address);
  }

  /**
   * The REST item at `address`, read once per request; an item read by an alias is also cached
   * under its own id, where a later read of it by that id looks.
   */
  private async item(
    ctx: GatewayContext,
    address: A,
    query?: Record<string, QueryValue>,
  ): Promise<Item> {
    const list = this.spec.list;
    const item = list
      ? await findInList(ctx, {
          typename: this.typename,
          own: parts(address)[this.own],
          path: this.route(list.route, ...this.address.parentIds(address)),
          contract: this.spec.contract,
          find: (items) =>
            list.find
              ? list.find(items, address)
              : items.find((i) => (i as { id?: unknown }).id === parts(address)[this.own]),
          ...(query ? { query } : {}),
        })
      : await ctx.rest.get(withQuery(this.path(address), query), this.spec.contract);
    if (hasAliases(ctx) && isAlias(ctx, this.typename, this.localId(address))) {
      const own = (item as { id?: unknown } | null)?.id;
      if (own !== parts(address)[this.own]) {
        this.prime(ctx, item, { ...address, [this.own]: own } as A);
      }
    }
    return item;
  }

  /** The full value of `value`: itself when loaded, else its body read at its address. */
  async full(ctx: GatewayContext, value: Shape): Promise<Shape> {
    return fullValue(value, (query) => this.load(ctx, this.addressOf(value), query));
  }

  /** The address an input names (see `parseInput`). */
  parseInput(value: string, options: InputOptions = {}): A {
    return parseInput(
      {
        typename: this.typename,
        segments: this.address,
        parents: this.spec.parents,
        isResource: (typename) => registry.has(typename),
      },
      value,
      options,
    ) as A;
  }

  /**
   * A page of a list of these objects at `path`: each item becomes this resource's value at the
   * parent address plus its own id, and is cached under its item path, so a later read of it
   * costs nothing.
   */
  connection<L = Item>(
    ctx: GatewayContext,
    args: ConnectionArgs,
    options: ResourceConnectionOptions<A, L, Shape>,
  ): Promise<ConnectionResult<Shape>> {
    return resourceConnection(this.listed, ctx, args, options);
  }

  /** What a list of these objects needs of the resource. */
  private get listed(): ListedResource<A, Shape> {
    return {
      own: this.own,
      contract: this.spec.contract,
      path: (address) => this.path(address),
      shape: (item, address) => this.shape(item as Item, address),
      isAddress: (address) => this.address.isAddress(address),
    };
  }
}

/** Describes a REST resource once; see `ResourceSpec`. */
export function defineResource<
  const Seg extends readonly string[],
  Item,
  const R extends Routes,
  Shape extends object = Item & AddressOf<Seg>,
>(
  spec: ResourceSpec<AddressOf<Seg>, Item, Shape, R> & { segments: Seg },
): Resource<AddressOf<Seg>, Item, Shape, R> {
  return new Resource(spec);
}
