import { ENUMS } from '../../../contract/common.ts';
import {
  Conversation,
  type ConversationDetail,
  IngestConversationBody,
  IssuesCluster,
  IssuesClusterOrderBy,
  UpdateIssuesClusterBody,
} from '../../../contract/conversations.ts';
import { builder } from '../../builder.ts';
import type { GatewayContext } from '../../context.ts';
import type { ConnectionArgs } from '../../upstream/connection.ts';
import { restPath } from '../../upstream/path.ts';
import { rawOf } from '../../upstream/tolerant.ts';
import { inputEnumType, locationUrlsType, openEnumType } from '../base.ts';
import { capitalized, Empty, validBody, write, writeMutation } from '../mutation.ts';
import { resourceNode } from '../node.ts';
import { OrganizationResource } from '../organization/resource.ts';
import { OrderEnum, OrganizationRef } from '../organization/types.ts';
import {
  ConversationIssueResource,
  ConversationResource,
  type ConversationShape,
  IssuesClusterResource,
  type IssuesClusterShape,
} from './resource.ts';

/** The detail of a conversation (its parts and metadata): its `GET`, read once per request. */
const detailOf = (ctx: GatewayContext, c: ConversationShape) =>
  ctx.rest.get(ConversationResource.path(c), ConversationResource.schema);

export const ImpactEnum = openEnumType('Impact', ENUMS.impact, 'How much an issue hurts users.', {
  low: 'Minor friction.',
  medium: 'Noticeable friction, workarounds exist.',
  high: 'Fully or nearly blocking, no workaround.',
});

const IssuesClusterOrderByEnum = inputEnumType(
  'IssuesClusterOrderBy',
  IssuesClusterOrderBy,
  'Sort property of the cluster list (`impact`: high first when descending).',
);

const LocationUrlsRef = locationUrlsType(
  'ConversationsLocationUrls',
  'URLs of a cluster or an issue.',
);

const ConversationUrlsRef = builder
  .objectRef<NonNullable<ConversationShape['urls']>>('ConversationUrls')
  .implement({
    description: 'URLs of a conversation.',
    fields: (t) => ({
      location: t.exposeString('location', { nullable: true, description: 'API location.' }),
      source: t.exposeString('source', {
        nullable: true,
        description: 'Where the conversation is in its source tool.',
      }),
    }),
  });

const ConversationPartRef = builder
  .objectRef<ConversationDetail['parts'][number]>('ConversationPart')
  .implement({
    description: 'One message of a conversation.',
    fields: (t) => ({
      type: t.exposeString('type', { description: 'Kind of part (`message`).' }),
      role: t.exposeString('role', { description: 'Who wrote it (e.g. `user`).' }),
      body: t.exposeString('body', { description: 'The text.' }),
    }),
  });

const ConversationMetadataRef = builder
  .objectRef<ConversationDetail['metadata']>('ConversationMetadata')
  .implement({
    description: 'Metadata given when the conversation was ingested.',
    fields: (t) => ({
      url: t.exposeString('url', { nullable: true, description: 'URL of the conversation.' }),
      attributes: t.field({
        type: 'JSON',
        nullable: true,
        description: 'Free attributes: a map of string to string.',
        resolve: (m) => m.attributes ?? null,
      }),
      createdAt: t.expose('createdAt', {
        type: 'DateTime',
        nullable: true,
        description: 'When the conversation started.',
      }),
    }),
  });

const ClusterStatsRef = builder
  .objectRef<NonNullable<IssuesClusterShape['stats']>>('IssuesClusterStats')
  .implement({
    description: 'Counts of a cluster.',
    fields: (t) => ({
      issues: t.exposeInt('issues', { nullable: true, description: 'Number of issues.' }),
      conversations: t.exposeInt('conversations', {
        nullable: true,
        description: 'Number of conversations.',
      }),
    }),
  });

const ClusterSourceRef = builder
  .objectRef<{ source: string; count: number }>('IssuesClusterSource')
  .implement({
    description: 'How many issues of a cluster came from one source.',
    fields: (t) => ({
      source: t.exposeString('source', { description: 'Source id.' }),
      count: t.exposeInt('count', { description: 'Number of issues.' }),
    }),
  });

