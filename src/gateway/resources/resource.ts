import type { GraphQLResolveInfo } from 'graphql';
import type { z } from 'zod';
import { listPage } from '../../contract/common.ts';
import type { GatewayContext } from '../context.ts';
import { ValidationError } from '../errors.ts';
import type { ConnectionArgs, ConnectionResult } from '../upstream/connection.ts';
import { RawValue } from '../upstream/damage.ts';
import { badInput, UpstreamError } from '../upstream/errors.ts';
import { fillRoute, segmentProblem } from '../upstream/path.ts';
import { type QueryValue, withQuery } from '../upstream/rest.ts';
import { registerRoute } from '../upstream/routes.ts';
import { attach, attached } from '../upstream/state.ts';
import {
  type ListedResource,
  type ResourceConnectionOptions,
  resourceConnection,
} from './connection.ts';
import { decodeGlobalId, encodeGlobalId } from './globalId.ts';
import { argNameOf, type InputOptions, type ParentResource } from './inputs.ts';

/** Where a REST object lives: one REST id per address segment (optional ones may be absent). */
export type Address = object;

type RequiredName<S> = S extends `${string}?` ? never : S;
type OptionalName<S> = S extends `${infer N}?` ? N : never;

/** The address of a resource with segments `Seg` (`['org', 'id']` -> `{ org: string; id: string }`). */
export type AddressOf<Seg extends readonly string[]> = {
  readonly [K in RequiredName<Seg[number]>]: string;
} & { readonly [K in OptionalName<Seg[number]>]?: string };

/** The REST id of each segment of an address, by name. */
const parts = (address: object) => address as Readonly<Record<string, string | undefined>>;

/**
 * One REST resource described once: its GraphQL type name, its address segments (the parts of
 * its global ID, in order, the last one its own REST id; a trailing `?` marks a segment that may
 * be absent, such as the change request of content), where `GET` finds it, its contract (the zod schema of `src/contract`),
 * and how the graph's value (its shape) is made from a REST item and its address.
 */
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

export interface ResourceSpec<
  A extends Address,
  Item,
  Shape extends object,
  R extends Routes = Routes,
> {
  typename: string;
  segments: readonly string[];
  /** The resource each parent segment's id belongs to (for inputs given as a global ID). */
  parents?: Readonly<Record<string, ParentResource>>;
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
   * 1000 a page, once per request) and how one is found among its items (default: by `id`).
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

/** What the gateway knows of a stub (a value holding only an address), kept on the stub. */
interface StubState {
  /** The fields it already answers (known from the answer that referenced it). */
  known?: ReadonlySet<string>;
  /** The query its body is read with (see `bodyQuery`). */
  query?: Record<string, QueryValue>;
  /** Its body, once asked for. */
  loading?: Promise<unknown>;
}
const STUB = Symbol('stub');
const stubState = (value: object) => attached<StubState>(value, STUB);
const registry = new Map<string, Resource<Address, unknown, object>>();

/** The resource whose objects have GraphQL type `typename`, if any. */
export function resourceOf(typename: string): Resource<Address, unknown, object> | undefined {
  return registry.get(typename);
}

/** True when `value` holds only an address (its body has not been read). */
export function isStub(value: unknown): boolean {
  return typeof value === 'object' && value !== null && stubState(value) !== undefined;
}

/** True when the stub `value` already answers `field` (its body need not be read for it). */
export function knows(value: object, field: string): boolean {
  return stubState(value)?.known?.has(field) ?? false;
}

/** A REST resource: global-ID codec, input parsing, loading, stubs and connections. */
export class Resource<A extends Address, Item, Shape extends object, R extends Routes = Routes> {
  readonly typename: string;
  readonly segments: readonly string[];
  private readonly required: number;
  /** Type of the graph's values of this resource (for `typeof Resource.$shape`). */
  declare readonly $shape: Shape;

  /** The description, its routes' names widened (the names are checked where `route` is called). */
  private readonly spec: ResourceSpec<A, Item, Shape>;

  constructor(spec: ResourceSpec<A, Item, Shape, R>) {
    this.spec = spec as unknown as ResourceSpec<A, Item, Shape>;
    this.typename = spec.typename;
    for (const templates of Object.values(spec.routes)) {
      for (const template of [templates].flat()) registerRoute(template);
    }
    this.segments = spec.segments.map((s) => s.replace(/\?$/, ''));
    this.required = spec.segments.filter((s) => !s.endsWith('?')).length;
    if (registry.has(spec.typename)) throw new Error(`resource ${spec.typename} defined twice`);
    registry.set(spec.typename, this as unknown as Resource<Address, unknown, object>);
  }

