import { z } from 'zod';
import {
  Document,
  ENUMS,
  httpUrl,
  LIMITS,
  listPage,
  oneOfField,
  openEnum,
  PageQuery,
  sometimes,
  Timestamp,
} from './common.ts';

/** Limits of conversation ingestion (the spec gives none; these keep one conversation bounded). */
export const CONVERSATION_LIMITS = {
  idMax: 200,
  subjectMax: 500,
  partsMin: 1,
  partsMax: 500,
  partBodyMax: 100_000,
  roleMax: 50,
  urlMax: 2048,
  attributesMax: 50,
  attributeKeyMax: 100,
  attributeValueMax: 1000,
} as const;

/** A conversation id: opaque, also used in paths, so restricted to URL-safe characters. */
export const ConversationId = z
  .string()
  .min(1, 'at least 1 character')
  .max(CONVERSATION_LIMITS.idMax, `at most ${CONVERSATION_LIMITS.idMax} characters`)
  .regex(/^[\w.:@-]+$/, 'letters, digits and . _ : @ - only');

/** A cluster of similar issues (`object`=`issues-cluster`). */
export const IssuesCluster = z.object({
  object: z.literal('issues-cluster'),
  id: z.string(),
  label: sometimes(z.string()),
  createdAt: Timestamp.optional(),
  updatedAt: Timestamp.optional(),
  icon: oneOfField(z.string(), 'an icon name').optional(),
  summary: Document.optional(),
  muted: z.boolean().optional(),
  impact: openEnum(ENUMS.impact).optional(),
  weeklyPulse: z.array(z.number()).optional(),
  sources: z.record(z.string(), z.number()).optional(),
  stats: z.object({ issues: z.number(), conversations: z.number() }).partial().optional(),
  urls: z.object({ location: z.string().optional() }).optional(),
});
export type IssuesCluster = z.infer<typeof IssuesCluster>;
export const IssuesClusterList = listPage(IssuesCluster);
export type IssuesClusterList = z.infer<typeof IssuesClusterList>;

/** An ingested support conversation (`object`=`conversation`). */
export const Conversation = z.object({
  object: z.literal('conversation'),
  id: z.string(),
  subject: z.string().optional(),
  createdAt: Timestamp.optional(),
  processedAt: Timestamp.optional(),
  source: z.string().optional(),
  impact: openEnum(ENUMS.impact).optional(),
  urls: z.object({ location: z.string().optional(), source: z.string().optional() }).optional(),
});
export type Conversation = z.infer<typeof Conversation>;
export const ConversationList = listPage(Conversation);
export type ConversationList = z.infer<typeof ConversationList>;

/** One message of a conversation. */
export const ConversationPart = z.object({
  type: sometimes(z.string()),
  role: sometimes(z.string()),
  body: sometimes(z.string()),
});
export type ConversationPart = z.infer<typeof ConversationPart>;

export const ConversationMetadata = z.object({
  url: z.string().optional(),
  attributes: z.record(z.string(), z.string()).optional(),
  createdAt: Timestamp.optional(),
});

/** `GET {org}/conversations/{conversationId}`. */
export const ConversationDetail = z.object({
  conversation: Conversation,
  parts: sometimes(z.array(ConversationPart)),
  metadata: sometimes(ConversationMetadata),
});
export type ConversationDetail = z.infer<typeof ConversationDetail>;

/** An issue extracted from a conversation (`object`=`conversation-issue`). */
export const ConversationIssue = z.object({
  object: z.literal('conversation-issue'),
  id: z.string(),
  title: sometimes(z.string()),
  details: Document.optional(),
  impact: openEnum(ENUMS.impact).optional(),
  createdAt: Timestamp.optional(),
  ingestedAt: Timestamp.optional(),
  conversation: sometimes(z.string()),
  cluster: z.string().optional(),
  urls: z.object({ location: z.string().optional() }).optional(),
});
export type ConversationIssue = z.infer<typeof ConversationIssue>;

