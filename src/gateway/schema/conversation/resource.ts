import {
  type Conversation,
  ConversationDetail,
  ConversationIssueEntry,
  IssuesCluster,
} from '../../../contract/conversations.ts';
import { defineResource } from '../../resources/resource.ts';
import { OrganizationResource } from '../organization/resource.ts';

/** Where an object of an organization lives: its organization's id and its own. */
type Address = { org: string; id: string };

/** The graph's value of a conversation: the REST conversation (not its detail) and its organization. */
export type ConversationShape = Conversation & { org: string };

/**
 * An ingested conversation: `/orgs/{org}/conversations/{conversation}`, whose `GET` answers the
 * detail (the conversation, its parts and metadata); lists and issues carry the conversation alone.
 */
export const ConversationResource = defineResource({
  typename: 'Conversation',
  segments: ['org', 'id'],
  parents: { org: OrganizationResource },
  routes: {
    item: '/orgs/{organizationId}/conversations/{conversationId}',
    inOrganization: '/orgs/{organizationId}/conversations',
  },
  contract: ConversationDetail,
  shape: (detail: ConversationDetail, a: Address): ConversationShape => ({
    ...detail.conversation,
    ...a,
  }),
});

/** A cluster of similar issues: `/orgs/{org}/conversations-clusters/{cluster}`. */
export const IssuesClusterResource = defineResource({
  typename: 'IssuesCluster',
  segments: ['org', 'id'],
  parents: { org: OrganizationResource },
  routes: {
    item: '/orgs/{organizationId}/conversations-clusters/{clusterId}',
    inOrganization: '/orgs/{organizationId}/conversations-clusters',
  },
  contract: IssuesCluster,
});

/** The graph's value of a cluster: the REST cluster and its organization's id. */
export type IssuesClusterShape = typeof IssuesClusterResource.$shape;

/** The graph's value of an issue: the REST issue, its organization and its embedded conversation. */
export type ConversationIssueShape = ConversationIssueEntry['issue'] & {
  org: string;
  conversationValue: Conversation;
};

/**
 * An issue extracted from a conversation: `/orgs/{org}/conversations-issues/{issue}`; its `GET`
 * and list items carry the issue with its conversation.
 */
export const ConversationIssueResource = defineResource({
  typename: 'ConversationIssue',
  segments: ['org', 'id'],
  parents: { org: OrganizationResource },
  routes: {
    item: '/orgs/{organizationId}/conversations-issues/{issueId}',
    inOrganization: '/orgs/{organizationId}/conversations-issues',
  },
  contract: ConversationIssueEntry,
  shape: (entry: ConversationIssueEntry, a: Address): ConversationIssueShape => ({
    ...entry.issue,
    ...a,
    conversationValue: entry.conversation,
  }),
});
