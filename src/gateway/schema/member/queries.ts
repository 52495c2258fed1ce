import { MemberSpace } from '../../../contract/members.ts';
import { builder } from '../../builder.ts';
import { restConnection } from '../../connections/restConnection.ts';
import { OrderEnum, OrganizationRef, RoleEnum } from '../organization/types.ts';
import { SpaceResource } from '../space/resource.ts';
import { MemberResource } from './resource.ts';
import { MemberRef, MemberSortEnum, MemberSpaceRef } from './types.ts';

builder.objectField(OrganizationRef, 'members', (t) =>
  t.connection({
    type: MemberRef,
    description: 'Members of the organization.',
    address: true,
    args: {
      role: t.arg({ type: RoleEnum.ref, description: 'Only members with this role.' }),
      search: t.arg.string({ description: 'Text in the display name or email.' }),
      sort: t.arg({ type: MemberSortEnum, description: 'Sort property (default joinedAt).' }),
      order: t.arg({ type: OrderEnum.ref, description: 'Sort direction (default desc).' }),
    },
    resolve: (org, args, ctx) =>
      MemberResource.connection(ctx, args, {
        path: MemberResource.route('inOrganization', org.id),
        query: {
          role: args.role ?? undefined,
          search: args.search ?? undefined,
          sort: args.sort ?? undefined,
          order: args.order ?? undefined,
        },
        parent: { org: org.id },
      }),
  }),
);

builder.objectField(MemberRef, 'spaces', (t) =>
  t.connection({
    type: MemberSpaceRef,
    description: "Spaces the member can read, with the member's level on each.",
    address: true,
    args: { order: t.arg({ type: OrderEnum.ref, description: 'Order (default desc).' }) },
    resolve: async (m, args, ctx) => {
      const result = await restConnection(ctx.rest, args, {
        path: MemberResource.route('spaces', m.org, m.id),
        query: { order: args.order ?? undefined },
        item: MemberSpace,
      });
      for (const edge of result.edges) SpaceResource.prime(ctx, edge.node.space);
      return result;
    },
  }),
);