export const ConversationRef = resourceNode(ConversationResource, {
  description: 'An ingested support conversation, from which issues are extracted.',
  fields: (t) => ({
    subject: t.exposeString('subject', { nullable: true, description: 'Subject.' }),
    createdAt: t.expose('createdAt', {
      type: 'DateTime',
      nullable: true,
      description: 'When it was created.',
    }),
    processedAt: t.expose('processedAt', {
      type: 'DateTime',
      nullable: true,
      description: 'When its issues were extracted.',
    }),
    source: t.exposeString('source', {
      nullable: true,
      description: 'Where it came from (source id).',
    }),
    impact: t.field({
      type: ImpactEnum.ref,
      nullable: true,
      description: 'The highest impact of its issues.',
      resolve: (c) => ImpactEnum.of(c.impact),
    }),
    urls: t.field({
      type: ConversationUrlsRef,
      nullable: true,
      description: 'URLs.',
      resolve: (c) => c.urls ?? null,
    }),
    organization: t.field({
      type: OrganizationRef,

      description: 'The organization it belongs to.',
      resolve: (c) => c.org,
    }),
    parts: t.field({
      type: [ConversationPartRef],
      nullable: { list: true, items: true },
      description: 'Its messages (from the conversation detail: one upstream call, shared).',
      resolve: async (c, _a, ctx) => (await detailOf(ctx, c)).parts,
    }),
    metadata: t.field({
      type: ConversationMetadataRef,

      description: 'Its ingestion metadata (from the conversation detail).',
      resolve: async (c, _a, ctx) => (await detailOf(ctx, c)).metadata,
    }),
  }),
});

export const IssuesClusterRef = resourceNode(IssuesClusterResource, {
  description: 'A cluster of similar issues extracted from conversations.',
  fields: (t) => ({
    label: t.exposeString('label', { description: 'Label.' }),
    createdAt: t.expose('createdAt', {
      type: 'DateTime',
      nullable: true,
      description: 'When it was created.',
    }),
    updatedAt: t.expose('updatedAt', {
      type: 'DateTime',
      nullable: true,
      description: 'When it was last updated.',
    }),
    icon: t.exposeString('icon', { nullable: true, description: 'Icon name (max 50).' }),
    iconRaw: t.field({
      type: 'JSON',
      nullable: true,
      description: 'The icon as the upstream sent it (icons may take forms beside a name).',
      resolve: (c) => rawOf(c.icon) ?? null,
    }),
    summary: t.field({
      type: 'JSON',
      nullable: true,
      description: 'Summary, a rich-text Document.',
      resolve: (c) => c.summary ?? null,
    }),
    muted: t.exposeBoolean('muted', {
      nullable: true,
      description: 'Muted for change request creation.',
    }),
    impact: t.field({
      type: ImpactEnum.ref,
      nullable: true,
      description: 'How much the issues of the cluster hurt users.',
      resolve: (c) => ImpactEnum.of(c.impact),
    }),
    weeklyPulse: t.intList({
      nullable: { list: true, items: true },
      description: 'Exactly 13 weekly counts: the weekly pulse over the past 3 months.',
      resolve: (c) => c.weeklyPulse ?? null,
    }),
    sources: t.field({
      type: [ClusterSourceRef],
      nullable: { list: true, items: true },
      description: 'Number of issues per source id (the REST map as a list).',
      resolve: (c) =>
        c.sources ? Object.entries(c.sources).map(([source, count]) => ({ source, count })) : null,
    }),
    stats: t.field({
      type: ClusterStatsRef,
      nullable: true,
      description: 'Counts of issues and conversations.',
      resolve: (c) => c.stats ?? null,
    }),
    urls: t.field({
      type: LocationUrlsRef,
      nullable: true,
      description: 'URLs.',
      resolve: (c) => c.urls ?? null,
    }),
    organization: t.field({
      type: OrganizationRef,

      description: 'The organization it belongs to.',
      resolve: (c) => c.org,
    }),
  }),
});

