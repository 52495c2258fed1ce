import { readFileSync } from 'node:fs';
import { buildSchema, GraphQLSchema, printSchema } from 'graphql';
import { expect, it } from 'vitest';
import { subgraph } from '../../src/gateway/federation/schema.ts';
import { schema } from '../../src/gateway/schema/index.ts';

it('schema/subgraph.graphql is the subgraph SDL printed from the code (run `npm run schema`)', () => {
  const committed = readFileSync(new URL('../../schema/subgraph.graphql', import.meta.url), 'utf8');
  expect(committed).toBe(`${subgraph().sdl}\n`);
});

it('leaves the standalone schema as it is: no federation field or type in it', () => {
  subgraph();
  const printed = printSchema(schema);
  // The committed file is the served schema: the code's, plus the @defer and @stream it serves.
  const served = buildSchema(
    readFileSync(new URL('../../schema/schema.graphql', import.meta.url), 'utf8'),
  ).toConfig();
  const directives = served.directives.filter((d) => d.name !== 'defer' && d.name !== 'stream');
  expect(printSchema(new GraphQLSchema({ ...served, directives }))).toBe(printed);
  for (const name of ['_entities', '_service', '_Any', '_Entity', 'restId']) {
    expect(printed).not.toContain(name);
  }
  expect(subgraph().sdl).toContain('restId: ID!');
});
