import { MemberTeam } from '../../../contract/members.ts';
import { TeamMember } from '../../../contract/teams.ts';
import { builder } from '../../builder.ts';
import { restConnection, withNode } from '../../connections/restConnection.ts';
import { MemberResource } from '../member/resource.ts';
import { MemberRef } from '../member/types.ts';
import { OrganizationRef } from '../organization/types.ts';
import { TeamResource } from './resource.ts';
import { MemberTeamRef, TeamMemberRef, TeamRef } from './types.ts';

builder.objectField(OrganizationRef, 'teams', (t) =>
  t.connection({
    type: TeamRef,
    description: 'Teams of the organization.',
    address: true,
    args: {
      member: t.arg.id({ description: 'Only teams this member (user id) can manage.' }),
      search: t.arg.string({ description: 'Case-insensitive text in the title.' }),
    },
    resolve: (org, args, ctx) =>
      TeamResource.connection(ctx, args, {
        path: TeamResource.route('inOrganization', org.id),
        query: {
          member: args.member
            ? MemberResource.parseInput(args.member, { arg: 'member', parents: { org: org.id } }).id
            : undefined,
          search: args.search ?? undefined,
        },
        parent: { org: org.id },
      }),
  }),
);

builder.objectField(TeamRef, 'members', (t) =>
  t.connection({
    type: TeamMemberRef,
    description: 'Members of the team with their team roles.',
    address: true,
    resolve: async (team, args, ctx) => {
      const result = await restConnection(ctx.rest, args, {
        path: TeamResource.route('members', team.org, team.id),
        item: TeamMember,
      });
      for (const edge of result.edges) {
        // Priming saves a later read; an item whose member is damaged is not primed.
        try {
          const member = edge.node.organization;
          MemberResource.prime(ctx, member, { org: team.org, id: member.id });
        } catch {}
      }
      return {
        ...result,
        edges: result.edges.map((edge) => withNode(edge, { ...edge.node, org: team.org })),
      };
    },
  }),
);

builder.objectField(MemberRef, 'teams', (t) =>
  t.connection({
    type: MemberTeamRef,
    description: "Teams the member belongs to, with the member's role in each.",
    address: true,
    args: { search: t.arg.string({ description: 'Case-insensitive text in the team title.' }) },
    resolve: async (m, args, ctx) => {
      const result = await restConnection(ctx.rest, args, {
        path: MemberResource.route('teams', m.org, m.id),
        query: { search: args.search ?? undefined },
        item: MemberTeam,
      });
      // Only the team of each item is a Team (the member-teams item carries the Team shape).
      for (const edge of result.edges) {
        TeamResource.prime(ctx, edge.node.team, { org: m.org, id: edge.node.team.id });
      }
      return {
        ...result,
        edges: result.edges.map((edge) => withNode(edge, { ...edge.node, org: m.org })),
      };
    },
  }),
);
