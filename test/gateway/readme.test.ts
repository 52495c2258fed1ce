import { readdirSync, readFileSync } from 'node:fs';
import { extendSchema, parse, print, validate } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '../../src/gateway/schema/index.ts';
import { EXAMPLE_QUERY } from '../../src/gateway/yoga.ts';
import { type E2EStack, startE2E } from '../support/gateway.ts';

// The README and every page of docs/: their GraphQL examples must hold against the schema as
// served, with the `@defer` and `@stream` directives Yoga's plugin adds.
const served = extendSchema(
  schema,
  parse(`
    directive @defer(label: String, if: Boolean! = true) on FRAGMENT_SPREAD | INLINE_FRAGMENT
    directive @stream(label: String, if: Boolean! = true, initialCount: Int = 0) on FIELD
  `),
);
const root = new URL('../../', import.meta.url);
const files = [
  'README.md',
  ...readdirSync(new URL('docs/', root))
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => `docs/${name}`),
];
const text = (file: string) => readFileSync(new URL(file, root), 'utf8');
const fenced = (file: string, lang: string) =>
  [...text(file).matchAll(new RegExp(`\`\`\`${lang}\\n([\\s\\S]*?)\`\`\``, 'g'))].map(
    (m) => m[1] ?? '',
  );
const blocks = files.flatMap((file) =>
  fenced(file, 'graphql').map((block, i) => [file, i, block] as const),
);

it('the README shows a GraphQL example', () => {
  expect(fenced('README.md', 'graphql').length).toBeGreaterThanOrEqual(1);
});

it('the docs show GraphQL examples', () => {
  expect(blocks.filter(([file]) => file !== 'README.md').length).toBeGreaterThanOrEqual(2);
});

it.each(blocks)('%s example %i is valid against the schema', (_file, _i, block) => {
  // A block may hold several anonymous operations; each is checked alone.
  const operations = block
    .split(/\n(?=mutation |query |\{)/)
    .map((op) => op.trim())
    .filter(Boolean);
  for (const operation of operations) {
    expect(validate(served, parse(operation)).map((e) => e.message)).toEqual([]);
  }
});

it('the GraphiQL example query is valid against the schema', () => {
  expect(validate(schema, parse(EXAMPLE_QUERY)).map((e) => e.message)).toEqual([]);
});

describe("the README's nested query", () => {
  const query = fenced('README.md', 'graphql')[0] ?? '';
  let e2e: E2EStack;

  beforeAll(async () => {
    e2e = await startE2E();
  });

  afterAll(async () => {
    await e2e?.close();
  });

  it('is the query its curl command sends', () => {
    const curl = fenced('README.md', 'sh').find((block) => block.includes('curl'));
    const body = curl?.match(/-d '(\{.*\})'/)?.[1];
    expect(body).toMatch(/^\{"query":"query Dashboard \{ .* \}"\}$/);
    const sent = (JSON.parse(body ?? '{}') as { query: string }).query;
    expect(print(parse(sent))).toBe(print(parse(query)));
  });

  it('answers the demo data the README shows', async () => {
    const shown = JSON.parse(fenced('README.md', 'json')[0] ?? '{}') as { data: unknown };
    const { status, body } = await e2e.gql(query);
    expect(status).toBe(200);
    expect(body.errors).toBeUndefined();
    expect(body.data).toEqual(shown.data);
    // The sentence before the answer names every extension the live answer carries.
    const readme = text('README.md');
    const before = readme.slice(0, readme.indexOf('```json')).trimEnd();
    const sentence = before.slice(before.lastIndexOf('\n\n'));
    const extensions = Object.keys((body as { extensions?: object }).extensions ?? {});
    expect(extensions.length).toBeGreaterThan(0);
    for (const key of extensions) expect(sentence).toContain(`\`extensions.${key}\``);
  });
});
