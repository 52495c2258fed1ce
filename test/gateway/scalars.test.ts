import { type GraphQLScalarType, isScalarType } from 'graphql';
import { DateTimeResolver } from 'graphql-scalars';
import { describe, expect, it } from 'vitest';
import { schema } from '../../src/gateway/schema/index.ts';

const dateTime = schema.getType('DateTime') as GraphQLScalarType;

/** What a value becomes in a JSON answer. */
const json = (value: unknown) => JSON.parse(JSON.stringify({ value })).value;

describe('DateTime', () => {
  it('is a scalar of the schema', () => {
    expect(isScalarType(dateTime)).toBe(true);
  });

  it('sends the upstream form as it came, as graphql-scalars would write it', () => {
    for (const value of [
      '2025-10-22T00:54:33.953Z',
      '2024-02-29T23:59:59.999Z',
      '2000-02-29T00:00:00.000Z',
      '2025-12-31T00:00:00.000Z',
    ]) {
      expect(dateTime.serialize(value)).toBe(value);
      expect(json(DateTimeResolver.serialize(value))).toBe(value);
    }
  });

  it('writes every other form as graphql-scalars does', () => {
    for (const value of [
      '2025-10-22T00:54:33Z',
      '2025-10-22T02:54:33.953+02:00',
      '2025-10-22T00:54:33.9Z',
      new Date('2025-10-22T00:54:33.953Z'),
      1_761_094_473_953,
    ]) {
      expect(json(dateTime.serialize(value))).toBe(json(DateTimeResolver.serialize(value)));
    }
  });

  it('refuses what graphql-scalars refuses, in the upstream form too', () => {
    // 30 February: `Date` would roll it over to 2 March.
    for (const value of [
      '2025-02-30T00:00:00.000Z',
      '2025-02-29T00:00:00.000Z',
      '1900-02-29T00:00:00.000Z',
      '2025-13-01T00:00:00.000Z',
      '2025-04-31T00:00:00.000Z',
      '2025-01-01T24:00:00.000Z',
      '2025-01-01T23:60:00.000Z',
      'yesterday',
    ]) {
      expect(() => dateTime.serialize(value), value).toThrow(/DateTime cannot represent/);
    }
  });
});