/** An issue with its conversation, as the issue list and get answer. */
export const ConversationIssueEntry = z.object({
  issue: ConversationIssue,
  conversation: sometimes(Conversation),
});
export type ConversationIssueEntry = z.infer<typeof ConversationIssueEntry>;
export const ConversationIssueList = listPage(ConversationIssueEntry);
export type ConversationIssueList = z.infer<typeof ConversationIssueList>;

const HttpUrl = httpUrl(CONVERSATION_LIMITS.urlMax);

/** Body of `POST {org}/conversations`; re-ingesting an id replaces that conversation. */
export const IngestConversationBody = z.strictObject({
  id: ConversationId.optional(),
  metadata: z
    .strictObject({
      url: HttpUrl.optional(),
      attributes: z
        .record(
          z
            .string()
            .min(1, 'attribute names are not empty')
            .max(
              CONVERSATION_LIMITS.attributeKeyMax,
              `attribute names have at most ${CONVERSATION_LIMITS.attributeKeyMax} characters`,
            ),
          z
            .string()
            .max(
              CONVERSATION_LIMITS.attributeValueMax,
              `at most ${CONVERSATION_LIMITS.attributeValueMax} characters`,
            ),
        )
        .refine(
          (attributes) => Object.keys(attributes).length <= CONVERSATION_LIMITS.attributesMax,
          `at most ${CONVERSATION_LIMITS.attributesMax} attributes`,
        )
        .optional(),
      createdAt: z.iso
        .datetime({ offset: true, message: 'must be an ISO 8601 date-time' })
        .optional(),
    })
    .optional(),
  subject: z
    .string()
    .max(CONVERSATION_LIMITS.subjectMax, `at most ${CONVERSATION_LIMITS.subjectMax} characters`)
    .optional(),
  parts: z
    .array(
      z.strictObject({
        type: z.literal('message'),
        role: z
          .string()
          .min(1, 'at least 1 character')
          .max(CONVERSATION_LIMITS.roleMax, `at most ${CONVERSATION_LIMITS.roleMax} characters`),
        body: z
          .string()
          .max(
            CONVERSATION_LIMITS.partBodyMax,
            `at most ${CONVERSATION_LIMITS.partBodyMax} characters`,
          ),
      }),
    )
    .min(CONVERSATION_LIMITS.partsMin, `at least ${CONVERSATION_LIMITS.partsMin} part`)
    .max(CONVERSATION_LIMITS.partsMax, `at most ${CONVERSATION_LIMITS.partsMax} parts`),
});
export type IngestConversationBody = z.infer<typeof IngestConversationBody>;

/** Body of `PATCH {org}/conversations-clusters/{clusterId}`. */
export const UpdateIssuesClusterBody = z.strictObject({ muted: z.boolean() });
export type UpdateIssuesClusterBody = z.infer<typeof UpdateIssuesClusterBody>;

export const ConversationListQuery = PageQuery.extend({
  source: z.string().min(1).max(200).optional(),
});
export type ConversationListQuery = z.infer<typeof ConversationListQuery>;

export const ConversationIssueListQuery = PageQuery.extend({
  cluster: z.string().min(1).max(200).optional(),
  conversation: z.string().min(1).max(200).optional(),
});
export type ConversationIssueListQuery = z.infer<typeof ConversationIssueListQuery>;

/** Sort properties of the cluster list (`impact`: high first when descending). */
export const IssuesClusterOrderBy = ['updatedAt', 'createdAt', 'impact'] as const;

export const IssuesClusterListQuery = PageQuery.extend({
  order: z.enum(ENUMS.order).default('desc'),
  orderBy: z.enum(IssuesClusterOrderBy).default('updatedAt'),
});
export type IssuesClusterListQuery = z.infer<typeof IssuesClusterListQuery>;

/** Number of weekly counts in `weeklyPulse`. */
export const WEEKLY_PULSE_WEEKS = LIMITS.weeklyPulse;
