import { readFileSync } from 'node:fs';
import { parse, validate } from 'graphql';
import { expect, it } from 'vitest';
import { schema } from '../../src/gateway/schema/index.ts';
import { EXAMPLE_QUERY } from '../../src/gateway/yoga.ts';

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
const blocks = [...readme.matchAll(/```graphql\n([\s\S]*?)```/g)].map((m) => m[1] ?? '');

it('the README shows GraphQL examples', () => {
  expect(blocks.length).toBeGreaterThanOrEqual(2);
});

it.each(blocks.map((block, i) => [i, block]))(
  'README example %i is valid against the schema',
  (_i, block) => {
    // A block may hold several anonymous operations; each is checked alone.
    const operations = String(block)
      .split(/\n(?=mutation |query |\{)/)
      .map((op) => op.trim())
      .filter(Boolean);
    for (const operation of operations) {
      expect(validate(schema, parse(operation)).map((e) => e.message)).toEqual([]);
    }
  },
);

it('the GraphiQL example query is valid against the schema', () => {
  expect(validate(schema, parse(EXAMPLE_QUERY)).map((e) => e.message)).toEqual([]);
});
