import { Member } from '../../../contract/members.ts';
import { defineResource } from '../../resources/resource.ts';
import { restPath } from '../../upstream/path.ts';
import { OrganizationResource } from '../organization/resource.ts';

/** A member of an organization, by user id: `/orgs/{org}/members/{user}`. */
export const MemberResource = defineResource({
  typename: 'Member',
  segments: ['org', 'id'],
  parents: { org: OrganizationResource },
  path: (a) => restPath`/orgs/${a.org}/members/${a.id}`,
  schema: Member,
  addressFields: ['organization', 'spaces', 'teams'],
});

/** The graph's value of a member: the REST member and its organization's id. */
export type MemberShape = typeof MemberResource.$shape;
