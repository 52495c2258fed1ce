/**
 * Shared setup of the mutation contract table for the site, OpenAPI, conversation-insight and
 * translation mutations: rows per mutation — ValidationError with zero upstream HTTP calls,
 * NotFoundError (or success, for deletes of missing objects, by design: REST 204),
 * ForbiddenError for a lower-role demo user who can see the object — plus success rows with a
 * read-back through the graph where no other e2e test reads the new state back.
 *
 * Already covered elsewhere, referenced rather than duplicated:
 * - success of createSite/updateSite/deleteSite, addSiteSpace/removeSiteSpace/moveSiteSpace,
 *   addSiteSection/deleteSiteSection/moveSiteSection, createSiteSectionGroup/
 *   deleteSiteSectionGroup (test/e2e/site.test.ts); createOpenAPISpec, setOpenAPISpecVisibility,
 *   deleteOpenAPISpec (openapi.test.ts); ingestConversation, muteIssuesCluster
 *   (conversation.test.ts); createTranslation, runTranslation, deleteTranslation
 *   (translation.test.ts) — each with its state read back through the graph. (createSite still
 *   gets a row here, reading type, visibility and site spaces back by node.)
 * - An unknown id referenced in a body (not in the path), e.g. the space of addSiteSpace or the
 *   source space of createTranslation, is a 400 of the server by design, so a ValidationError
 *   after upstream calls: `missingReference` rows show it; the not-found rows use path objects.
 * - The conflicts the decisions page names (merge of a merged/archived change request, restore
 *   outside the window, a locked space for change request creation/merge/template) belong to no
 *   mutation of this table. The other 409s of these mutations are covered in site.test.ts
 *   (updateSite with a taken `basename`, updateSiteSection with a taken `path`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DemoPersona } from '../../../src/workspace/demo/users.ts';
import { type E2EStack, startE2E } from '../../support/gateway.ts';
import { type Data, graphHelpers, httpCalls, organizationIds } from '../../support/graph.ts';
import { addressId, globalId, toRestId } from '../../support/ids.ts';

export const MINE = [
  'createSite',
  'updateSite',
  'deleteSite',
  'publishSite',
  'unpublishSite',
  'putSiteAdaptiveSchema',
  'addSiteSpace',
  'updateSiteSpace',
  'removeSiteSpace',
  'moveSiteSpace',
  'addSiteSection',
  'updateSiteSection',
  'deleteSiteSection',
  'moveSiteSection',
  'createSiteSectionGroup',
  'updateSiteSectionGroup',
  'deleteSiteSectionGroup',
  'addSiteSectionToGroup',
  'removeSiteSectionFromGroup',
  'createOpenAPISpec',
  'createOrUpdateOpenAPISpec',
  'setOpenAPISpecVisibility',
  'deleteOpenAPISpec',
  'ingestConversation',
  'muteIssuesCluster',
  'unmuteIssuesCluster',
  'createTranslation',
  'updateTranslationInstructions',
  'runTranslation',
  'deleteTranslation',
] as const;
export type Mutation = (typeof MINE)[number];

/**
 * `validation`, `notFound` (or `deleteMissing`: a delete of a missing object succeeds) and
 * `forbidden` are the kinds every mutation must have (checked by the last test).
 */
export type Kind =
  | 'validation'
  | 'notFound'
  | 'deleteMissing'
  | 'forbidden'
  | 'success'
  | 'conflict'
  /** An unknown id referenced in the body (not the path): the server answers 400 by design. */
  | 'missingReference';
type Input = Record<string, unknown>;
// biome-ignore lint/suspicious/noExplicitAny: payloads are read loosely and checked by value
export type Result = Record<string, any>;

export interface Row {
  mutation: Mutation;
  kind: Kind;
  /** What the row shows (the test name). */
  name: string;
  /** The operation: the mutation with its typename, error fields and `select`. */
  query: string;
  /** Builds the `input` variable, creating in the test whatever the row needs. */
  variables: () => Promise<Input>;
  /** The demo persona that sends it (default admin). */
  as: DemoPersona;
  expect: {
    __typename: string;
    /** ValidationError: the field path (joined by `.`) that `fieldErrors` must name. */
    field?: string;
    /** ForbiddenError: an object the persona can read (node id), proving it is not hidden. */
    sees?: (input: Input) => string;
    /** Checks on the payload, and on the state read back through the graph afterwards. */
    after?: (result: Result, input: Input) => Promise<void> | void;
  };
  /** A gateway or server bug this row reveals: the row runs with `it.fails`. */
  bug?: string;
}

