import { type FieldNode, type GraphQLResolveInfo, Kind, type SelectionSetNode } from 'graphql';

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
