import { Organization } from '../../../contract/organizations.ts';
import { builder } from '../../builder.ts';
import { restConnection } from '../../connection.ts';
import { toRestId } from '../../ids.ts';
import { AgentInstructionsRef, OrganizationRef, organizationPath } from './types.ts';

builder.queryFields((t) => ({
  organizations: t.connection({
    type: OrganizationRef,
    description: 'Organizations of the authenticated user.',
    resolve: (_root, args, ctx) =>
      restConnection(ctx, args, {
        path: '/orgs',
        item: Organization,
        primePath: (o) => organizationPath(o.id),
      }),
  }),
  organization: t.field({
    type: OrganizationRef,
    nullable: true,
    description: 'An organization by global ID or REST id.',
    args: { id: t.arg.id({ required: true, description: 'Global ID or REST id.' }) },
    resolve: (_root, args) => toRestId(args.id, 'Organization'),
  }),
}));

builder.objectField(OrganizationRef, 'agentInstructions', (t) =>
  t.field({
    type: AgentInstructionsRef,
    nullable: true,
    description: "Instructions of the organization's docs agents.",
    resolve: (o) => o.id,
  }),
);
