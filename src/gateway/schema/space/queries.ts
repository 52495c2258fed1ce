import { Space } from '../../../contract/spaces.ts';
import { builder } from '../../builder.ts';
import { restConnection } from '../../connection.ts';
import { toRestId } from '../../ids.ts';
import { seg, withQuery } from '../../upstream/rest.ts';
import { CollectionRef } from '../collection.ts';
import { OrganizationRef } from '../organization.ts';
import { SpaceRef, spacePath } from './types.ts';

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
    resolve: (_root, args, ctx) => {
      const id = toRestId(args.id, 'Space');
      if (!args.shareKey) return id;
      return ctx.rest.get(withQuery(spacePath(id), { shareKey: args.shareKey }), Space);
    },
  }),
);

builder.objectField(OrganizationRef, 'spaces', (t) =>
  t.connection({
    type: SpaceRef,
    description: 'Spaces of the organization (deleted ones are not listed).',
    resolve: (org, args, ctx) =>
      restConnection(ctx, args, {
        path: `/orgs/${seg(org.id)}/spaces`,
        item: Space,
        primePath: (s) => spacePath(s.id),
      }),
  }),
);

builder.objectField(CollectionRef, 'spaces', (t) =>
  t.connection({
    type: SpaceRef,
    description: 'Spaces in the collection.',
    resolve: (collection, args, ctx) =>
      restConnection(ctx, args, {
        path: `/collections/${seg(collection.id)}/spaces`,
        item: Space,
        primePath: (s) => spacePath(s.id),
      }),
  }),
);
