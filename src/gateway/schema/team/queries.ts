import { MemberTeam } from '../../../contract/members.ts';
import { Team, TeamMember } from '../../../contract/teams.ts';
import { builder } from '../../builder.ts';
import { restConnection } from '../../connection.ts';
import { toRestId } from '../../ids.ts';
import { seg } from '../../upstream/rest.ts';
import { MemberRef, memberPath, type OrgMember } from '../member.ts';
import { OrganizationRef } from '../organization.ts';
import { MemberTeamRef, TeamMemberRef, TeamRef, teamInOrganization, teamPath } from './types.ts';

builder.objectField(OrganizationRef, 'teams', (t) =>
  t.connection({
    type: TeamRef,
    description: 'Teams of the organization.',
    args: {
      member: t.arg.id({ description: 'Only teams this member (user id) can manage.' }),
      search: t.arg.string({ description: 'Case-insensitive text in the title.' }),
    },
    resolve: async (org, args, ctx) => {
      const result = await restConnection(ctx, args, {
        path: `/orgs/${seg(org.id)}/teams`,
        query: {
          member: args.member ? toRestId(args.member, 'Member') : undefined,
          search: args.search ?? undefined,
        },
        item: Team,
        primePath: (team) => teamPath(org.id, team.id),
      });
      return {
        ...result,
        edges: result.edges.map((e) => ({ ...e, node: teamInOrganization(org.id, e.node) })),
      };
    },
  }),
);

builder.objectField(TeamRef, 'members', (t) =>
  t.connection({
    type: TeamMemberRef,
    description: 'Members of the team with their team roles.',
    resolve: async (team, args, ctx) => {
      const result = await restConnection(ctx, args, {
        path: `${teamPath(team.orgId, team.id)}/members`,
        item: TeamMember,
      });
      for (const e of result.edges) {
        ctx.rest.prime(() => memberPath(team.orgId, e.node.organization.id), e.node.organization);
      }
      return {
        ...result,
        edges: result.edges.map((e) => ({
          ...e,
          node: { ...e.node, orgId: team.orgId },
        })),
      };
    },
  }),
);

builder.objectField(MemberRef, 'teams', (t) =>
  t.connection({
    type: MemberTeamRef,
    description: "Teams the member belongs to, with the member's role in each.",
    args: { search: t.arg.string({ description: 'Case-insensitive text in the team title.' }) },
    resolve: async (m: OrgMember, args, ctx) => {
      const result = await restConnection(ctx, args, {
        path: `${memberPath(m.orgId, m.id)}/teams`,
        query: { search: args.search ?? undefined },
        item: MemberTeam,
      });
      // Only the team of each item is a Team (the member-teams item carries the Team shape).
      for (const e of result.edges)
        ctx.rest.prime(() => teamPath(m.orgId, e.node.team.id), e.node.team);
      return {
        ...result,
        edges: result.edges.map((e) => ({ ...e, node: { ...e.node, orgId: m.orgId } })),
      };
    },
  }),
);
