import { builder } from '../../builder.ts';
import { CollectionRef } from '../collection/types.ts';
import { OrganizationRef } from '../organization/types.ts';
import { SpaceResource } from './resource.ts';
import { SpaceRef } from './types.ts';

builder.queryField('space', (t) =>
  t.field({
    type: SpaceRef,
    nullable: true,
    description: 'A space by global ID or REST id.',
    args: {
      id: t.arg.id({ required: true, description: 'Global ID or REST id.' }),
      shareKey: t.arg.string({
        description: 'Secret key of a share-link space; resolves its published URLs.',
      }),
    },
    resolve: async (_root, args, ctx) => {
      const address = SpaceResource.parseInput(args.id);
      if (!args.shareKey) return SpaceResource.stub(address);
      return SpaceResource.load(ctx, address, { shareKey: args.shareKey });
    },
  }),
);

builder.objectField(OrganizationRef, 'spaces', (t) =>
  t.connection({
    type: SpaceRef,
    description: 'Spaces of the organization (deleted ones are not listed).',
    address: true,
    resolve: (org, args, ctx) =>
      SpaceResource.connection(ctx, args, {
        path: SpaceResource.route('inOrganization', org.id),
      }),
  }),
);

builder.objectField(CollectionRef, 'spaces', (t) =>
  t.connection({
    type: SpaceRef,
    description: 'Spaces in the collection.',
    address: true,
    resolve: (collection, args, ctx) =>
      SpaceResource.connection(ctx, args, {
        path: SpaceResource.route('inCollection', collection.id),
      }),
  }),
);
