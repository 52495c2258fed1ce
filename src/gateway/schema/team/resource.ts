import { Team } from '../../../contract/teams.ts';
import { defineResource } from '../../resources/resource.ts';
import { OrganizationResource } from '../organization/resource.ts';

/** A team of an organization: `/orgs/{org}/teams/{team}`. */
export const TeamResource = defineResource({
  typename: 'Team',
  segments: ['org', 'id'],
  parents: { org: OrganizationResource },
  routes: {
    item: '/orgs/{organizationId}/teams/{teamId}',
    inOrganization: '/orgs/{organizationId}/teams',
    members: '/orgs/{organizationId}/teams/{teamId}/members',
    member: '/orgs/{organizationId}/teams/{teamId}/members/{userId}',
  },
  contract: Team,
});

/** The graph's value of a team: the REST team and its organization's id. */
export type TeamShape = typeof TeamResource.$shape;
