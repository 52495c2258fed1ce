import { segmentProblem } from '../upstream/path.ts';

// The address codec of a resource: its segments, the local part of its global IDs (the address
// as text) and back. The global ID around it is `globalId.ts`'s.

/** Where a REST object lives: one REST id per address segment (optional ones may be absent). */
export type Address = object;

type RequiredName<S> = S extends `${string}?` ? never : S;
type OptionalName<S> = S extends `${infer N}?` ? N : never;

/** The address of a resource with segments `Seg` (`['org', 'id']` -> `{ org: string; id: string }`). */
export type AddressOf<Seg extends readonly string[]> = {
  readonly [K in RequiredName<Seg[number]>]: string;
} & { readonly [K in OptionalName<Seg[number]>]?: string };

/** The REST id of each segment of an address, by name. */
export const parts = (address: object) => address as Readonly<Record<string, string | undefined>>;

/** The segments of a resource's addresses, as declared (`'changeRequest?'`) and by name. */
export class Segments {
  /** The segment names, in order, the last one the object's own id. */
  readonly names: readonly string[];
  /** How many segments every address has (the optional ones left out). */
  readonly required: number;

  constructor(readonly declared: readonly string[]) {
    this.names = declared.map((s) => s.replace(/\?$/, ''));
    this.required = declared.filter((s) => !s.endsWith('?')).length;
  }

  /** The segment name of the object's own REST id (the last one). */
  get own(): string {
    return this.names[this.names.length - 1] as string;
  }

  /** True when the segment `name` may be absent. */
  optional(name: string): boolean {
    return this.declared.includes(`${name}?`);
  }

  /** The local part of a global ID: the present segments, each URI-encoded, joined by `/`. */
  localId(address: object): string {
    return this.names
      .filter((name) => parts(address)[name] !== undefined)
      .map((name) => encodeURIComponent(parts(address)[name] as string))
      .join('/');
  }

  /** Parses the local part of a global ID into an address; undefined when it has the wrong shape. */
  parseLocal(localId: string): Record<string, string> | undefined {
    // A single-segment address is one opaque REST id, slashes included.
    const given = this.names.length === 1 ? [localId] : localId.split('/');
    if (given.length < this.required || given.length > this.names.length) return undefined;
    const decoded: string[] = [];
    for (const part of given) {
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
      given.length === this.names.length
        ? this.names
        : this.declared.filter((s) => !s.endsWith('?'));
    const address: Record<string, string> = {};
    names.forEach((name, i) => {
      address[name] = decoded[i] as string;
    });
    return address;
  }

  /** True when every segment of `address` is a valid path segment (optional ones may be absent). */
  isAddress(address: object): boolean {
    for (const name of this.names) {
      const part = parts(address)[name];
      if ((part === undefined || part === null) && this.optional(name)) continue;
      if (segmentProblem(part)) return false;
    }
    return true;
  }

  /** The address members of a value (its string members named as segments). */
  addressIn(value: object): Record<string, string> {
    const address: Record<string, string> = {};
    for (const name of this.names) {
      const part = (value as Record<string, unknown>)[name];
      if (typeof part === 'string') address[name] = part;
    }
    return address;
  }

  /** True when `value` holds every segment of `address` as a member of the same value. */
  holds(value: object, address: object): boolean {
    const own = value as Record<string, unknown>;
    return this.names.every((name) => own[name] === parts(address)[name]);
  }

  /** The ids of the parent segments of `address` that are present, in order. */
  parentIds(address: object): string[] {
    return this.names
      .slice(0, -1)
      .map((name) => parts(address)[name])
      .filter((id): id is string => id !== undefined);
  }
}