const ERROR_FIELDS =
  '__typename ... on Error { message } ... on ValidationError { fieldErrors { path message } }';

export const operation = (mutation: Mutation, select = '') =>
  `mutation($input: ${mutation[0]?.toUpperCase()}${mutation.slice(1)}Input!) {
    ${mutation}(input: $input) { ${ERROR_FIELDS} ${select} } }`;

export function row(r: Omit<Row, 'query' | 'as'> & { select?: string; as?: DemoPersona }): Row {
  const { select, as = 'admin', ...rest } = r;
  return { ...rest, as, query: operation(r.mutation, select) };
}

export let e2e: E2EStack;
export const { ok } = graphHelpers(() => e2e);

// ---- Demo data and fixtures -------------------------------------------------------------------

export let orgId: string;
/** The organization's REST id. */
export let org: string;
/** Spaces of the demo site "Acme Developer Docs" (global IDs). */
export let spaceIds: string[] = [];
export let demoSpecId: string;
export let demoTranslationId: string;
export let demoSourceSpace: string;
export let clusterId: string;

export const missingOrg = globalId('Organization', 'no-such-org');
export const missingSite = () => globalId('Site', addressId(org, 'no-such-site'));
const restOf = (id: string, typename: string) => toRestId(id, typename);
export const partId = (typename: string, siteId: string, id: string) =>
  globalId(typename, addressId(org, restOf(siteId, 'Site'), id));

let counter = 0;
export const unique = (prefix: string) => `${prefix}-${++counter}`;

