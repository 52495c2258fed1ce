import {
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isObjectType,
  isSpecifiedScalarType,
} from 'graphql';
import { expect, it } from 'vitest';
import { schema } from '../../src/gateway/schema/index.ts';

it('every public type, field, argument and enum value has a description (GraphiQL shows them)', () => {
  const missing: string[] = [];
  for (const type of Object.values(schema.getTypeMap())) {
    if (type.name.startsWith('__') || isSpecifiedScalarType(type)) continue;
    if (!type.description) missing.push(type.name);
    if (isObjectType(type) || isInterfaceType(type) || isInputObjectType(type)) {
      for (const field of Object.values(type.getFields())) {
        if (!field.description) missing.push(`${type.name}.${field.name}`);
        if ('args' in field) {
          for (const arg of field.args) {
            if (!arg.description) missing.push(`${type.name}.${field.name}(${arg.name})`);
          }
        }
      }
    }
    if (isEnumType(type)) {
      for (const value of type.getValues()) {
        if (!value.description) missing.push(`${type.name}.${value.name}`);
      }
    }
  }
  expect(missing).toEqual([]);
});
