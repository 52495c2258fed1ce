import { Member } from '../../../contract/members.ts';
import { defineResource } from '../../resources/resource.ts';
import { OrganizationResource } from '../organization/resource.ts';

/** A member of an organization, by user id: `/orgs/{org}/members/{user}`. */
export const MemberResource = defineResource({
  typename: 'Member',
  segments: ['org', 'id'],
  parents: { org: OrganizationResource },
  routes: {
    item: '/orgs/{organizationId}/members/{userId}',
    inOrganization: '/orgs/{organizationId}/members',
    spaces: '/orgs/{organizationId}/members/{userId}/spaces',
    sso: '/orgs/{organizationId}/members/{userId}/sso',
    teams: '/orgs/{organizationId}/members/{userId}/teams',
  },
  contract: Member,
});

/** The graph's value of a member: the REST member and its organization's id. */
export type MemberShape = typeof MemberResource.$shape;
