import { ENUMS } from '../../../contract/common.ts';
import { type ConversationDetail, IssuesClusterOrderBy } from '../../../contract/conversations.ts';
import { builder } from '../../builder.ts';
import type { GatewayContext } from '../../context.ts';
import { rawOf } from '../../upstream/damage.ts';
import { inputEnumType, locationUrlsType, openEnumType } from '../base.ts';
import { resourceNode } from '../node.ts';
import { OrganizationRef } from '../organization/types.ts';
import {
  ConversationIssueResource,
  ConversationResource,
  type ConversationShape,
  IssuesClusterResource,
  type IssuesClusterShape,
} from './resource.ts';

/** The detail of a conversation (its parts and metadata): its `GET`, read once per request. */
const detailOf = (ctx: GatewayContext, conversation: ConversationShape) =>
  ctx.rest.get(ConversationResource.path(conversation), ConversationResource.contract);

export const ImpactEnum = openEnumType('Impact', ENUMS.impact, 'How much an issue hurts users.', {
  low: 'Minor friction.',
  medium: 'Noticeable friction, workarounds exist.',
  high: 'Fully or nearly blocking, no workaround.',
});

export const IssuesClusterOrderByEnum = inputEnumType(
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
      resolve: (i) =>
        i.conversationValue === undefined ? null : { ...i.conversationValue, org: i.org },
    }),
    cluster: t.field({
      type: IssuesClusterRef,
      nullable: true,
      description: 'The cluster it belongs to, if any.',
      resolve: (i) => (i.cluster ? IssuesClusterResource.ref({ org: i.org, id: i.cluster }) : null),
    }),
  }),
});
