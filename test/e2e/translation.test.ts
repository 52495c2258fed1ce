import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2EStack, startE2E } from '../support/gateway.ts';
import { firstOrganizationId, httpCalls } from '../support/graph.ts';
import { globalId, toRestId } from '../support/ids.ts';

const spaceGid = (id: string | undefined) => globalId('Space', id ?? '');

let e2e: E2EStack;
let orgId: string;
/** The organization's REST id (its global ID's local part). */
const restOrg = () => toRestId(orgId, 'Organization');

const doc = (text: string) => ({
  object: 'document',
  data: {},
  nodes: [
    {
      object: 'block',
      type: 'paragraph',
      nodes: [{ object: 'text', leaves: [{ object: 'leaf', text, marks: [] }] }],
    },
  ],
});

interface TranslationNode {
  id: string;
  status: string;
  language: string;
  source: { space: string; language: string };
  result: { space: string; revision: string } | null;
  stats: { runs: number | null } | null;
  sourceSpace: { id: string; title?: string } | null;
  resultSpace: { id: string; title?: string; language?: string } | null;
}

beforeAll(async () => {
  e2e = await startE2E();
  orgId = await firstOrganizationId(e2e);
});
afterAll(() => e2e.close());

async function translations(): Promise<TranslationNode[]> {
  const { body } = await e2e.gql(
    `query($org: ID!) { organization(id: $org) { translations(first: 20) { totalCount nodes {
      id status language source { space language } instructions result { space revision }
      createdAt updatedAt urls { location } permissions { view edit }
      stats { runs totalWords totalPages totalDuration latestRunDuration latestPages latestWords }
      organization { id } sourceSpace { id title } resultSpace { id title language } } } } }`,
    { org: orgId },
  );
  expect(body.errors).toBeUndefined();
  return (body.data as { organization: { translations: { nodes: TranslationNode[] } } })
    .organization.translations.nodes;
}

