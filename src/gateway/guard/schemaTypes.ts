import {
  type GraphQLField,
  type GraphQLNamedType,
  type GraphQLObjectType,
  type GraphQLSchema,
  isInterfaceType,
  isListType,
  isNonNullType,
  isObjectType,
} from 'graphql';
import { declaredEmbedded, isAddressField } from '../plugins/fieldFacts.ts';
import { decodeGlobalIdLenient } from '../resources/globalId.ts';
import { resourceOf } from '../resources/resource.ts';
import { embeddedKeys } from './embedded.ts';

// What the estimate asks of the schema: kinds of fields and types, and the types of global IDs.

/**
 * True when `field` returns objects embedded in its parent's answer (copies, not addresses): a
 * resource's field whose contract holds an object under that name, or a field of a value type
 * (a list item that is no resource) declaring `embedded: true`.
 */
export function embedded(type: GraphQLObjectType, field: GraphQLField<unknown, unknown>): boolean {
  return declaredEmbedded(field) || embeddedKeys(type.name, field.name) !== undefined;
}

/** True when `type` is a resource's and `field` is answered from its address alone. */
export function fromAddress(
  type: GraphQLObjectType,
  field: GraphQLField<unknown, unknown>,
): boolean {
  return resourceOf(type.name) !== undefined && isAddressField(field);
}

export function isConnection(type: GraphQLNamedType): type is GraphQLObjectType {
  return isObjectType(type) && type.name.endsWith('Connection') && 'edges' in type.getFields();
}

export function isNode(schema: GraphQLSchema, type: GraphQLNamedType): boolean {
  const node = schema.getType('Node');
  if (!node || !isInterfaceType(node)) return false;
  if (isObjectType(type)) return type.getInterfaces().includes(node);
  return false;
}

export function isListField(field: GraphQLField<unknown, unknown>): boolean {
  const type = isNonNullType(field.type) ? field.type.ofType : field.type;
  return isListType(type);
}

/** The object type and address a global ID names, when it names a Node type (read leniently). */
export function nodeOfGlobalId(
  schema: GraphQLSchema,
  value: unknown,
): { typename: string; id: string; type: GraphQLObjectType } | undefined {
  const decoded = decodeGlobalIdLenient(value);
  if (!decoded) return undefined;
  const type = schema.getType(decoded.typename);
  if (!type || !isObjectType(type) || !isNode(schema, type)) return undefined;
  return { ...decoded, type };
}
