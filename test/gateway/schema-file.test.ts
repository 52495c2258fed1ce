import { readFileSync } from 'node:fs';
import { printSchema } from 'graphql';
import { expect, it } from 'vitest';
import { schema } from '../../src/gateway/schema/index.ts';

it('schema/schema.graphql is the schema printed from the code (run `npm run schema`)', () => {
  const committed = readFileSync(new URL('../../schema/schema.graphql', import.meta.url), 'utf8');
  expect(committed).toBe(`${printSchema(schema)}\n`);
});