  /** The segment name of the object's own REST id (the last one). */
  get own(): string {
    return this.segments[this.segments.length - 1] as string;
  }

  /** The local part of the global ID: the address segments, each URI-encoded, joined by `/`. */
  localId(address: A): string {
    return this.segments
      .filter((name) => parts(address)[name] !== undefined)
      .map((name) => encodeURIComponent(parts(address)[name] as string))
      .join('/');
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
    // A single-segment address is one opaque REST id, slashes included.
    const parts = this.segments.length === 1 ? [localId] : localId.split('/');
    if (parts.length < this.required || parts.length > this.segments.length) return undefined;
    const decoded: string[] = [];
    for (const part of parts) {
      let value: string;
      try {
        value = decodeURIComponent(part);
      } catch {
        return undefined;
      }
      if (segmentProblem(value)) return undefined;
      decoded.push(value);
    }
    // An optional segment comes before the object's own id: it is left out when absent.
    const names =
      parts.length === this.segments.length
        ? this.segments
        : this.spec.segments.filter((s) => !s.endsWith('?'));
    const address: Record<string, string> = {};
    names.forEach((name, i) => {
      address[name] = decoded[i] as string;
    });
    return address as A;
  }

  /** The address of a value, loaded or stub. */
  addressOf(value: Shape): A {
    if (this.spec.addressOf) return this.spec.addressOf(value);
    const address: Record<string, string> = {};
    for (const name of this.segments) {
      const part = (value as Record<string, unknown>)[name];
      if (typeof part === 'string') address[name] = part;
    }
    return address as A;
  }

  /**
   * A value holding only `address`: fields not answered from the address (the id, fields
   * declaring `address: true`) load the body first, except those `known` already answers
   * (members of the body that arrived with a reference to it).
   */
  stub(address: A, known?: Partial<Shape>): Shape {
    const base = this.spec.stub ? this.spec.stub(address) : ({ ...address } as unknown as Shape);
    const value = known ? { ...base, ...known } : base;
    attach<StubState>(value, STUB, known ? { known: new Set(Object.keys(known)) } : {});
    return value;
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
    return this.isAddress(address) ? this.stub(address as unknown as A, known) : null;
  }

  /** True when every segment of `address` is a valid path segment (optional ones may be absent). */
  private isAddress(address: object): boolean {
    for (const name of this.segments) {
      const part = parts(address)[name];
      const optional = this.spec.segments.includes(`${name}?`);
      if ((part === undefined || part === null) && optional) continue;
      if (segmentProblem(part)) return false;
    }
    return true;
  }

  /** The query of a body read for what `info` selects on the object (see `bodyQuery`). */
  bodyQuery(info: GraphQLResolveInfo): Record<string, QueryValue> | undefined {
    return this.spec.bodyQuery?.(info);
  }

  /** Notes what `info` selects on the stub `value`, so that its body is read in that form. */
  selected(value: object, info: GraphQLResolveInfo): void {
    const state = stubState(value);
    const query = state ? this.bodyQuery(info) : undefined;
    if (state && query) state.query = query;
  }

