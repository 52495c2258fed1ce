import {
  type FieldNode,
  type GraphQLResolveInfo,
  getNamedType,
  Kind,
  type SelectionSetNode,
} from 'graphql';
import { resourceOf } from './resources/resource.ts';

function collect(info: GraphQLResolveInfo, set: SelectionSetNode | undefined, into: Set<string>) {
  if (!set) return;
  for (const selection of set.selections) {
    if (selection.kind === Kind.FIELD) into.add(selection.name.value);
    else if (selection.kind === Kind.INLINE_FRAGMENT) collect(info, selection.selectionSet, into);
    else collect(info, info.fragments[selection.name.value]?.selectionSet, into);
  }
}

// graphql-js hands every item of a list the same `fieldNodes` array, so a walk serves them all.
const walked = new WeakMap<readonly FieldNode[], Set<string>>();

/** Names of the fields selected on the value this resolver returns (fragments included). */
export function selectedFields(info: GraphQLResolveInfo): Set<string> {
  const cached = walked.get(info.fieldNodes);
  if (cached) return cached;
  const fields = new Set<string>();
  for (const node of info.fieldNodes as FieldNode[]) collect(info, node.selectionSet, fields);
  walked.set(info.fieldNodes, fields);
  return fields;
}

/**
 * A reference to another object: when the query selects only fields already known (`id` and
 * what `stub` carries), the stub is returned and no upstream call is made; otherwise the key,
 * which the type's loader fetches (once per request).
 */
export function reference<T extends object>(
  info: GraphQLResolveInfo,
  key: string,
  stub: T,
): string | T {
  // Objects of a described resource resolve to their address: the key alone costs nothing.
  if (resourceOf(getNamedType(info.returnType).name)) return key;
  const known = new Set(['__typename', 'id', ...Object.keys(stub)]);
  for (const field of selectedFields(info)) if (!known.has(field)) return key;
  return stub;
}
