import {
  defaultFieldResolver,
  type GraphQLField,
  type GraphQLObjectType,
  type GraphQLResolveInfo,
  getNamedType,
  isAbstractType,
  isObjectType,
} from 'graphql';
import type { GatewayContext } from '../context.ts';
import { RawValue, UnseenAlternative } from '../upstream/damage.ts';
import { selectedFields } from './selections.ts';
import {
  type FieldShape,
  fits,
  isThenable,
  mapItems,
  readsOf,
  settleLeaf,
  type Where,
} from './settle.ts';

/**
 * Plain fields: the fields the shape plugin does not wrap. Their resolver is graphql's default
 * member read of their own name (Pothos' `t.exposeString('title')` and kin), they have no
 * arguments, and they show a scalar or an enum (not JSON, not a list), under a name no
 * placeholder answers (its hidden members, its methods: the default read would call a method).
 * The executor reads such a member as it is; where a selected one would read damage, the parent
 * is handed on as a view in which that member reads as the wrapped field would have answered:
 * the value, null, or the error (an `Error` value, which both executors report at the field, as
 * a thrown one).
 */

const plainConfigs = new WeakSet<object>();

/** A placeholder, for the names every one of them answers. */
const PLACEHOLDER = new UnseenAlternative(null, { method: 'GET', path: '', field: '' });

/**
 * Whether a field is a plain member read (see above), from its Pothos config, the resolver the
 * shape plugin is given and its shape; the plugin notes the ones it leaves unwrapped.
 */
export function plainField(
  config: { name: string; args: object },
  resolver: unknown,
  shape: FieldShape,
): boolean {
  const plain =
    resolver === defaultFieldResolver &&
    Object.keys(config.args).length === 0 &&
    shape.lists === 0 &&
    shape.item === 'leaf' &&
    !(config.name in PLACEHOLDER);
  if (plain) plainConfigs.add(config);
  return plain;
}

/** Whether a field of a built schema is a plain member read, left unwrapped by the shape plugin. */
export function isPlainField(field: GraphQLField<unknown, unknown>): boolean {
  const config = field.extensions?.pothosConfig;
  return typeof config === 'object' && config !== null && plainConfigs.has(config);
}

/** A plain field as its reads are checked: where it is shown and the member whose damage it reads. */
interface Plain extends Where {
  reads: string | undefined;
  /** Its named type's name (for `fits`). */
  scalar: string;
}

const plainsByType = new WeakMap<GraphQLObjectType, readonly Plain[]>();

function plainsOf(type: GraphQLObjectType): readonly Plain[] {
  let plains = plainsByType.get(type);
  if (!plains) {
    plains = Object.values(type.getFields())
      .filter(isPlainField)
      .map((field) => ({
        returnType: field.type,
        parentType: type,
        fieldName: field.name,
        reads: readsOf(field.name, 0),
        scalar: getNamedType(field.type).name,
      }));
    plainsByType.set(type, plains);
  }
  return plains;
}

// By type, then by the names asked (a selection's set of names, kept by `selectedFields`).
const chosenByType = new WeakMap<GraphQLObjectType, WeakMap<object, readonly Plain[]>>();

/** The plain fields of `type` among `names`. */
function plainsAmong(
  type: GraphQLObjectType,
  names: ReadonlySet<string> | readonly string[],
): readonly Plain[] {
  let byNames = chosenByType.get(type);
  if (!byNames) {
    byNames = new WeakMap();
    chosenByType.set(type, byNames);
  }
  let plains = byNames.get(names);
  if (!plains) {
    const asked = new Set(names);
    plains = plainsOf(type).filter((plain) => asked.has(plain.fieldName));
    byNames.set(names, plains);
  }
  return plains;
}

