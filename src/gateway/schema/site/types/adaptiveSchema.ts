import { z } from 'zod';
import { builder } from '../../../builder.ts';
import { SiteAdaptiveSchemaResource, type SiteAdaptiveSchemaShape } from '../resource.ts';

const TemplateConditionRef = builder
  .objectRef<{ description: string; condition: string }>('SiteTemplateCondition')
  .implement({
    description: 'A condition generated from the visitor schema, for adaptive-content expressions.',
    fields: (t) => ({
      description: t.exposeString('description', {
        description: 'What the condition tests.',
      }),
      condition: t.exposeString('condition', {
        description: 'The expression.',
      }),
    }),
  });

export const SiteAdaptiveSchemaRef = builder
  .objectRef<SiteAdaptiveSchemaShape>('SiteAdaptiveSchema')
  .implement({
    description: 'The visitor attributes schema of a site, for adaptive content.',
    fields: (t) => ({
      jsonSchema: t.field({
        type: 'JSON',

        description:
          'JSON Schema (draft-07) of visitor attributes: `type` object, `properties` with an `unsigned` object for unsigned claims and further boolean properties, `additionalProperties` false.',
        resolve: (s) => s.jsonSchema,
      }),
      updatedAt: t.expose('updatedAt', {
        type: 'DateTime',
        nullable: true,
        description: 'When it was last updated.',
      }),
      templateConditions: t.field({
        type: [TemplateConditionRef],
        nullable: { list: true, items: true },
        description:
          'Conditions generated from the visitor schema for adaptive-content expressions.',
        // A list of its own, read at the schema's `template-conditions` path.
        cost: { calls: 1, returns: 'body' },
        address: true,
        resolve: async (s, _args, ctx) =>
          (
            await ctx.rest.get(
              SiteAdaptiveSchemaResource.route('templateConditions', s.org, s.site),
              z.object({
                items: z.array(z.object({ description: z.string(), condition: z.string() })),
              }),
            )
          ).items,
      }),
    }),
  });