export const doc = (text: string) => ({
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

/** Runs a setup mutation as admin and answers its payload (fails on any error result). */
export async function setup(mutation: Mutation, input: Input, select: string): Promise<Result> {
  const data = await ok<Record<string, Result>>(operation(mutation, select), { input });
  const result = data[mutation] as Result;
  expect(result.__typename, JSON.stringify(result)).not.toMatch(/Error$/);
  return result;
}

/** Reads one node through the graph as admin. */
export async function node(id: string, fields: string): Promise<Result | null> {
  const data = await ok<{ node: Result | null }>(
    `query($id: ID!) { node(id: $id) { ${fields} } }`,
    {
      id,
    },
  );
  return data.node;
}

export async function newSite(spaces: string[] = []): Promise<string> {
  const r = await setup(
    'createSite',
    { organizationId: orgId, title: unique('Matrix Site'), spaces },
    '... on SitePayload { site { id } }',
  );
  return r.site.id;
}

/** A site with two site spaces. */
export async function siteWithSpaces(): Promise<{ siteId: string; first: string; second: string }> {
  const siteId = await newSite(spaceIds.slice(0, 2));
  const list = (await node(siteId, '... on Site { siteSpaces { nodes { id } } }')) as Result;
  const [first, second] = list.siteSpaces.nodes.map((n: { id: string }) => n.id);
  return { siteId, first, second };
}

/** A site with two sections. */
export async function siteWithSections(): Promise<{ siteId: string; a: string; b: string }> {
  const siteId = await newSite();
  const add = async (spaceId: string | undefined, title: string) =>
    (
      await setup(
        'addSiteSection',
        { siteId, spaceId, title },
        '... on SiteSectionPayload { siteSection { id } }',
      )
    ).siteSection.id as string;
  return { siteId, a: await add(spaceIds[0], 'A'), b: await add(spaceIds[1], 'B') };
}

/** A site with two sections and a group holding the first. */
export async function siteWithGroup(): Promise<{
  siteId: string;
  a: string;
  b: string;
  g: string;
}> {
  const s = await siteWithSections();
  const g = await setup(
    'createSiteSectionGroup',
    { siteId: s.siteId, title: 'Group', icon: 'gear', sections: [s.a] },
    '... on SiteSectionGroupPayload { siteSectionGroup { id } }',
  );
  return { ...s, g: g.siteSectionGroup.id };
}

export const specURL = () => `${e2e.stack.url}/demo/openapi/acme-api.json`;

export async function newSpec(): Promise<string> {
  const r = await setup(
    'createOpenAPISpec',
    { organizationId: orgId, slug: unique('matrix-spec'), sourceURL: specURL() },
    '... on OpenAPISpecPayload { openAPISpec { id } }',
  );
  return r.openAPISpec.id;
}

/** Target languages not used yet for the source space (the server allows one per language). */
let freeLanguages: string[] = [];
export function nextLanguage(): string {
  const language = freeLanguages.shift();
  if (!language) throw new Error('out of free target languages');
  return language;
}

export async function newTranslation(language = nextLanguage()): Promise<string> {
  const r = await setup(
    'createTranslation',
    { organizationId: orgId, sourceSpaceId: demoSourceSpace, language },
    '... on TranslationPayload { translation { id } }',
  );
  return r.translation.id;
}

export const orgOf = () => orgId;

async function check(r: Row): Promise<void> {
  const input = await r.variables();
  const { status, body } = await e2e.gql(r.query, { input }, { as: r.as, debug: true });
  expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
  expect(status).toBe(200);
  const result = (body.data as Record<string, Result>)[r.mutation] as Result;
  expect(result.__typename, JSON.stringify(result)).toBe(r.expect.__typename);
  if (r.expect.field) {
    const paths = (result.fieldErrors as Array<{ path: string[] }>).map((e) => e.path.join('.'));
    expect(paths.length).toBeGreaterThan(0);
    expect(paths).toContain(r.expect.field);
  }
  if (r.kind === 'validation') {
    // The debug extension is present (so the count is real), and lists no HTTP call.
    expect(Array.isArray(body.extensions?.upstream)).toBe(true);
    expect(httpCalls(body)).toEqual([]);
  }
  if (r.expect.sees) {
    const id = r.expect.sees(input);
    const seen = await e2e.gql('query($id: ID!) { node(id: $id) { id } }', { id }, { as: r.as });
    expect(seen.body.errors, JSON.stringify(seen.body.errors)).toBeUndefined();
    expect((seen.body.data as { node: unknown }).node).toEqual({ id });
  }
  await r.expect.after?.(result, input);
}

/** Opens the embedded stack before a file's tests, reads the demo objects, closes it after them. */
function useMatrixStack(): void {
  beforeAll(async () => {
    e2e = await startE2E();
    const orgs = await organizationIds(e2e);
    orgId = orgs['Acme Docs'] as string;
    org = restOf(orgId, 'Organization');
    const data = await ok<{
      organization: {
        sites: { nodes: Array<{ title: string; siteSpaces: { nodes: Array<{ space: Data }> } }> };
        openAPISpec: { id: string };
        translations: {
          nodes: Array<{ id: string; language: string; source: { space: string } }>;
        };
        clusters: { nodes: Array<{ id: string; muted: boolean }> };
      };
    }>(
      `query($org: ID!) { organization(id: $org) {
        sites(first: 100) { nodes { title siteSpaces { nodes { space { id } } } } }
        openAPISpec(slug: "acme-api") { id }
        translations(first: 10) { nodes { id language source { space } } }
        clusters(first: 100) { nodes { id muted } } } }`,
      { org: orgId },
    );
    const o = data.organization;
    const docs = o.sites.nodes.find((s) => s.title === 'Acme Developer Docs');
    spaceIds = docs?.siteSpaces.nodes.map((n) => n.space.id as string) ?? [];
    expect(spaceIds.length).toBeGreaterThanOrEqual(3);
    demoSpecId = o.openAPISpec.id;
    demoTranslationId = o.translations.nodes[0]?.id as string;
    demoSourceSpace = o.translations.nodes[0]?.source.space as string;
    const taken = new Set(
      o.translations.nodes.filter((t) => t.source.space === demoSourceSpace).map((t) => t.language),
    );
    freeLanguages = ['de', 'it', 'es', 'nl', 'sv', 'da', 'fi', 'pl', 'cs', 'ko', 'tr', 'el'].filter(
      (l) => !taken.has(l),
    );
    clusterId = o.clusters.nodes.find((c) => !c.muted)?.id as string;
    expect([demoSpecId, demoTranslationId, demoSourceSpace, clusterId].every(Boolean)).toBe(true);
  });

  afterAll(async () => {
    await e2e?.close();
  });
}

/** Runs `rows` against one embedded stack; bug rows run with `it.fails`. */
export function describeRows(name: string, rows: Row[]): void {
  useMatrixStack();
  describe(name, () => {
    const title = (r: Row) =>
      `${r.mutation} [${r.kind}] ${r.name} (as ${r.as})${r.bug ? ` — BUG: ${r.bug}` : ''}`;
    const table = (list: Row[]) => list.map((r) => [title(r), r] as const);

    it.each(table(rows.filter((r) => !r.bug)))('%s', (_title, r) => check(r));

    const bugs = rows.filter((r) => r.bug);
    if (bugs.length > 0) {
      // Each of these rows states the contract; the gateway or server does not meet it yet.
      it.fails.each(table(bugs))('%s', (_title, r) => check(r));
    }
  });
}
