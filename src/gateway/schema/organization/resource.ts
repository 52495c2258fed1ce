import { AgentInstructions, Organization } from '../../../contract/organizations.ts';
import { defineResource } from '../../resources/resource.ts';

/** An organization: `/orgs/{org}`. */
export const OrganizationResource = defineResource({
  typename: 'Organization',
  segments: ['id'],
  routes: {
    item: '/orgs/{organizationId}',
    list: '/orgs',
    join: '/orgs/{organizationId}/join',
    ping: '/orgs/{organizationId}/ping',
    linkInvite: '/orgs/{organizationId}/link-invites/{inviteId}',
    ssoProviders: '/orgs/{organizationId}/sso',
    search: '/orgs/{organizationId}/search',
  },
  contract: Organization,
});

/** The agent instructions of an organization: `/orgs/{org}/agent-instructions`. */
export const AgentInstructionsResource = defineResource({
  typename: 'AgentInstructions',
  segments: ['orgId'],
  parents: {},
  routes: { item: '/orgs/{organizationId}/agent-instructions' },
  contract: AgentInstructions,
});

/** The graph's value of agent instructions: the REST body and its organization's id. */
export type AgentInstructionsShape = typeof AgentInstructionsResource.$shape;
