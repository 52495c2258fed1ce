import SchemaBuilder, {
  BasePlugin,
  type PothosOutputFieldConfig,
  type PothosOutputFieldType,
  type SchemaTypes,
} from '@pothos/core';

/**
 * Honest nullability: a field of the graph is non-null only where the gateway can guarantee its
 * value whatever the upstream answers. Every field of an object or interface type is made
 * nullable (lists and their items too), except:
 * - IDs (global IDs are computed from addresses; `__typename` is not a field here);
 * - the machinery of connections (`edges`, `nodes`, `pageInfo`, cursors), but not `totalCount`
 *   or `stats`, which the upstream sends;
 * - contract errors of mutations (`Error` and its types), which the gateway makes;
 * - the values computed from where an object was fetched (`COMPUTED`).
 * Root fields keep their own nullability.
 */

/** Types whose every field the gateway computes. */
const GATEWAY_TYPES = new Set([
  'PageInfo',
  'Error',
  'ValidationError',
  'NotFoundError',
  'ForbiddenError',
  'ConflictError',
  'FieldError',
]);

/** Fields computed from the address an object was fetched from, not read from its body. */
const COMPUTED = new Set([
  'Comment.space',
  'CommentReply.space',
  'CommentReply.comment',
  'AgentInstructions.organization',
  'DeletedInOrganizationPayload.organization',
]);

/** Connection and edge types, and the fields of theirs the gateway computes. */
const CONNECTION = /(Connection|Edge)$/;
const CONNECTION_FIELDS = new Set(['edges', 'nodes', 'pageInfo', 'cursor', 'node']);

function isId<Types extends SchemaTypes>(type: PothosOutputFieldType<Types>): boolean {
  if (type.kind !== 'Scalar') return false;
  const ref = type.ref as unknown;
  return (typeof ref === 'string' ? ref : (ref as { name?: string }).name) === 'ID';
}

function nullable<Types extends SchemaTypes>(
  type: PothosOutputFieldType<Types>,
): PothosOutputFieldType<Types> {
  if (type.kind === 'List') return { ...type, nullable: true, type: nullable(type.type) };
  return { ...type, nullable: true };
}

/** Whether the graph keeps a field non-null (see the file's comment). */
export function keepsNonNull(parentType: string, field: string, isIdField: boolean): boolean {
  if (isIdField || GATEWAY_TYPES.has(parentType)) return true;
  if (COMPUTED.has(`${parentType}.${field}`)) return true;
  return CONNECTION.test(parentType) && CONNECTION_FIELDS.has(field);
}

export class NullabilityPlugin<Types extends SchemaTypes> extends BasePlugin<Types> {
  override onOutputFieldConfig(
    fieldConfig: PothosOutputFieldConfig<Types>,
  ): PothosOutputFieldConfig<Types> {
    if (fieldConfig.kind !== 'Object' && fieldConfig.kind !== 'Interface') return fieldConfig;
    if (keepsNonNull(fieldConfig.parentType, fieldConfig.name, isId(fieldConfig.type))) {
      return fieldConfig;
    }
    return { ...fieldConfig, type: nullable(fieldConfig.type) };
  }
}

export const nullabilityPluginName = 'honestNullability' as const;
SchemaBuilder.registerPlugin(nullabilityPluginName, NullabilityPlugin);

declare global {
  export namespace PothosSchemaTypes {
    export interface Plugins<Types extends SchemaTypes> {
      honestNullability: NullabilityPlugin<Types>;
    }
  }
}
