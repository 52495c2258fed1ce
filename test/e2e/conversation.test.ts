import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2EStack, startE2E } from '../support/gateway.ts';
import { firstOrganizationId, httpCalls } from '../support/graph.ts';
import { globalId, toRestId } from '../support/ids.ts';

let e2e: E2EStack;
let orgId: string;
/** The organization's REST id (its global ID's local part). */
const restOrg = () => toRestId(orgId, 'Organization');

interface Cluster {
  id: string;
  label: string;
  muted: boolean;
  impact: string;
  weeklyPulse: number[];
  sources: Array<{ source: string; count: number }>;
  stats: { issues: number; conversations: number };
  issues: { totalCount: number; nodes: Array<{ id: string; cluster: { id: string } }> };
}

beforeAll(async () => {
  e2e = await startE2E();
  orgId = await firstOrganizationId(e2e);
});
afterAll(() => e2e.close());

async function clusters(): Promise<Cluster[]> {
  const { body } = await e2e.gql(
    `query($org: ID!) { organization(id: $org) { clusters(first: 100, orderBy: IMPACT) { totalCount nodes {
      id label createdAt updatedAt icon summary muted impact weeklyPulse sources { source count }
      stats { issues conversations } urls { location } organization { id }
      issues(first: 3) { totalCount nodes { id cluster { id } } } } } } }`,
    { org: orgId },
  );
  expect(body.errors).toBeUndefined();
  return (body.data as { organization: { clusters: { nodes: Cluster[] } } }).organization.clusters
    .nodes;
}