export const ConversationIssueRef = resourceNode(ConversationIssueResource, {
  description: 'An issue extracted from a conversation.',
  fields: (t) => ({
    title: t.exposeString('title', { description: 'Title.' }),
    details: t.field({
      type: 'JSON',
      nullable: true,
      description: 'Details, a rich-text Document.',
      resolve: (i) => i.details ?? null,
    }),
    impact: t.field({
      type: ImpactEnum.ref,
      nullable: true,
      description: 'How much the issue hurts users.',
      resolve: (i) => ImpactEnum.of(i.impact),
    }),
    createdAt: t.expose('createdAt', {
      type: 'DateTime',
      nullable: true,
      description: 'When it was created.',
    }),
    ingestedAt: t.expose('ingestedAt', {
      type: 'DateTime',
      nullable: true,
      description: 'When its conversation was ingested.',
    }),
    urls: t.field({
      type: LocationUrlsRef,
      nullable: true,
      description: 'URLs.',
      resolve: (i) => i.urls ?? null,
    }),
    conversation: t.field({
      type: ConversationRef,

      description: 'The conversation it was extracted from (embedded in the REST answer: free).',
      resolve: (i) => ({ ...i.conversationValue, org: i.org }),
    }),
    cluster: t.field({
      type: IssuesClusterRef,
      nullable: true,
      description: 'The cluster it belongs to, if any.',
      resolve: (i) => (i.cluster ? IssuesClusterResource.ref({ org: i.org, id: i.cluster }) : null),
    }),
  }),
});

/** The issues list of an organization (each issue with its conversation), filtered by `query`. */
const issueConnection = (
  ctx: GatewayContext,
  args: ConnectionArgs,
  org: string,
  query: { cluster?: string | undefined; conversation?: string | undefined },
) =>
  ConversationIssueResource.connection(ctx, args, {
    path: restPath`/orgs/${org}/conversations-issues`,
    query,
    parent: { org },
    idOf: (entry) => entry.issue.id,
  });

builder.objectField(IssuesClusterRef, 'issues', (t) =>
  t.connection({
    type: ConversationIssueRef,
    description: 'Issues of this cluster.',
    resolve: (c, args, ctx) => issueConnection(ctx, args, c.org, { cluster: c.id }),
  }),
);

builder.objectField(ConversationRef, 'issues', (t) =>
  t.connection({
    type: ConversationIssueRef,
    description: 'Issues extracted from this conversation.',
    resolve: (c, args, ctx) => issueConnection(ctx, args, c.org, { conversation: c.id }),
  }),
);

builder.objectFields(OrganizationRef, (t) => ({
  conversations: t.connection({
    type: ConversationRef,
    description: 'Ingested support conversations, newest first.',
    args: {
      source: t.arg.string({ required: false, description: 'Only conversations of this source.' }),
    },
    resolve: (o, args, ctx) =>
      ConversationResource.connection(ctx, args, {
        path: restPath`/orgs/${o.id}/conversations`,
        query: { source: args.source ?? undefined },
        parent: { org: o.id },
        // The list carries each conversation without its detail.
        summary: { item: Conversation, shape: (c, address) => ({ ...c, ...address }) },
      }),
  }),
  issues: t.connection({
    type: ConversationIssueRef,
    description: 'Issues extracted from conversations.',
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
          ? IssuesClusterResource.parseInput(args.cluster, { parents: { org: o.id } }).id
          : undefined,
        conversation: args.conversation
          ? ConversationResource.parseInput(args.conversation, { parents: { org: o.id } }).id
          : undefined,
      }),
  }),
  clusters: t.connection({
    type: IssuesClusterRef,
    description: 'Clusters of similar issues.',
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
        path: restPath`/orgs/${o.id}/conversations-clusters`,
        query: { order: args.order ?? undefined, orderBy: args.orderBy ?? undefined },
        parent: { org: o.id },
      }),
  }),
  conversation: t.field({
    type: ConversationRef,
    nullable: true,
    description: 'A conversation by id; null when there is none.',
    args: { id: t.arg.id({ required: true, description: 'REST id or global ID.' }) },
    extensions: { address: true },
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
    extensions: { address: true },
    resolve: (o, args) =>
      IssuesClusterResource.stub(
        IssuesClusterResource.parseInput(args.id, { parents: { org: o.id } }),
      ),
  }),
}));

// ---- Mutations -----------------------------------------------------------------------------

const ConversationPartInput = builder.inputType('ConversationPartInput', {
  description: 'One message of a conversation to ingest.',
  fields: (t) => ({
    type: t.string({ required: false, description: 'Kind of part; only `message` (default).' }),
    role: t.string({ required: true, description: 'Who wrote it (e.g. `user`), 1 to 50.' }),
    body: t.string({ required: true, description: 'The text (max 100 000).' }),
  }),
});

