import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2EStack, startE2E } from '../support/gateway.ts';
import { firstOrganizationId, httpCalls } from '../support/graph.ts';
import { addressId, globalId, localIdOf, toRestId } from '../support/ids.ts';

let e2e: E2EStack;
let orgId: string;
/** The organization's REST id (its global ID's local part). */
const restOrg = () => toRestId(orgId, 'Organization');

beforeAll(async () => {
  e2e = await startE2E();
  orgId = await firstOrganizationId(e2e);
});
afterAll(() => e2e.close());

const SPEC_FIELDS = `
  id slug createdAt updatedAt sourceURL processingState visibility lastVersion lastProcessedAt
  lastProcessErrorCode lastProcessedErrors { message code } permissions { view edit }
  urls { location app published } organization { id }
  latestVersion { id createdAt url urls { location } spec { id slug } content { url filesystem } }
`;

describe('OpenAPI specs through the graph', () => {
  it('lists the demo specs with every field, their versions and content', async () => {
    const { body } = await e2e.gql(
      `query($org: ID!) { organization(id: $org) { openAPISpecs(first: 10) { totalCount nodes { ${SPEC_FIELDS}
        versions(first: 5) { totalCount nodes { id url } } } } } }`,
      { org: orgId },
    );
    expect(body.errors).toBeUndefined();
    const specs = (
      body.data as {
        organization: {
          openAPISpecs: { totalCount: number; nodes: Array<Record<string, never>> };
        };
      }
    ).organization.openAPISpecs;
    expect(specs.totalCount).toBe(3);
    const bySlug = Object.fromEntries(specs.nodes.map((s) => [s.slug, s])) as Record<
      string,
      Record<string, unknown> & {
        latestVersion: { id: string; content: { filesystem: Record<string, unknown> } };
        versions: { totalCount: number; nodes: Array<{ id: string }> };
        organization: { id: string };
      }
    >;
    const acme = bySlug['acme-api'];
    expect(acme?.visibility).toBe('PUBLIC');
    expect(acme?.processingState).toBe('COMPLETE');
    expect(acme?.organization.id).toBe(orgId);
    expect(Object.keys(acme?.latestVersion.content.filesystem ?? {})).toEqual(['acme-api.json']);
    const webhooks = Object.values(bySlug).find((s) => s.lastProcessErrorCode === 'PARSE_ERROR');
    expect(webhooks?.lastProcessedErrors).toEqual([
      {
        message:
          'paths./webhooks/deliveries/{deliveryId}: path parameter "deliveryId" is not defined',
        code: 'INVALID',
      },
    ]);
    const payments = Object.values(bySlug).find((s) => s.versions.totalCount === 2);
    expect(payments).toMatchObject({
      id: globalId('OpenAPISpec', addressId(restOrg(), 'payments')),
      slug: 'payments',
    });
    expect(payments?.versions.nodes[0]?.id).toBe(payments?.latestVersion.id);
  });

  it('node(id) of a spec and of a version costs one upstream call each', async () => {
    const list = await e2e.gql(
      `query($org: ID!) { organization(id: $org) { openAPISpec(slug: "acme-api") { id latestVersion { id } } } }`,
      { org: orgId },
    );
    const spec = (
      list.body.data as {
        organization: { openAPISpec: { id: string; latestVersion: { id: string } } };
      }
    ).organization.openAPISpec;
    const { body } = await e2e.gql(
      // `slug` is known from the address: `processingState` is what needs the spec's read.
      `query($a: ID!, $b: ID!) { a: node(id: $a) { id ... on OpenAPISpec { slug processingState } }
        b: node(id: $b) { id ... on OpenAPISpecVersion { url } } }`,
      { a: spec.id, b: spec.latestVersion.id },
      { debug: true },
    );
    expect(body.errors).toBeUndefined();
    expect((body.data as { a: { slug: string } }).a.slug).toBe('acme-api');
    expect(httpCalls(body)).toHaveLength(2);
  });

  it('a spec created from the demo document reaches COMPLETE with a latest version', async () => {
    const url = `${e2e.stack.url}/demo/openapi/acme-api.json`;
    const created = await e2e.gql(
      `mutation($input: CreateOpenAPISpecInput!) { createOpenAPISpec(input: $input) {
        __typename ... on OpenAPISpecPayload { openAPISpec { id slug sourceURL processingState } } } }`,
      { input: { organizationId: orgId, slug: 'e2e-spec', sourceURL: url } },
    );
    expect(created.body.errors).toBeUndefined();
    const payload = (
      created.body.data as { createOpenAPISpec: { openAPISpec: { id: string; sourceURL: string } } }
    ).createOpenAPISpec;
    expect(payload.openAPISpec.sourceURL).toBe(url);
    let state = '';
    type Latest = { id: string; content: { filesystem: Record<string, unknown> } } | null;
    let latest: Latest = null;
    for (let i = 0; i < 50 && state !== 'COMPLETE'; i++) {
      const { body } = await e2e.gql(
        `query($id: ID!) { node(id: $id) { ... on OpenAPISpec { processingState lastProcessErrorCode
          latestVersion { id content { filesystem } } } } }`,
        { id: payload.openAPISpec.id },
      );
      const node = (body.data as { node: { processingState: string; latestVersion: Latest } }).node;
      state = node.processingState;
      latest = node.latestVersion;
      if (state !== 'COMPLETE') await new Promise((r) => setTimeout(r, 100));
    }
    expect(state).toBe('COMPLETE');
    // The global ID of a version of the new spec: `org/slug/versionId`.
    expect(localIdOf(latest?.id ?? '', 'OpenAPISpecVersion')).toMatch(
      new RegExp(`^${restOrg()}/e2e-spec/[0-9A-Za-z]{20}$`),
    );
    expect(Object.keys(latest?.content.filesystem ?? {})).toHaveLength(1);
  });

  it('createOrUpdate, setVisibility and delete, read back through the graph', async () => {
    const url = `${e2e.stack.url}/demo/openapi/acme-api.json`;
    const put = await e2e.gql(
      `mutation($input: CreateOrUpdateOpenAPISpecInput!) { createOrUpdateOpenAPISpec(input: $input) {
        __typename ... on OpenAPISpecPayload { openAPISpec { id slug visibility } } } }`,
      { input: { organizationId: orgId, slug: 'put-spec', sourceURL: url } },
    );
    const spec = (
      put.body.data as {
        createOrUpdateOpenAPISpec: { openAPISpec: { id: string; slug: string } };
      }
    ).createOrUpdateOpenAPISpec.openAPISpec;
    expect(spec.slug).toBe('put-spec');

    const vis = await e2e.gql(
      `mutation($input: SetOpenAPISpecVisibilityInput!) { setOpenAPISpecVisibility(input: $input) {
        __typename ... on OpenAPISpecPayload { openAPISpec { visibility } } } }`,
      { input: { specId: spec.id, visibility: 'PUBLIC' } },
    );
    expect(vis.body.data).toEqual({
      setOpenAPISpecVisibility: {
        __typename: 'OpenAPISpecPayload',
        openAPISpec: { visibility: 'PUBLIC' },
      },
    });
    const readBack = await e2e.gql(
      'query($id: ID!) { node(id: $id) { ... on OpenAPISpec { visibility } } }',
      { id: spec.id },
    );
    expect(readBack.body.data).toEqual({ node: { visibility: 'PUBLIC' } });

    const del = await e2e.gql(
      `mutation($input: DeleteOpenAPISpecInput!) { deleteOpenAPISpec(input: $input) {
        __typename ... on DeleteOpenAPISpecPayload { deletedId } } }`,
      { input: { specId: spec.id } },
    );
    expect(del.body.data).toEqual({
      deleteOpenAPISpec: { __typename: 'DeleteOpenAPISpecPayload', deletedId: spec.id },
    });
    const gone = await e2e.gql('query($id: ID!) { node(id: $id) { id } }', { id: spec.id });
    expect((gone.body.data as { node: unknown }).node).toBeNull();
  });

  it('invalid input is a ValidationError with zero upstream calls', async () => {
    const { body } = await e2e.gql(
      `mutation($input: CreateOpenAPISpecInput!) { createOpenAPISpec(input: $input) {
        __typename ... on ValidationError { fieldErrors { path } } } }`,
      { input: { organizationId: orgId, slug: 'bad slug', sourceURL: 'ftp://x' } },
      { debug: true },
    );
    expect(body.data).toEqual({
      createOpenAPISpec: {
        __typename: 'ValidationError',
        fieldErrors: [{ path: ['slug'] }, { path: ['source', 'url'] }],
      },
    });
    expect(httpCalls(body)).toHaveLength(0);
  });

  it('a lower role gets ForbiddenError; an unknown spec NotFoundError', async () => {
    const list = await e2e.gql(
      `query($org: ID!) { organization(id: $org) { openAPISpec(slug: "acme-api") { id } } }`,
      { org: orgId },
    );
    const specId = (list.body.data as { organization: { openAPISpec: { id: string } } })
      .organization.openAPISpec.id;
    const forbidden = await e2e.gql(
      `mutation($input: SetOpenAPISpecVisibilityInput!) { setOpenAPISpecVisibility(input: $input) {
        __typename } }`,
      { input: { specId, visibility: 'PRIVATE' } },
      { as: 'read' },
    );
    expect(forbidden.body.data).toEqual({
      setOpenAPISpecVisibility: { __typename: 'ForbiddenError' },
    });
    const missing = globalId('OpenAPISpec', `${restOrg()}/no-such-spec`);
    const notFound = await e2e.gql(
      `mutation($input: SetOpenAPISpecVisibilityInput!) { setOpenAPISpecVisibility(input: $input) {
        __typename } }`,
      { input: { specId: missing, visibility: 'PRIVATE' } },
    );
    expect(notFound.body.data).toEqual({
      setOpenAPISpecVisibility: { __typename: 'NotFoundError' },
    });
  });
});