describe('translations through the graph', () => {
  it('lists the demo translations with their source and result spaces', async () => {
    const nodes = await translations();
    expect(nodes.length).toBe(2);
    const completed = nodes.find((n) => n.status === 'COMPLETED');
    const pending = nodes.find((n) => n.status === 'PENDING');
    expect(completed?.result).not.toBeNull();
    expect(completed?.resultSpace?.id).toBe(spaceGid(completed?.result?.space));
    expect(completed?.resultSpace?.language).toBe(completed?.language);
    expect(completed?.sourceSpace?.id).toBe(spaceGid(completed?.source.space));
    expect(completed?.sourceSpace?.title).toBe('Getting Started');
    expect(completed?.stats?.runs).toBe(1);
    expect(pending?.result).toBeNull();
    expect(pending?.resultSpace).toBeNull();
  });

  it('sourceSpace { id } costs no upstream call beyond the translation itself', async () => {
    const [first] = await translations();
    const { body } = await e2e.gql(
      'query($id: ID!) { node(id: $id) { ... on Translation { sourceSpace { id } } } }',
      { id: first?.id },
      { debug: true },
    );
    expect((body.data as { node: { sourceSpace: { id: string } } }).node.sourceSpace.id).toBe(
      spaceGid(first?.source.space),
    );
    expect(httpCalls(body)).toHaveLength(1);
  });

  it('create, update instructions, run until completed, resultSpace has the pages, delete', async () => {
    const source = (await translations())[0]?.source.space as string;
    const created = await e2e.gql(
      `mutation($input: CreateTranslationInput!) { createTranslation(input: $input) {
        __typename ... on TranslationPayload { translation { id status language sourceSpace { id } } } } }`,
      {
        input: {
          organizationId: orgId,
          sourceSpaceId: source,
          language: 'ja',
          instructions: doc('Polite form.'),
        },
      },
    );
    expect(created.body.errors).toBeUndefined();
    const tr = (created.body.data as { createTranslation: { translation: TranslationNode } })
      .createTranslation.translation;
    expect(tr).toMatchObject({
      status: 'PENDING',
      language: 'ja',
      sourceSpace: { id: spaceGid(source) },
    });

    const updated = await e2e.gql(
      `mutation($input: UpdateTranslationInstructionsInput!) { updateTranslationInstructions(input: $input) {
        __typename ... on TranslationPayload { translation { instructions } } } }`,
      { input: { translationId: tr.id, instructions: doc('Casual form.') } },
    );
    expect(JSON.stringify(updated.body.data)).toContain('Casual form.');

    const run = await e2e.gql(
      `mutation($input: RunTranslationInput!) { runTranslation(input: $input) {
        __typename ... on TranslationPayload { translation { id } } } }`,
      { input: { translationId: tr.id } },
    );
    expect(run.body.data).toEqual({
      runTranslation: { __typename: 'TranslationPayload', translation: { id: tr.id } },
    });

    let status = '';
    type Polled = {
      status: string;
      result: { space: string } | null;
      resultSpace: { id: string; language: string } | null;
    };
    let node: Polled | null = null;
    for (let i = 0; i < 50 && status !== 'COMPLETED'; i++) {
      const { body } = await e2e.gql(
        'query($id: ID!) { node(id: $id) { ... on Translation { status result { space } resultSpace { id language } } } }',
        { id: tr.id },
      );
      node = (body.data as { node: Polled }).node;
      status = node?.status ?? '';
      if (status !== 'COMPLETED') await new Promise((r) => setTimeout(r, 100));
    }
    expect(status).toBe('COMPLETED');
    expect(node?.resultSpace?.language).toBe('ja');

    // The result space holds copies of the source's pages (the embedded run does not translate).
    const pages = await e2e.gql(
      `query($id: ID!) { node(id: $id) { ... on Translation {
        sourceSpace { pages { title } } resultSpace { pages { title } } } } }`,
      { id: tr.id },
    );
    expect(pages.body.errors).toBeUndefined();
    const spaces = (
      pages.body.data as {
        node: { sourceSpace: { pages: Array<{ title: string }> }; resultSpace: { pages: unknown } };
      }
    ).node;
    expect(spaces.sourceSpace.pages.length).toBeGreaterThan(0);
    expect(spaces.resultSpace.pages).toEqual(spaces.sourceSpace.pages);

    const del = await e2e.gql(
      `mutation($input: DeleteTranslationInput!) { deleteTranslation(input: $input) {
        __typename ... on DeleteTranslationPayload { deletedId } } }`,
      { input: { translationId: tr.id } },
    );
    expect(del.body.data).toEqual({
      deleteTranslation: { __typename: 'DeleteTranslationPayload', deletedId: tr.id },
    });
    const gone = await e2e.gql('query($id: ID!) { node(id: $id) { id } }', { id: tr.id });
    expect((gone.body.data as { node: unknown }).node).toBeNull();
  });

  it('invalid input is a ValidationError with zero upstream calls', async () => {
    const { body } = await e2e.gql(
      `mutation($input: CreateTranslationInput!) { createTranslation(input: $input) {
        __typename ... on ValidationError { fieldErrors { path } } } }`,
      { input: { organizationId: orgId, sourceSpaceId: 'x', language: 'klingon' } },
      { debug: true },
    );
    expect(body.data).toEqual({
      createTranslation: { __typename: 'ValidationError', fieldErrors: [{ path: ['language'] }] },
    });
    expect(httpCalls(body)).toHaveLength(0);
  });

  it('a lower role gets ForbiddenError; an unknown translation NotFoundError', async () => {
    const [first] = await translations();
    const forbidden = await e2e.gql(
      'mutation($input: RunTranslationInput!) { runTranslation(input: $input) { __typename } }',
      { input: { translationId: first?.id } },
      { as: 'edit' },
    );
    expect(forbidden.body.data).toEqual({ runTranslation: { __typename: 'ForbiddenError' } });
    const missing = globalId('Translation', `${restOrg()}/nope`);
    const notFound = await e2e.gql(
      'mutation($input: RunTranslationInput!) { runTranslation(input: $input) { __typename } }',
      { input: { translationId: missing } },
    );
    expect(notFound.body.data).toEqual({ runTranslation: { __typename: 'NotFoundError' } });
  });
});
