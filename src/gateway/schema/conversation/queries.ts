import { Conversation } from '../../../contract/conversations.ts';
import { builder } from '../../builder.ts';
import type { ConnectionArgs } from '../../connections/restConnection.ts';
import type { GatewayContext } from '../../context.ts';
import { OrderEnum, OrganizationRef } from '../organization/types.ts';
import {
  ConversationIssueResource,
  ConversationResource,
  IssuesClusterResource,
} from './resource.ts';
import {
  ConversationIssueRef,
  ConversationRef,
  IssuesClusterOrderByEnum,
  IssuesClusterRef,
} from './types.ts';

/** The issues list of an organization (each issue with its conversation), filtered by `query`. */
const issueConnection = (
  ctx: GatewayContext,
  args: ConnectionArgs,
  org: string,
  query: { cluster?: string | undefined; conversation?: string | undefined },
) =>
  ConversationIssueResource.connection(ctx, args, {
    path: ConversationIssueResource.route('inOrganization', org),
    query,
    parent: { org },
    idOf: (entry) => entry.issue.id,
  });

builder.objectField(IssuesClusterRef, 'issues', (t) =>
  t.connection({
    type: ConversationIssueRef,
    description: 'Issues of this cluster.',
    address: true,
    resolve: (c, args, ctx) => issueConnection(ctx, args, c.org, { cluster: c.id }),
  }),
);

builder.objectField(ConversationRef, 'issues', (t) =>
  t.connection({
    type: ConversationIssueRef,
    description: 'Issues extracted from this conversation.',
    address: true,
    resolve: (c, args, ctx) => issueConnection(ctx, args, c.org, { conversation: c.id }),
  }),
);

builder.objectFields(OrganizationRef, (t) => ({
  conversations: t.connection({
    type: ConversationRef,
    description: 'Ingested support conversations, newest first.',
    address: true,
    args: {
      source: t.arg.string({ required: false, description: 'Only conversations of this source.' }),
    },
    resolve: (o, args, ctx) =>
      ConversationResource.connection(ctx, args, {
        path: ConversationResource.route('inOrganization', o.id),
        query: { source: args.source ?? undefined },
        parent: { org: o.id },
        // The list carries each conversation without its detail.
        summary: {
          item: Conversation,
          shape: (conversation, address) => ({ ...conversation, ...address }),
        },
      }),
  }),
  issues: t.connection({
    type: ConversationIssueRef,
    description: 'Issues extracted from conversations.',
    address: true,
    args: {
      cluster: t.arg.id({
        required: false,
        description: 'Only issues of this cluster (global ID or REST id).',
      }),
      conversation: t.arg.id({
        required: false,
        description: 'Only issues of this conversation (global ID or REST id).',
      }),
    },
    resolve: (o, args, ctx) =>
      issueConnection(ctx, args, o.id, {
        cluster: args.cluster
          ? IssuesClusterResource.parseInput(args.cluster, {
              arg: 'cluster',
              parents: { org: o.id },
            }).id
          : undefined,
        conversation: args.conversation
          ? ConversationResource.parseInput(args.conversation, {
              arg: 'conversation',
              parents: { org: o.id },
            }).id
          : undefined,
      }),
  }),
  clusters: t.connection({
    type: IssuesClusterRef,
    description: 'Clusters of similar issues.',
    address: true,
    args: {
      order: t.arg({
        type: OrderEnum.ref,
        required: false,
        description: 'Direction (default DESC).',
      }),
      orderBy: t.arg({
        type: IssuesClusterOrderByEnum,
        required: false,
        description: 'Sort property (default `updatedAt`).',
      }),
    },
    resolve: (o, args, ctx) =>
      IssuesClusterResource.connection(ctx, args, {
        path: IssuesClusterResource.route('inOrganization', o.id),
        query: { order: args.order ?? undefined, orderBy: args.orderBy ?? undefined },
        parent: { org: o.id },
      }),
  }),
  conversation: t.field({
    type: ConversationRef,
    nullable: true,
    description: 'A conversation by id; null when there is none.',
    args: { id: t.arg.id({ required: true, description: 'REST id or global ID.' }) },
    address: true,
    resolve: (o, args) =>
      ConversationResource.stub(
        ConversationResource.parseInput(args.id, { parents: { org: o.id } }),
      ),
  }),
  cluster: t.field({
    type: IssuesClusterRef,
    nullable: true,
    description: 'A cluster by id; null when there is none.',
    args: { id: t.arg.id({ required: true, description: 'REST id or global ID.' }) },
    address: true,
    resolve: (o, args) =>
      IssuesClusterResource.stub(
        IssuesClusterResource.parseInput(args.id, { parents: { org: o.id } }),
      ),
  }),
}));
