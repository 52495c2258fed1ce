import { builder } from '../../builder.ts';
import { OrganizationRef } from '../organization/types.ts';
import { TranslationResource } from './resource.ts';
import { TranslationRef } from './types.ts';

builder.objectFields(OrganizationRef, (t) => ({
  translations: t.connection({
    type: TranslationRef,
    description: 'Translations of the organization.',
    address: true,
    resolve: (o, args, ctx) =>
      TranslationResource.connection(ctx, args, {
        path: TranslationResource.route('inOrganization', o.id),
        parent: { org: o.id },
      }),
  }),
  translation: t.field({
    type: TranslationRef,
    nullable: true,
    description: 'A translation by id; null when there is none.',
    address: true,
    args: { id: t.arg.id({ required: true, description: 'REST id or global ID.' }) },
    resolve: (o, args) =>
      TranslationResource.stub(TranslationResource.parseInput(args.id, { parents: { org: o.id } })),
  }),
}));
