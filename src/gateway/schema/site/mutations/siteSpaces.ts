import {
  AddSiteSpaceBody,
  MoveSiteSpaceBody,
  SiteSpace as SiteSpaceSchema,
  UpdateSiteSpaceBody,
} from '../../../../contract/sites.ts';
import { builder } from '../../../builder.ts';
import type { InputFields } from '../../base.ts';
import {
  DeletePayload,
  Empty,
  given,
  objectPayload,
  validBody,
  write,
  writeMutation,
} from '../../mutation.ts';
import { SpaceResource } from '../../space/resource.ts';
import { SiteSectionResource, SiteSpaceResource } from '../resource.ts';
import { SiteSpaceRef } from '../types/structure.ts';
import { partOf, siteOf, siteParents, sitePositionBody, siteTargetFields } from './inputs.ts';

const SiteSpacePayload = objectPayload(SiteSpaceRef, {
  description: 'The site space after the change.',
});

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
  type: SiteSpacePayload,
  input: AddSiteSpaceInput,
  description: 'Adds a space to a site as a site space.',
  resolve: async (input, ctx) => {
    const a = siteOf(input);
    const body = validBody(AddSiteSpaceBody, {
      spaceId: SpaceResource.parseInput(input.spaceId, { field: 'spaceId' }).id,
      ...(input.sectionId
        ? {
            sectionId: partOf(SiteSectionResource, input.sectionId, 'sectionId', {
              org: a.org,
              site: a.id,
            }),
          }
        : {}),
    });
    const path = SiteSpaceResource.route('inSite', a.org, a.id);
    const ss = await write(ctx, 'POST', path, body, SiteSpaceSchema);
    return { siteSpace: SiteSpaceResource.shape(ss, { org: a.org, site: a.id, id: ss.id }) };
  },
});

const siteSpaceField = (t: InputFields) => ({
  siteSpaceId: t.id({
    required: true,
    description: 'Site space (global ID, or REST id with `siteId`).',
  }),
  ...siteTargetFields(t),
});

const UpdateSiteSpaceInput = builder.inputType('UpdateSiteSpaceInput', {
  description: 'Changes to a site space; absent fields stay as they are.',
  fields: (t) => ({
    ...siteSpaceField(t),
    path: t.string({ description: 'Path (1 to 100).' }),
    condition: t.string({
      description: 'Expression deciding whether the visitor sees it (max 1024); null removes it.',
    }),
    spaceId: t.id({ description: 'Space whose content it points to.' }),
    hidden: t.boolean({ description: 'True hides it from navigation.' }),
  }),
});

writeMutation('updateSiteSpace', {
  type: SiteSpacePayload,
  input: UpdateSiteSpaceInput,
  description: 'Updates a site space (`condition: null` removes its condition).',
  resolve: async (input, ctx) => {
    const p = SiteSpaceResource.parseInput(input.siteSpaceId, {
      field: 'siteSpaceId',
      ...siteParents(input),
    });
    const body = validBody(UpdateSiteSpaceBody, {
      ...given(input, ['path', 'condition', 'hidden'] as const),
      ...(input.spaceId
        ? { spaceId: SpaceResource.parseInput(input.spaceId, { field: 'spaceId' }).id }
        : {}),
    });
    const ss = await write(ctx, 'PATCH', SiteSpaceResource.path(p), body, SiteSpaceSchema);
    return { siteSpace: SiteSpaceResource.shape(ss, p) };
  },
});

writeMutation('removeSiteSpace', {
  type: DeletePayload,
  input: () =>
    builder.inputType('RemoveSiteSpaceInput', {
      description: 'The site space to remove.',
      fields: (f) => siteSpaceField(f),
    }),
  description: 'Removes a site space from its site (succeeds also when it did not exist).',
  resolve: async (input, ctx) => {
    const p = SiteSpaceResource.parseInput(input.siteSpaceId, {
      field: 'siteSpaceId',
      ...siteParents(input),
    });
    await write(ctx, 'DELETE', SiteSpaceResource.path(p), undefined, Empty);
    return { deletedId: SiteSpaceResource.globalId(p) };
  },
});

const SiteSpacePositionInput = builder.inputType('SiteSpacePositionInput', {
  description: 'A place among site spaces: exactly one of `before` or `after`.',
  fields: (t) => ({
    before: t.id({ description: 'Place it before this site space (global ID or REST id).' }),
    after: t.id({ description: 'Place it after this site space (global ID or REST id).' }),
  }),
});

const MoveSiteSpaceInput = builder.inputType('MoveSiteSpaceInput', {
  description: 'Where to move a site space.',
  fields: (t) => ({
    ...siteSpaceField(t),
    position: t.field({ type: SiteSpacePositionInput, required: true, description: 'The place.' }),
  }),
});

writeMutation('moveSiteSpace', {
  type: SiteSpacePayload,
  input: MoveSiteSpaceInput,
  description: 'Moves a site space before or after another one.',
  deprecationReason:
    'The site-space move operation is deprecated in favor of a site-structure sorting operation.',
  resolve: async (input, ctx) => {
    const p = SiteSpaceResource.parseInput(input.siteSpaceId, {
      field: 'siteSpaceId',
      ...siteParents(input),
    });
    const body = validBody(MoveSiteSpaceBody, {
      position: sitePositionBody(input.position, SiteSpaceResource, 'site-space', 'siteSpace', p),
    });
    const path = SiteSpaceResource.route('move', p.org, p.site, p.id);
    const ss = await write(ctx, 'POST', path, body, SiteSpaceSchema);
    return { siteSpace: SiteSpaceResource.shape(ss, p) };
  },
});
