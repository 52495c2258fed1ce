import SchemaBuilder, {
  BasePlugin,
  type FieldNullability,
  type InputFieldMap,
  type PothosOutputFieldConfig,
  type SchemaTypes,
  type TypeParam,
} from '@pothos/core';
import type { GraphQLField } from 'graphql';
import type { FieldCost } from '../guard/costs.ts';

/**
 * What a field states about itself where it is defined, besides its type and resolver: what the
 * address-first resolution, the cost estimate and federation need to know of it. Each is an
 * option of every field (`t.field({ ..., address: true, cost: { calls: 1 } })`), kept in the
 * built schema's field `extensions` under the same name and read back from there.
 */
export interface FieldFacts {
  /**
   * The field is answered from its parent's address alone (the id, a child list, an object
   * addressed under it): it never waits for the parent's body, and an object whose query asks
   * for it is not read before its fields run.
   */
  address?: boolean;
  /**
   * The upstream calls the field makes and how its lists multiply, where the default of its
   * return type does not hold (see `guard/costs.ts`).
   */
  cost?: FieldCost;
  /**
   * The field returns copies embedded in its parent's answer (items of a value type, no resource
   * of their own): they cost no call.
   */
  embedded?: boolean;
}

const FACTS = ['address', 'cost', 'embedded'] as const satisfies readonly (keyof FieldFacts)[];

/** A field with its extensions: one of a built schema, or one being built (its Pothos config). */
interface WithExtensions {
  readonly name: string;
  readonly extensions?: Readonly<Record<string, unknown>> | null | undefined;
}

/** True when `field` is answered from its parent's address: `id` always is, or it says so. */
export function isAddressField(field: WithExtensions | undefined): boolean {
  return field !== undefined && (field.name === 'id' || field.extensions?.address === true);
}

/** The cost `field` of a built schema declares, if any. */
export function declaredCost(field: GraphQLField<unknown, unknown>): FieldCost | undefined {
  return field.extensions?.cost as FieldCost | undefined;
}

/** True when `field` of a built schema declares that it returns copies embedded in its parent. */
export function declaredEmbedded(field: GraphQLField<unknown, unknown>): boolean {
  return field.extensions?.embedded === true;
}

/** Copies the facts a field's options state into its `extensions`, where the schema keeps them. */
export class FieldFactsPlugin<Types extends SchemaTypes> extends BasePlugin<Types> {
  override onOutputFieldConfig(
    fieldConfig: PothosOutputFieldConfig<Types>,
  ): PothosOutputFieldConfig<Types> {
    const options = fieldConfig.pothosOptions as FieldFacts;
    const stated = FACTS.filter((fact) => options[fact] !== undefined);
    if (stated.length === 0) return fieldConfig;
    const extensions: Record<string, unknown> = { ...fieldConfig.extensions };
    for (const fact of stated) extensions[fact] = options[fact];
    return { ...fieldConfig, extensions };
  }
}

export const fieldFactsPluginName = 'fieldFacts' as const;
SchemaBuilder.registerPlugin(fieldFactsPluginName, FieldFactsPlugin);

declare global {
  export namespace PothosSchemaTypes {
    export interface Plugins<Types extends SchemaTypes> {
      fieldFacts: FieldFactsPlugin<Types>;
    }
    export interface FieldOptions<
      Types extends SchemaTypes = SchemaTypes,
      ParentShape = unknown,
      Type extends TypeParam<Types> = TypeParam<Types>,
      Nullable extends FieldNullability<Type> = FieldNullability<Type>,
      Args extends InputFieldMap = InputFieldMap,
      ResolveShape = unknown,
      ResolveReturnShape = unknown,
    > {
      /** Answered from the parent's address alone (see `FieldFacts`). */
      address?: boolean;
      /** Its upstream calls, where its return type's default does not hold (see `FieldFacts`). */
      cost?: FieldCost;
      /** Returns copies embedded in its parent's answer (see `FieldFacts`). */
      embedded?: boolean;
    }
  }
}