const ConversationMetadataInput = builder.inputType('ConversationMetadataInput', {
  description: 'Metadata of a conversation to ingest.',
  fields: (t) => ({
    url: t.string({ required: false, description: 'http(s) URL of the conversation.' }),
    attributes: t.field({
      type: 'JSON',
      required: false,
      description: 'Free attributes: a map of string to string (at most 50).',
    }),
    createdAt: t.field({
      type: 'DateTime',
      required: false,
      description: 'When the conversation started.',
    }),
  }),
});

const IngestConversationInput = builder.inputType('IngestConversationInput', {
  description: 'A support conversation to ingest; re-ingesting an id replaces it.',
  fields: (t) => ({
    organizationId: t.id({ required: true, description: 'Organization (global ID or REST id).' }),
    id: t.string({ required: false, description: 'Its id (letters, digits and . _ : @ -).' }),
    subject: t.string({ required: false, description: 'Subject (max 500).' }),
    metadata: t.field({
      type: ConversationMetadataInput,
      required: false,
      description: 'Metadata.',
    }),
    parts: t.field({
      type: [ConversationPartInput],
      required: true,
      description: 'Its messages (1 to 500).',
    }),
  }),
});

const IngestConversationPayload = builder
  .objectRef<{ organization: string; conversation: string | null }>('IngestConversationPayload')
  .implement({
    description: 'The ingestion was accepted; issues are extracted from the conversation.',
    fields: (t) => ({
      organization: t.field({
        type: OrganizationRef,

        description: 'The organization.',
        resolve: (p) => p.organization,
      }),
      conversation: t.field({
        type: ConversationRef,
        nullable: true,
        description:
          'The conversation, when the input named its id (no upstream call when only `id` is selected).',
        resolve: (p) =>
          p.conversation
            ? ConversationResource.ref({ org: p.organization, id: p.conversation })
            : null,
      }),
    }),
  });

writeMutation('ingestConversation', {
  type: IngestConversationPayload,
  input: IngestConversationInput,
  description: 'Ingests a support conversation into the organization. Needs organization admin.',
  resolve: async (input, ctx) => {
    const body = validBody(IngestConversationBody, {
      ...(input.id != null ? { id: input.id } : {}),
      ...(input.subject != null ? { subject: input.subject } : {}),
      ...(input.metadata != null
        ? {
            metadata: {
              ...(input.metadata.url != null ? { url: input.metadata.url } : {}),
              ...(input.metadata.attributes != null
                ? { attributes: input.metadata.attributes }
                : {}),
              ...(input.metadata.createdAt != null ? { createdAt: input.metadata.createdAt } : {}),
            },
          }
        : {}),
      parts: input.parts.map((p) => ({
        type: p.type ?? 'message',
        role: p.role,
        body: p.body,
      })),
    });
    const org = OrganizationResource.parseInput(input.organizationId, {
      field: 'organizationId',
    }).id;
    await write(ctx, 'POST', restPath`/orgs/${org}/conversations`, body, Empty);
    return { organization: org, conversation: body.id ?? null };
  },
});

const ClusterIdInput = (name: string, description: string) =>
  builder.inputType(name, {
    description,
    fields: (t) => ({
      clusterId: t.id({ required: true, description: 'The cluster (global ID).' }),
    }),
  });

const ClusterPayload = builder
  .objectRef<{ cluster: IssuesClusterShape }>('IssuesClusterPayload')
  .implement({
    description: 'The cluster after the change.',
    fields: (t) => ({
      cluster: t.field({
        type: IssuesClusterRef,

        description: 'The cluster.',
        resolve: (p) => p.cluster,
      }),
    }),
  });

for (const [name, muted] of [
  ['muteIssuesCluster', true],
  ['unmuteIssuesCluster', false],
] as const) {
  writeMutation(name, {
    type: ClusterPayload,
    input: () =>
      ClusterIdInput(
        `${capitalized(name)}Input`,
        muted ? 'The cluster to mute.' : 'The cluster to unmute.',
      ),
    description: muted
      ? 'Mutes a cluster for change request creation. Needs organization admin.'
      : 'Unmutes a cluster for change request creation. Needs organization admin.',
    resolve: async (input, ctx) => {
      const address = IssuesClusterResource.parseInput(input.clusterId, { field: 'clusterId' });
      const body = validBody(UpdateIssuesClusterBody, { muted });
      const path = IssuesClusterResource.path(address);
      const cluster = await write(ctx, 'PATCH', path, body, IssuesCluster);
      return { cluster: IssuesClusterResource.shape(cluster, address) };
    },
  });
}
