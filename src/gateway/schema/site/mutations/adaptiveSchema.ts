import { PutAdaptiveSchemaBody, SiteAdaptiveSchema } from '../../../../contract/sites.ts';
import { builder } from '../../../builder.ts';
import { validBody, write, writeMutation } from '../../mutation.ts';
import {
  SiteAdaptiveSchemaResource,
  type SiteAdaptiveSchemaShape,
  SiteResource,
  type SiteShape,
} from '../resource.ts';
import { SiteAdaptiveSchemaRef } from '../types/adaptiveSchema.ts';
import { SiteRef } from '../types/site.ts';
import { siteOf, siteTargetFields } from './inputs.ts';

const SiteAdaptiveSchemaPayload = builder
  .objectRef<{ adaptiveSchema: SiteAdaptiveSchemaShape; site: SiteShape }>(
    'SiteAdaptiveSchemaPayload',
  )
  .implement({
    description: 'The adaptive schema after the change, and its site.',
    fields: (t) => ({
      adaptiveSchema: t.field({
        type: SiteAdaptiveSchemaRef,

        description: 'The visitor attributes schema.',
        resolve: (p) => p.adaptiveSchema,
      }),
      site: t.field({
        type: SiteRef,

        description: 'The site.',
        resolve: (p) => p.site,
      }),
    }),
  });

const PutAdaptiveSchemaInput = builder.inputType('PutSiteAdaptiveSchemaInput', {
  description: 'The visitor attributes schema of a site.',
  fields: (t) => ({
    ...siteTargetFields(t),
    jsonSchema: t.field({
      type: 'JSON',
      required: true,
      description: 'A JSON Schema (draft-07) object describing visitor attributes.',
    }),
  }),
});

writeMutation('putSiteAdaptiveSchema', {
  type: SiteAdaptiveSchemaPayload,
  input: PutAdaptiveSchemaInput,
  description: "Sets a site's visitor attributes schema for adaptive content.",
  resolve: async (input, ctx) => {
    const site = siteOf(input);
    const at = { org: site.org, site: site.id };
    const body = validBody(PutAdaptiveSchemaBody, { jsonSchema: input.jsonSchema });
    const path = SiteAdaptiveSchemaResource.path(at);
    const schema = await write(ctx, 'PUT', path, body, SiteAdaptiveSchema);
    return {
      adaptiveSchema: SiteAdaptiveSchemaResource.shape(schema, at),
      site: SiteResource.stub(site),
    };
  },
});
