import {
  AddSectionToGroupBody,
  CreateSiteSectionGroupBody,
  SiteSectionGroup as SiteSectionGroupSchema,
  UpdateSiteSectionGroupBody,
} from '../../../../contract/sites.ts';
import { builder } from '../../../builder.ts';
import { Empty, given, objectPayload, validBody, write, writeMutation } from '../../mutation.ts';
import { SiteSectionGroupResource, SiteSectionResource } from '../resource.ts';
import { SiteSectionGroupRef } from '../types/structure.ts';
import { partOf, siteOf, siteTargetFields } from './inputs.ts';
import { deletePartMutation, namedPart, partFields } from './parts.ts';

const SiteSectionGroupPayload = objectPayload(SiteSectionGroupRef, {
  description: 'The section group after the change.',
});

const CreateSiteSectionGroupInput = builder.inputType('CreateSiteSectionGroupInput', {
  description: 'A new section group.',
  fields: (t) => ({
    ...siteTargetFields(t),
    title: t.string({ required: true, description: 'Title (1 to 100).' }),
    icon: t.string({ description: 'Icon name (max 50).' }),
    sections: t.idList({ description: 'Sections to put in it (global IDs or REST ids).' }),
    parent: t.id({ description: 'Parent group (default: the site root).' }),
  }),
});

writeMutation('createSiteSectionGroup', {
  type: SiteSectionGroupPayload,
  input: CreateSiteSectionGroupInput,
  description: 'Creates a section group, optionally with sections and inside another group.',
  resolve: async (input, ctx) => {
    const site = siteOf(input);
    const at = { org: site.org, site: site.id };
    const body = validBody(CreateSiteSectionGroupBody, {
      ...given(input, ['title', 'icon'] as const),
      ...(input.sections
        ? {
            sections: input.sections.map((section) =>
              partOf(SiteSectionResource, section, 'sections', at),
            ),
          }
        : {}),
      ...(input.parent
        ? { parent: partOf(SiteSectionGroupResource, input.parent, 'parent', at) }
        : {}),
    });
    const path = SiteSectionGroupResource.route('inSite', site.org, site.id);
    const group = await write(ctx, 'POST', path, body, SiteSectionGroupSchema);
    return {
      siteSectionGroup: SiteSectionGroupResource.shape(group, {
        org: site.org,
        site: site.id,
        id: group.id,
      }),
    };
  },
});

const Group = {
  resource: SiteSectionGroupResource,
  field: 'siteSectionGroupId',
  description: 'Section group (global ID, or REST id with `siteId`).',
} as const;

const groupFields = partFields(Group);

const UpdateSiteSectionGroupInput = builder.inputType('UpdateSiteSectionGroupInput', {
  description: 'Changes to a section group; absent fields stay as they are.',
  fields: (t) => ({
    ...groupFields(t),
    title: t.string({ description: 'Title (1 to 100).' }),
    icon: t.string({ description: 'Icon name (max 50); null removes it.' }),
  }),
});

writeMutation('updateSiteSectionGroup', {
  type: SiteSectionGroupPayload,
  input: UpdateSiteSectionGroupInput,
  description: "Updates a section group's title or icon.",
  resolve: async (input, ctx) => {
    const address = namedPart(Group, input);
    const body = validBody(UpdateSiteSectionGroupBody, given(input, ['title', 'icon'] as const));
    const path = SiteSectionGroupResource.path(address);
    const group = await write(ctx, 'PATCH', path, body, SiteSectionGroupSchema);
    return { siteSectionGroup: SiteSectionGroupResource.shape(group, address) };
  },
});

deletePartMutation('deleteSiteSectionGroup', Group, {
  input: 'The section group to delete.',
  description: 'Deletes a section group (succeeds also when it did not exist).',
});

const groupSectionInput = (name: string, description: string) =>
  builder.inputType(name, {
    description,
    fields: (t) => ({
      ...groupFields(t),
      siteSectionId: t.id({ required: true, description: 'Section (global ID or REST id).' }),
    }),
  });

writeMutation('addSiteSectionToGroup', {
  type: SiteSectionGroupPayload,
  input: () => groupSectionInput('AddSiteSectionToGroupInput', 'The group and the section to add.'),
  description: 'Puts a section into a section group.',
  resolve: async (input, ctx) => {
    const address = namedPart(Group, input);
    const body = validBody(AddSectionToGroupBody, {
      sectionId: partOf(SiteSectionResource, input.siteSectionId, 'siteSectionId', address),
    });
    const path = SiteSectionGroupResource.route('sections', address.org, address.site, address.id);
    const group = await write(ctx, 'POST', path, body, SiteSectionGroupSchema);
    return { siteSectionGroup: SiteSectionGroupResource.shape(group, address) };
  },
});

writeMutation('removeSiteSectionFromGroup', {
  type: SiteSectionGroupPayload,
  input: () =>
    groupSectionInput('RemoveSiteSectionFromGroupInput', 'The group and the section to take out.'),
  description:
    'Takes a section out of a section group (succeeds also when it was not in the group); the payload reads the group afterwards.',
  resolve: async (input, ctx) => {
    const address = namedPart(Group, input);
    const section = partOf(SiteSectionResource, input.siteSectionId, 'siteSectionId', address);
    const path = SiteSectionGroupResource.route(
      'section',
      address.org,
      address.site,
      address.id,
      section,
    );
    await write(ctx, 'DELETE', path, undefined, Empty);
    return { siteSectionGroup: SiteSectionGroupResource.stub(address) };
  },
});
