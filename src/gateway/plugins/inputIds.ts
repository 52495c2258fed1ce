import SchemaBuilder, {
  BasePlugin,
  type PothosOutputFieldConfig,
  type SchemaTypes,
} from '@pothos/core';
import {
  type GraphQLFieldResolver,
  type GraphQLInputType,
  getNullableType,
  isInputObjectType,
  isListType,
  isScalarType,
} from 'graphql';
import { DEFAULT_HTTP_LIMITS, tooDeep } from '../../http/limits.ts';
import { type FieldError, ValidationError } from '../errors.ts';
import { DEFAULT_DOCUMENT_LIMITS } from '../guard/limits.ts';

function idProblems(
  type: GraphQLInputType,
  value: unknown,
  path: string[],
  out: FieldError[],
  jsonDepth = DEFAULT_HTTP_LIMITS.jsonDepth,
  idLength = DEFAULT_DOCUMENT_LIMITS.idLength,
) {
  if (value === null || value === undefined) return;
  const nullable = getNullableType(type);
  if (isListType(nullable)) {
    if (Array.isArray(value)) {
      value.forEach((item, i) => {
        idProblems(nullable.ofType, item, [...path, String(i)], out, jsonDepth, idLength);
      });
    }
    return;
  }
  if (isInputObjectType(nullable)) {
    const record = value as Record<string, unknown>;
    for (const field of Object.values(nullable.getFields())) {
      idProblems(field.type, record[field.name], [...path, field.name], out, jsonDepth, idLength);
    }
    return;
  }
  // Deeper JSON would overflow the stack of whatever walks it next (zod, JSON.stringify).
  if (isScalarType(nullable) && nullable.name === 'JSON' && tooDeep(value, jsonDepth)) {
    out.push({ path, message: `nested deeper than ${jsonDepth} levels` });
  }
  if (isScalarType(nullable) && nullable.name === 'ID') {
    const id = String(value);
    if (id.trim() === '') out.push({ path, message: 'must not be empty' });
    else if (id.length > idLength) {
      out.push({ path, message: `at most ${idLength} characters` });
    }
  }
}

/**
 * Checks every `ID` of a mutation's input (non-empty, at most the gateway's `idLength`
 * characters) and the depth of its `JSON` values before its resolver runs, so such input answers
 * `ValidationError` and never reaches the upstream. Listed after the errors plugin, so the thrown
 * error becomes the typed result.
 */
export class InputIdsPlugin<Types extends SchemaTypes> extends BasePlugin<Types> {
  override wrapResolve(
    resolver: GraphQLFieldResolver<unknown, Types['Context'], object>,
    fieldConfig: PothosOutputFieldConfig<Types>,
  ): GraphQLFieldResolver<unknown, Types['Context'], object> {
    if (fieldConfig.parentType !== 'Mutation') return resolver;
    return (parent, args, context, info) => {
      const field = info.parentType.getFields()[info.fieldName];
      const problems: FieldError[] = [];
      for (const arg of field?.args ?? []) {
        const value = (args as Record<string, unknown>)[arg.name];
        const { jsonDepth, idLength } = context as { jsonDepth?: number; idLength?: number };
        const path = arg.name === 'input' ? [] : [arg.name];
        idProblems(arg.type, value, path, problems, jsonDepth, idLength);
      }
      if (problems.length > 0) throw ValidationError.fromFieldErrors(problems);
      return resolver(parent, args, context, info);
    };
  }
}

export const inputIdsPluginName = 'inputIds' as const;
SchemaBuilder.registerPlugin(inputIdsPluginName, InputIdsPlugin);

declare global {
  export namespace PothosSchemaTypes {
    export interface Plugins<Types extends SchemaTypes> {
      inputIds: InputIdsPlugin<Types>;
    }
  }
}