describe('conversations, issues and clusters through the graph', () => {
  it('clusters carry 13 weekly counts, sources and their issues', async () => {
    const nodes = await clusters();
    expect(nodes.length).toBeGreaterThan(0);
    for (const c of nodes) {
      expect(c.weeklyPulse).toHaveLength(13);
      expect(c.issues.totalCount).toBe(c.stats.issues);
      for (const issue of c.issues.nodes) expect(issue.cluster.id).toBe(c.id);
    }
    expect(nodes.some((c) => c.muted)).toBe(true);
    // orderBy IMPACT, descending: high before low.
    const rank = { HIGH: 3, MEDIUM: 2, LOW: 1 } as Record<string, number>;
    const ranks = nodes.map((c) => rank[c.impact] ?? 0);
    expect(ranks).toEqual([...ranks].sort((a, b) => b - a));
  });

  it('conversations with detail, their issues, and filters', async () => {
    const { body } = await e2e.gql(
      `query($org: ID!) { organization(id: $org) { conversations(first: 2) { totalCount nodes {
        id subject createdAt processedAt source impact urls { location source } organization { id }
        parts { type role body } metadata { url attributes createdAt }
        issues { totalCount nodes { id title details impact createdAt ingestedAt urls { location }
          conversation { id subject } cluster { id label } } } } } } }`,
      { org: orgId },
    );
    expect(body.errors).toBeUndefined();
    const conversations = (
      body.data as {
        organization: {
          conversations: {
            totalCount: number;
            nodes: Array<{
              id: string;
              source: string;
              parts: unknown[];
              issues: { nodes: Array<{ conversation: { id: string } }> };
            }>;
          };
        };
      }
    ).organization.conversations;
    expect(conversations.totalCount).toBeGreaterThan(100);
    const first = conversations.nodes[0];
    expect(first?.parts.length).toBeGreaterThan(0);
    for (const issue of first?.issues.nodes ?? []) expect(issue.conversation.id).toBe(first?.id);

    const filtered = await e2e.gql(
      `query($org: ID!, $source: String) { organization(id: $org) {
        conversations(first: 100, source: $source) { totalCount nodes { source } } } }`,
      { org: orgId, source: first?.source },
    );
    const f = (
      filtered.body.data as {
        organization: { conversations: { totalCount: number; nodes: Array<{ source: string }> } };
      }
    ).organization.conversations;
    expect(f.totalCount).toBeLessThan(conversations.totalCount);
    expect(new Set(f.nodes.map((n) => n.source))).toEqual(new Set([first?.source]));
  });

  it('issues list: the embedded conversation and cluster { id } cost no further call', async () => {
    const { body } = await e2e.gql(
      `query($org: ID!) { organization(id: $org) { issues(first: 20) { nodes {
        id title conversation { id subject } cluster { id } } } } }`,
      { org: orgId },
      { debug: true },
    );
    expect(body.errors).toBeUndefined();
    // One issues page: the organization's body is not read, its issues are listed from its id.
    expect(httpCalls(body).map((c) => c.path.split('?')[0])).toEqual([
      `/orgs/${restOrg()}/conversations-issues`,
    ]);
  });

  it('ingest, read back through the graph; ValidationError without upstream calls', async () => {
    const ingest = await e2e.gql(
      `mutation($input: IngestConversationInput!) { ingestConversation(input: $input) {
        __typename ... on IngestConversationPayload { conversation { id subject parts { role body } } } } }`,
      {
        input: {
          organizationId: orgId,
          id: 'e2e-conv-1',
          subject: 'The PDF export is broken',
          metadata: { url: 'https://support.acme.test/t/1', attributes: { plan: 'pro' } },
          parts: [{ role: 'user', body: 'The PDF export of a page is broken.' }],
        },
      },
    );
    expect(ingest.body.data).toEqual({
      ingestConversation: {
        __typename: 'IngestConversationPayload',
        conversation: {
          id: globalId('Conversation', `${restOrg()}/e2e-conv-1`),
          subject: 'The PDF export is broken',
          parts: [{ role: 'user', body: 'The PDF export of a page is broken.' }],
        },
      },
    });
    const meta = await e2e.gql(
      `query($org: ID!) { organization(id: $org) { conversation(id: "e2e-conv-1") {
        metadata { url attributes } } } }`,
      { org: orgId },
    );
    expect(meta.body.data).toEqual({
      organization: {
        conversation: {
          metadata: { url: 'https://support.acme.test/t/1', attributes: { plan: 'pro' } },
        },
      },
    });

    const invalid = await e2e.gql(
      `mutation($input: IngestConversationInput!) { ingestConversation(input: $input) {
        __typename ... on ValidationError { fieldErrors { path } } } }`,
      { input: { organizationId: orgId, parts: [] } },
      { debug: true },
    );
    expect(invalid.body.data).toEqual({
      ingestConversation: { __typename: 'ValidationError', fieldErrors: [{ path: ['parts'] }] },
    });
    expect(httpCalls(invalid.body)).toHaveLength(0);

    const forbidden = await e2e.gql(
      `mutation($input: IngestConversationInput!) { ingestConversation(input: $input) { __typename } }`,
      { input: { organizationId: orgId, parts: [{ role: 'user', body: 'hi' }] } },
      { as: 'review' },
    );
    expect(forbidden.body.data).toEqual({ ingestConversation: { __typename: 'ForbiddenError' } });
  });

  it('mute and unmute a cluster, read back; Forbidden, NotFound, Validation', async () => {
    const target = (await clusters()).find((c) => !c.muted) as Cluster;
    const mute = await e2e.gql(
      `mutation($input: MuteIssuesClusterInput!) { muteIssuesCluster(input: $input) {
        __typename ... on IssuesClusterPayload { cluster { id muted } } } }`,
      { input: { clusterId: target.id } },
    );
    expect(mute.body.data).toEqual({
      muteIssuesCluster: {
        __typename: 'IssuesClusterPayload',
        cluster: { id: target.id, muted: true },
      },
    });
    const read = await e2e.gql(
      'query($id: ID!) { node(id: $id) { ... on IssuesCluster { muted } } }',
      {
        id: target.id,
      },
    );
    expect(read.body.data).toEqual({ node: { muted: true } });
    const unmute = await e2e.gql(
      `mutation($input: UnmuteIssuesClusterInput!) { unmuteIssuesCluster(input: $input) {
        __typename ... on IssuesClusterPayload { cluster { muted } } } }`,
      { input: { clusterId: target.id } },
    );
    expect(unmute.body.data).toEqual({
      unmuteIssuesCluster: { __typename: 'IssuesClusterPayload', cluster: { muted: false } },
    });

    const forbidden = await e2e.gql(
      'mutation($input: MuteIssuesClusterInput!) { muteIssuesCluster(input: $input) { __typename } }',
      { input: { clusterId: target.id } },
      { as: 'read' },
    );
    expect(forbidden.body.data).toEqual({ muteIssuesCluster: { __typename: 'ForbiddenError' } });
    const notFound = await e2e.gql(
      'mutation($input: MuteIssuesClusterInput!) { muteIssuesCluster(input: $input) { __typename } }',
      { input: { clusterId: globalId('IssuesCluster', `${restOrg()}/nope`) } },
    );
    expect(notFound.body.data).toEqual({ muteIssuesCluster: { __typename: 'NotFoundError' } });
    const invalid = await e2e.gql(
      'mutation($input: MuteIssuesClusterInput!) { muteIssuesCluster(input: $input) { __typename } }',
      { input: { clusterId: 'not-a-global-id' } },
      { debug: true },
    );
    expect(invalid.body.data).toEqual({ muteIssuesCluster: { __typename: 'ValidationError' } });
    expect(httpCalls(invalid.body)).toHaveLength(0);
  });
});
