import { readdirSync, readFileSync } from 'node:fs';
import { buildSchema, GraphQLSchema, parse, printSchema, validate } from 'graphql';
import { expect, it } from 'vitest';
import { servedSdl } from '../../scripts/served-schema.ts';
import { schema } from '../../src/gateway/schema/index.ts';

const committed = readFileSync(new URL('../../schema/schema.graphql', import.meta.url), 'utf8');

it('schema/schema.graphql is the schema /graphql serves, by introspection (run `npm run schema`)', async () => {
  expect(committed).toBe(await servedSdl());
});

it('is the code-first schema plus the @defer and @stream the server adds', () => {
  const printed = buildSchema(committed);
  expect(printed.getDirective('defer')?.locations).toEqual(['FRAGMENT_SPREAD', 'INLINE_FRAGMENT']);
  expect(printed.getDirective('stream')?.args.map((a) => a.name)).toEqual([
    'if',
    'label',
    'initialCount',
  ]);
  const config = printed.toConfig();
  const withoutThem = new GraphQLSchema({
    ...config,
    directives: config.directives.filter((d) => d.name !== 'defer' && d.name !== 'stream'),
  });
  expect(printSchema(withoutThem)).toBe(printSchema(schema));
});

it("validates the client's operations (with @defer) against the committed file", () => {
  const folder = new URL('../../src/client/operations/', import.meta.url);
  const files = readdirSync(folder).filter((name) => name.endsWith('.graphql'));
  const source = files.map((name) => readFileSync(new URL(name, folder), 'utf8')).join('\n');
  expect(source).toMatch(/@defer/);
  const errors = validate(buildSchema(committed), parse(source)).map((e) => e.message);
  expect(errors).toEqual([]);
});

it('validates an operation streaming a connection against the committed file', () => {
  const streamed = parse(`query Streamed($id: ID!) {
    space(id: $id) { changeRequests(first: 10) { nodes @stream(initialCount: 1) { id } } }
  }`);
  expect(validate(buildSchema(committed), streamed).map((e) => e.message)).toEqual([]);
});
