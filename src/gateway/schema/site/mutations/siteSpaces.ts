import {
  AddSiteSpaceBody,
  MoveSiteSpaceBody,
  SiteSpace as SiteSpaceSchema,
  UpdateSiteSpaceBody,
} from '../../../../contract/sites.ts';
import { builder } from '../../../builder.ts';
import { given, validBody, write, writeMutation } from '../../mutation.ts';
import { SpaceResource } from '../../space/resource.ts';
import { SiteSectionResource, SiteSpaceResource } from '../resource.ts';
import { SiteSpaceRef } from '../types/structure.ts';
import { partOf, siteOf, siteTargetFields } from './inputs.ts';
import { deletePartMutation, movablePart, movePartMutation, updatePart } from './parts.ts';

const SiteSpacePart = movablePart(SiteSpaceRef, SiteSpaceResource, 'siteSpace', [
  'site space',
  'site spaces',
]);

const AddSiteSpaceInput = builder.inputType('AddSiteSpaceInput', {
  description: 'A space to publish in a site.',
  fields: (t) => ({
    ...siteTargetFields(t),
    spaceId: t.id({ required: true, description: 'Space (global ID or REST id).' }),
    sectionId: t.id({
      description:
        'Section (default: the default section, or the root of a site without sections).',
    }),
  }),
});

writeMutation('addSiteSpace', {
  type: SiteSpacePart.payload,
  input: AddSiteSpaceInput,
  description: 'Adds a space to a site as a site space.',
  resolve: async (input, ctx) => {
    const site = siteOf(input);
    const body = validBody(AddSiteSpaceBody, {
      spaceId: SpaceResource.parseInput(input.spaceId, { field: 'spaceId' }).id,
      ...(input.sectionId
        ? {
            sectionId: partOf(SiteSectionResource, input.sectionId, 'sectionId', {
              org: site.org,
              site: site.id,
            }),
          }
        : {}),
    });
    const path = SiteSpaceResource.route('inSite', site.org, site.id);
    const siteSpace = await write(ctx, 'POST', path, body, SiteSpaceSchema);
    const at = { org: site.org, site: site.id, id: siteSpace.id };
    return { siteSpace: SiteSpaceResource.shape(siteSpace, at) };
  },
});

const UpdateSiteSpaceInput = builder.inputType('UpdateSiteSpaceInput', {
  description: 'Changes to a site space; absent fields stay as they are.',
  fields: (t) => ({
    ...SiteSpacePart.fields(t),
    path: t.string({ description: 'Path (1 to 100).' }),
    condition: t.string({
      description: 'Expression deciding whether the visitor sees it (max 1024); null removes it.',
    }),
    spaceId: t.id({ description: 'Space whose content it points to.' }),
    hidden: t.boolean({ description: 'True hides it from navigation.' }),
  }),
});

writeMutation('updateSiteSpace', {
  type: SiteSpacePart.payload,
  input: UpdateSiteSpaceInput,
  description: 'Updates a site space (`condition: null` removes its condition).',
  resolve: async (input, ctx) => {
    const body = validBody(UpdateSiteSpaceBody, {
      ...given(input, ['path', 'condition', 'hidden'] as const),
      ...(input.spaceId
        ? { spaceId: SpaceResource.parseInput(input.spaceId, { field: 'spaceId' }).id }
        : {}),
    });
    return updatePart(ctx, SiteSpacePart, input, () => body, SiteSpaceSchema);
  },
});

deletePartMutation('removeSiteSpace', SiteSpacePart, {
  input: 'The site space to remove.',
  description: 'Removes a site space from its site (succeeds also when it did not exist).',
});

movePartMutation('moveSiteSpace', SiteSpacePart, {
  body: MoveSiteSpaceBody,
  contract: SiteSpaceSchema,
  description: 'Moves a site space before or after another one.',
  deprecationReason:
    'The site-space move operation is deprecated in favor of a site-structure sorting operation.',
});
