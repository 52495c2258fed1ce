import { describe, expect, it } from 'vitest';
import { FakeUpstream, runSchema } from '../support/gateway.ts';
import { globalId } from '../support/ids.ts';

const conversation = (id: string) => ({ object: 'conversation', id, subject: `S ${id}` });
const issue = (id: string, cluster?: string) => ({
  object: 'conversation-issue',
  id,
  title: `T ${id}`,
  conversation: 'c1',
  impact: 'severe',
  ...(cluster ? { cluster } : {}),
});
const cluster = { object: 'issues-cluster', id: 'k1', label: 'PDF', sources: { zendesk: 3 } };

describe('conversations (schema level)', () => {
  it('an issue by id: embedded conversation and cluster { id } cost nothing more', async () => {
    const upstream = new FakeUpstream({
      '/orgs/o1/conversations-issues/i1': {
        issue: issue('i1', 'k1'),
        conversation: conversation('c1'),
      },
    });
    const result = await runSchema(
      upstream,
      `{ node(id: "${globalId('ConversationIssue', 'o1/i1')}") { ... on ConversationIssue {
        title impact conversation { id subject } cluster { id } } } }`,
    );
    expect(result.errors).toBeUndefined();
    expect(result.data).toEqual({
      node: {
        title: 'T i1',
        impact: 'UNKNOWN',
        conversation: { id: globalId('Conversation', 'o1/c1'), subject: 'S c1' },
        cluster: { id: globalId('IssuesCluster', 'o1/k1') },
      },
    });
    expect(upstream.paths).toEqual(['/orgs/o1/conversations-issues/i1']);
  });

  it('conversation parts and metadata share the one detail call', async () => {
    const upstream = new FakeUpstream({
      '/orgs/o1/conversations/c1': {
        conversation: conversation('c1'),
        parts: [{ type: 'message', role: 'user', body: 'hi' }],
        metadata: { attributes: { a: 'b' } },
      },
    });
    const result = await runSchema(
      upstream,
      `{ node(id: "${globalId('Conversation', 'o1/c1')}") { ... on Conversation {
        subject parts { role body } metadata { attributes } } } }`,
    );
    expect(result.data).toEqual({
      node: {
        subject: 'S c1',
        parts: [{ role: 'user', body: 'hi' }],
        metadata: { attributes: { a: 'b' } },
      },
    });
    expect(upstream.paths).toEqual(['/orgs/o1/conversations/c1']);
  });

  it('cluster sources become a list; its issues pass the cluster filter', async () => {
    const upstream = new FakeUpstream({
      '/orgs/o1/conversations-clusters/k1': cluster,
      '/orgs/o1/conversations-issues?cluster=k1&limit=51': {
        items: [{ issue: issue('i1', 'k1'), conversation: conversation('c1') }],
        count: 1,
      },
    });
    const result = await runSchema(
      upstream,
      `{ node(id: "${globalId('IssuesCluster', 'o1/k1')}") { ... on IssuesCluster {
        sources { source count } issues { totalCount nodes { id cluster { label } } } } } }`,
    );
    expect(result.errors).toBeUndefined();
    expect(result.data).toEqual({
      node: {
        sources: [{ source: 'zendesk', count: 3 }],
        issues: {
          totalCount: 1,
          nodes: [{ id: globalId('ConversationIssue', 'o1/i1'), cluster: { label: 'PDF' } }],
        },
      },
    });
    // The cluster is fetched once (deduplicated), the issues page once.
    expect(upstream.paths.filter((p) => p === '/orgs/o1/conversations-clusters/k1')).toHaveLength(
      1,
    );
    expect(upstream.paths).toHaveLength(2);
  });

  it('ingestConversation validates before any call, then sends the strict body', async () => {
    const upstream = new FakeUpstream({ 'POST /orgs/o1/conversations': null });
    const mutation = `mutation($input: IngestConversationInput!) { ingestConversation(input: $input) {
      __typename ... on IngestConversationPayload { conversation { id } } } }`;
    const bad = await runSchema(upstream, mutation, {
      input: { organizationId: 'o1', id: 'bad id!', parts: [{ role: 'user', body: 'x' }] },
    });
    expect(bad.data).toEqual({ ingestConversation: { __typename: 'ValidationError' } });
    expect(upstream.requests).toHaveLength(0);
    const ok = await runSchema(upstream, mutation, {
      input: { organizationId: 'o1', id: 'c9', parts: [{ role: 'user', body: 'x' }] },
    });
    expect(ok.data).toEqual({
      ingestConversation: {
        __typename: 'IngestConversationPayload',
        conversation: { id: globalId('Conversation', 'o1/c9') },
      },
    });
    expect(upstream.requests.map((r) => [r.method, r.path, r.body])).toEqual([
      [
        'POST',
        '/orgs/o1/conversations',
        { id: 'c9', parts: [{ type: 'message', role: 'user', body: 'x' }] },
      ],
    ]);
  });

  it('muteIssuesCluster sends {muted: true}; 404 is NotFoundError', async () => {
    const upstream = new FakeUpstream({
      'PATCH /orgs/o1/conversations-clusters/k1': { ...cluster, muted: true },
    });
    const mutation = `mutation($id: ID!) { muteIssuesCluster(input: { clusterId: $id }) {
      __typename ... on IssuesClusterPayload { cluster { muted } } } }`;
    const ok = await runSchema(upstream, mutation, { id: globalId('IssuesCluster', 'o1/k1') });
    expect(ok.data).toEqual({
      muteIssuesCluster: { __typename: 'IssuesClusterPayload', cluster: { muted: true } },
    });
    expect(upstream.requests[0]?.body).toEqual({ muted: true });
    const missing = await runSchema(upstream, mutation, { id: globalId('IssuesCluster', 'o1/k2') });
    expect(missing.data).toEqual({ muteIssuesCluster: { __typename: 'NotFoundError' } });
  });
});