  /** The graph's value of a REST item at `address`. */
  shape(item: Item, address: A): Shape {
    if (this.spec.shape) return this.spec.shape(item, address);
    // An item that already holds its address (a space's `id`) is its own value: no copy.
    if (item !== null && typeof item === 'object' && !(item instanceof RawValue)) {
      const own = item as Record<string, unknown>;
      let holds = true;
      for (const name of this.segments) {
        if (own[name] !== parts(address)[name]) {
          holds = false;
          break;
        }
      }
      if (holds) return item as unknown as Shape;
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
    const forms = this.spec.routes[name];
    if (forms === undefined) throw new Error(`${this.typename} has no route ${name}`);
    if (typeof forms === 'string') return fillRoute(forms, ids);
    const present = ids.filter((id) => id !== undefined);
    const form = forms.find((t) => t.split('{').length - 1 === present.length) ?? forms[0] ?? '';
    return fillRoute(form, present);
  }

  /**
   * Caches a REST item that arrived inside another answer where a later read of it will look. A
   * damaged item (or one without a usable id) is not cached: the field that shows it fails alone.
   */
  prime(ctx: GatewayContext, item: Item, address?: A): void {
    if (item instanceof RawValue) return;
    const own = (item as { id?: unknown } | null)?.id;
    const at = address ?? ({ [this.own]: own } as unknown as A);
    if (!this.isAddress(at)) return;
    ctx.rest.prime(this.path(at), item);
  }

  /** Reads the object at `address` (once per request: the session caches every read). */
  async load(ctx: GatewayContext, address: A, query?: Record<string, QueryValue>): Promise<Shape> {
    const item = this.spec.list
      ? await this.fromList(ctx, this.spec.list, address, query)
      : await ctx.rest.get(withQuery(this.path(address), query), this.spec.contract);
    return this.shape(item, address);
  }

  /** The ids of the parent segments of `address` that are present, in order. */
  private parentIds(address: A): string[] {
    return this.segments
      .slice(0, -1)
      .map((name) => parts(address)[name])
      .filter((id): id is string => id !== undefined);
  }

  /** Finds the object at `address` in its list, reading pages until it is found. */
  private async fromList(
    ctx: GatewayContext,
    list: NonNullable<ResourceSpec<A, Item, Shape>['list']>,
    address: A,
    query: Record<string, QueryValue> = {},
  ): Promise<Item> {
    const own = parts(address)[this.own];
    const find =
      list.find ??
      ((items: readonly Item[]) => items.find((i) => (i as { id?: unknown }).id === own));
    const pageContract = listPage(this.spec.contract);
    const items: Item[] = [];
    let page: string | undefined;
    for (let read = 0; read < 1000; read++) {
      const answer = await ctx.rest.get(
        withQuery(this.route(list.route, ...this.parentIds(address)), {
          ...query,
          limit: 1000,
          page,
        }),
        pageContract,
      );
      items.push(...(answer.items as Item[]));
      const found = find(items, address);
      if (found !== undefined) return found;
      if (!answer.next || answer.items.length === 0) break;
      page = answer.next.page;
    }
    throw new UpstreamError(`${this.typename} ${own} not found`, 'NOT_FOUND', 404);
  }

  /** The full value of `value`: itself when loaded, else its body read at its address. */
  async full(ctx: GatewayContext, value: Shape): Promise<Shape> {
    const state = stubState(value);
    if (!state) return value;
    state.loading ??= this.load(ctx, this.addressOf(value), state.query);
    return state.loading as Promise<Shape>;
  }

  /**
   * The address an input names: a global ID of this type, or its REST id with the parents' ids
   * in `options.parents` (each a global ID or REST id; a parent's global ID also gives the
   * segments above it). A missing parent, or an id that cannot be a path segment, is
   * BAD_USER_INPUT (a `ValidationError` naming the field in a mutation input); without a parent
   * id beside it, only a global ID names an object that has parents. A global ID whose parents
   * disagree with the ids given beside it is BAD_USER_INPUT too (the two name different
   * objects), with no call.
   */
  parseInput(value: string, options: InputOptions = {}): A {
    const fail = (message: string, field = options.field ?? options.arg ?? 'id'): never => {
      if (options.field !== undefined)
        throw ValidationError.fromFieldErrors([{ path: [field], message }]);
      throw badInput(field, message);
    };
    const invalid = `not a valid ${this.typename} ID`;
    const decoded = decodeGlobalId(value);
    const whole = decoded.typename === this.typename;
    let address: Record<string, string>;
    if (whole) {
      const parsed = this.parseLocal(decoded.id);
      if (!parsed) return fail(invalid);
      address = { ...(parsed as Record<string, string>) };
    } else {
      // `Type:` with nothing after it is a global ID of this type naming nothing, not a REST id.
      if (segmentProblem(value) || value === encodeGlobalId(this.typename, ''))
        return fail(invalid);
      if (resourceOf(decoded.typename)) return fail(`${invalid} (a ${decoded.typename} ID)`);
      address = { [this.own]: value };
    }
    // Nearest parent first: a parent given as a global ID brings the segments above it.
    const parentNames = this.segments.slice(0, -1);
    for (let i = parentNames.length - 1; i >= 0; i--) {
      const name = parentNames[i] as string;
      const given = options.parents?.[name];
      const parentResource = this.spec.parents?.[name];
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
              parents: Object.fromEntries(
                above.map((n) => [n, options.parents?.[n] ?? address[n]]),
              ),
              ...(options.parentFields ? { parentFields: options.parentFields } : {}),
            }),
          );
          implied[name] = parent[parentResource.own] as string;
          for (const n of above) {
            if (this.segments.includes(n) && parent[n] !== undefined) implied[n] = parent[n];
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
      if (address[name] === undefined && !this.spec.segments.includes(`${name}?`)) {
        // Without a place for the parent's id beside it, only a global ID names the object.
        const place = name in (options.parents ?? {}) || name in (options.parentFields ?? {});
        if (!place) return fail(invalid);
        return fail(`${field} is required with a REST id`, field);
      }
    }
    return address as A;
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
      isAddress: (address) => this.isAddress(address),
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
