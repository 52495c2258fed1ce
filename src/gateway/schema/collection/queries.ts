import { builder } from '../../builder.ts';
import { OrganizationRef } from '../organization/types.ts';
import { CollectionResource } from './resource.ts';
import { CollectionRef } from './types.ts';

builder.queryField('collection', (t) =>
  t.field({
    type: CollectionRef,
    nullable: true,
    description: 'A collection by global ID or REST id.',
    args: { id: t.arg.id({ required: true, description: 'Global ID or REST id.' }) },
    resolve: (_root, args) => CollectionResource.stub(CollectionResource.parseInput(args.id)),
  }),
);

builder.objectField(OrganizationRef, 'collections', (t) =>
  t.connection({
    type: CollectionRef,
    description: 'Collections of the organization.',
    address: true,
    args: {
      nested: t.arg.boolean({
        description: 'Also list nested collections (default true); false: top-level only.',
      }),
    },
    resolve: (org, args, ctx) =>
      CollectionResource.connection(ctx, args, {
        path: CollectionResource.route('inOrganization', org.id),
        query: { nested: args.nested ?? undefined },
      }),
  }),
);
