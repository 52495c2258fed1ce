// Mutation contract rows of conversation insights.

import { expect } from 'vitest';
import { addressId, globalId } from '../../support/ids.ts';
import {
  clusterId,
  demoSpecId,
  missingOrg,
  node,
  org,
  orgId,
  orgOf,
  type Row,
  row,
  setup,
} from './sitesInsights.fixture.ts';

export const conversationRows: Row[] = [
  // ---- ingestConversation
  row({
    mutation: 'ingestConversation',
    kind: 'validation',
    name: 'an id with characters outside its pattern',
    variables: async () => ({
      organizationId: orgId,
      id: 'bad id!',
      parts: [{ role: 'user', body: 'hello' }],
    }),
    expect: { __typename: 'ValidationError', field: 'id' },
  }),
  row({
    mutation: 'ingestConversation',
    kind: 'validation',
    name: 'a metadata URL that is not http(s)',
    variables: async () => ({
      organizationId: orgId,
      metadata: { url: 'javascript:alert(1)' },
      parts: [{ role: 'user', body: 'hello' }],
    }),
    expect: { __typename: 'ValidationError', field: 'metadata.url' },
  }),
  row({
    mutation: 'ingestConversation',
    kind: 'notFound',
    name: 'an organization that does not exist',
    variables: async () => ({
      organizationId: missingOrg,
      parts: [{ role: 'user', body: 'hello' }],
    }),
    expect: { __typename: 'NotFoundError' },
  }),
  row({
    mutation: 'ingestConversation',
    kind: 'forbidden',
    name: '`create` role (ingest needs organization admin)',
    as: 'create',
    variables: async () => ({ organizationId: orgId, parts: [{ role: 'user', body: 'hello' }] }),
    expect: { __typename: 'ForbiddenError', sees: orgOf },
  }),

  // ---- muteIssuesCluster / unmuteIssuesCluster
  ...(['muteIssuesCluster', 'unmuteIssuesCluster'] as const).flatMap((mutation) => [
    row({
      mutation,
      kind: 'validation',
      name: 'a global ID of the wrong type (an OpenAPISpec) as clusterId',
      variables: async () => ({ clusterId: demoSpecId }),
      expect: { __typename: 'ValidationError', field: 'clusterId' },
    }),
    row({
      mutation,
      kind: 'notFound',
      name: 'a cluster that does not exist',
      variables: async () => ({ clusterId: globalId('IssuesCluster', addressId(org, 'nope')) }),
      expect: { __typename: 'NotFoundError' },
    }),
    row({
      mutation,
      kind: 'forbidden',
      name: '`read` role',
      as: 'read',
      variables: async () => ({ clusterId }),
      expect: { __typename: 'ForbiddenError', sees: () => clusterId },
    }),
  ]),
  row({
    mutation: 'unmuteIssuesCluster',
    kind: 'success',
    name: 'unmutes a muted cluster; read back by node',
    select: '... on IssuesClusterPayload { cluster { id } }',
    variables: async () => {
      await setup('muteIssuesCluster', { clusterId }, '');
      expect(await node(clusterId, '... on IssuesCluster { muted }')).toEqual({ muted: true });
      return { clusterId };
    },
    expect: {
      __typename: 'IssuesClusterPayload',
      after: async () =>
        expect(await node(clusterId, '... on IssuesCluster { muted }')).toEqual({ muted: false }),
    },
  }),
];