/** What the plain fields `plains` answer for `parent` where that is not its member as it is. */
function corrections(parent: object, plains: readonly Plain[]): Map<string, unknown> | undefined {
  const members = parent as Record<string, unknown>;
  // A `data` member may hold the damage a field reads (see `damageAt`).
  const data = members.data;
  const withData = data !== null && typeof data === 'object';
  let out: Map<string, unknown> | undefined;
  for (const plain of plains) {
    const value = members[plain.fieldName];
    const plainly =
      value === null ||
      value === undefined ||
      (typeof value !== 'object' && typeof value !== 'function' && fits(plain.scalar, value));
    if (plainly && !(withData && plain.reads !== undefined)) continue;
    let shown: unknown;
    try {
      shown = settleLeaf(value, parent, plain.reads, plain);
    } catch (error) {
      shown = error;
    }
    if (shown === value) continue;
    out ??= new Map();
    out.set(plain.fieldName, shown);
  }
  return out;
}

/** Where a view keeps what it views. */
const TARGET = Symbol('target');

/** `target`, each member `shown` names reading as given. */
function view(target: object, shown: ReadonlyMap<string, unknown>): object {
  return new Proxy(target, {
    get: (of, key) =>
      key === TARGET
        ? of
        : typeof key === 'string' && shown.has(key)
          ? shown.get(key)
          : Reflect.get(of, key),
  });
}

/** The object a parent value views, or the value itself: what a wrapped field's resolver reads. */
export function targetOf(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  return (value as { [TARGET]?: object })[TARGET] ?? value;
}

/**
 * `value`, an object of `type`, as its plain fields `names` are to read it: itself, or a view of
 * it in which each of them that would read damage (or a leaf its type cannot show) reads what the
 * field answers instead. For every value handed to the fields of an object: by the fields that
 * return it (`handedOn`), and where address-first or federation hand on a body read later.
 */
export function asParent(
  value: unknown,
  type: GraphQLObjectType,
  names: ReadonlySet<string> | readonly string[],
): unknown {
  return shownTo(value, plainsAmong(type, names));
}

/** `value` as the plain fields `plains` are to read it (see `asParent`). */
function shownTo(value: unknown, plains: readonly Plain[]): unknown {
  if (plains.length === 0 || value === null || typeof value !== 'object') return value;
  if (value instanceof Error || value instanceof RawValue) return value;
  const target = targetOf(value) as object;
  const shown = corrections(target, plains);
  return shown ? view(target, shown) : target;
}

/**
 * A field's settled value as it is handed on to the fields of its objects (`asParent`), for the
 * plain fields its query selects on them.
 */
export function handedOn(
  value: unknown,
  shape: FieldShape,
  context: GatewayContext,
  info: GraphQLResolveInfo,
): unknown {
  if (shape.item !== 'object' && shape.item !== 'abstract') return value;
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value) && value.length === 0) return value;
  const show = showing(context, info);
  if (!show) return value;
  return shape.lists > 0 ? mapItems(value, shape.lists, show) : show(value);
}

/** How a field hands on the objects it returns (see `showing`). */
type Show = (value: unknown) => unknown;

/**
 * How a field returning objects hands them on, as the plain fields its query selects on them are
 * to read them (`asParent`); undefined when none is selected.
 */
function showing(context: GatewayContext, info: GraphQLResolveInfo): Show | undefined {
  const named = getNamedType(info.returnType);
  if (isObjectType(named)) {
    if (plainsOf(named).length === 0) return undefined;
    const plains = plainsAmong(named, selectedFields(info, named.name));
    return plains.length === 0 ? undefined : (value) => shownTo(value, plains);
  }
  if (!isAbstractType(named) || !named.resolveType) return undefined;
  const resolveType = named.resolveType;
  return (value) => {
    if (value === null || typeof value !== 'object') return value;
    if (value instanceof Error || value instanceof RawValue) return value;
    // The type it is known as, as execution resolves it next (which reports a failure).
    const shownAs = (name: unknown) => {
      const type = typeof name === 'string' ? info.schema.getType(name) : undefined;
      if (!isObjectType(type) || plainsOf(type).length === 0) return value;
      return asParent(value, type, selectedFields(info, type.name));
    };
    let resolved: unknown;
    try {
      resolved = resolveType(value, context, info, named);
    } catch {
      return value;
    }
    return isThenable(resolved)
      ? Promise.resolve(resolved).then(shownAs, () => value)
      : shownAs(resolved);
  };
}
