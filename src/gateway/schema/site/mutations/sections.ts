import {
  CreateSiteSectionBody,
  MoveSiteSectionBody,
  SiteSection as SiteSectionSchema,
  UpdateSiteSectionBody,
} from '../../../../contract/sites.ts';
import { builder } from '../../../builder.ts';
import { given, validBody, write, writeMutation } from '../../mutation.ts';
import { SpaceResource } from '../../space/resource.ts';
import { SiteSectionResource, SiteSpaceResource } from '../resource.ts';
import { SiteSectionRef } from '../types/structure.ts';
import { partOf, siteOf, siteTargetFields } from './inputs.ts';
import { deletePartMutation, movablePart, movePartMutation, updatePart } from './parts.ts';

const Section = movablePart(SiteSectionRef, SiteSectionResource, 'siteSection', [
  'section',
  'sections',
]);

const AddSiteSectionInput = builder.inputType('AddSiteSectionInput', {
  description: 'A new section of a site.',
  fields: (t) => ({
    ...siteTargetFields(t),
    spaceId: t.id({
      required: true,
      description: 'Space added as the first site-space variant (global ID or REST id).',
    }),
    title: t.string({ description: 'Title (1 to 100).' }),
    icon: t.string({ description: 'Icon name (max 50).' }),
  }),
});

writeMutation('addSiteSection', {
  type: Section.payload,
  input: AddSiteSectionInput,
  description: 'Adds a section to a site, with a space as its first variant.',
  resolve: async (input, ctx) => {
    const site = siteOf(input);
    const body = validBody(CreateSiteSectionBody, {
      spaceId: SpaceResource.parseInput(input.spaceId, { field: 'spaceId' }).id,
      ...given(input, ['title', 'icon'] as const),
    });
    const path = SiteSectionResource.route('inSite', site.org, site.id);
    const section = await write(ctx, 'POST', path, body, SiteSectionSchema);
    const at = { org: site.org, site: site.id, id: section.id };
    return { siteSection: SiteSectionResource.shape(section, at) };
  },
});

const UpdateSiteSectionInput = builder.inputType('UpdateSiteSectionInput', {
  description: 'Changes to a section; absent fields stay as they are.',
  fields: (t) => ({
    ...Section.fields(t),
    title: t.string({ description: 'Title (1 to 100).' }),
    path: t.string({ description: 'Path (1 to 100).' }),
    defaultSiteSpace: t.id({ description: 'Default site space of the section.' }),
    condition: t.string({ description: 'Expression evaluated for the visitor; null removes it.' }),
    icon: t.string({ description: 'Icon name (max 50); null removes it.' }),
    description: t.string({ description: 'Description; null removes it.' }),
  }),
});

writeMutation('updateSiteSection', {
  type: Section.payload,
  input: UpdateSiteSectionInput,
  description: 'Updates a section (`condition`, `icon`, `description`: null removes).',
  resolve: async (input, ctx) => {
    const body = (address: { org: string; site: string; id: string }) =>
      validBody(UpdateSiteSectionBody, {
        ...given(input, ['title', 'path', 'condition', 'icon', 'description'] as const),
        ...(input.defaultSiteSpace
          ? {
              defaultSiteSpace: partOf(
                SiteSpaceResource,
                input.defaultSiteSpace,
                'defaultSiteSpace',
                address,
              ),
            }
          : {}),
      });
    return updatePart(ctx, Section, input, body, SiteSectionSchema);
  },
});

deletePartMutation('deleteSiteSection', Section, {
  input: 'The section to delete.',
  description: 'Deletes a section (succeeds also when it did not exist).',
});

movePartMutation('moveSiteSection', Section, {
  body: MoveSiteSectionBody,
  contract: SiteSectionSchema,
  description: 'Moves a section before or after another one.',
});
