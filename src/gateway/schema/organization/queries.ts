import { builder } from '../../builder.ts';
import { OrganizationResource } from './resource.ts';
import { AgentInstructionsRef, OrganizationRef } from './types.ts';

builder.queryFields((t) => ({
  organizations: t.connection({
    type: OrganizationRef,
    description: 'Organizations of the authenticated user.',
    resolve: (_root, args, ctx) =>
      OrganizationResource.connection(ctx, args, { path: OrganizationResource.route('list') }),
  }),
  organization: t.field({
    type: OrganizationRef,
    nullable: true,
    description: 'An organization by global ID or REST id.',
    args: { id: t.arg.id({ required: true, description: 'Global ID or REST id.' }) },
    resolve: (_root, args) => OrganizationResource.stub(OrganizationResource.parseInput(args.id)),
  }),
}));

builder.objectField(OrganizationRef, 'agentInstructions', (t) =>
  t.field({
    type: AgentInstructionsRef,
    nullable: true,
    description: "Instructions of the organization's docs agents.",
    address: true,
    resolve: (o) => o.id,
  }),
);
