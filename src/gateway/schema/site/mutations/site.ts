import { CreateSiteBody, Site as SiteSchema, UpdateSiteBody } from '../../../../contract/sites.ts';
import { builder } from '../../../builder.ts';
import {
  capitalized,
  DeletePayload,
  Empty,
  given,
  objectPayload,
  validBody,
  write,
  writeMutation,
} from '../../mutation.ts';
import { OrganizationResource } from '../../organization/resource.ts';
import { SpaceResource } from '../../space/resource.ts';
import { SiteResource, SiteSectionResource, SiteSpaceResource } from '../resource.ts';
import { SiteAgentsContextEnum, SiteRef, SiteTypeEnum, SiteVisibilityEnum } from '../types/site.ts';
import { partOf, siteOf, siteTargetFields } from './inputs.ts';

const SitePayload = objectPayload(SiteRef, { description: 'The site after the change.' });

const CreateSiteInput = builder.inputType('CreateSiteInput', {
  description: 'A new site.',
  fields: (t) => ({
    organizationId: t.id({ required: true, description: 'Organization (global ID or REST id).' }),
    type: t.field({ type: SiteTypeEnum.ref, description: 'Site type (default `basic`).' }),
    title: t.string({ description: 'Title (1 to 100).' }),
    visibility: t.field({ type: SiteVisibilityEnum.ref, description: 'Visibility.' }),
    spaces: t.idList({ description: 'Spaces to add as site spaces (global IDs or REST ids).' }),
  }),
});

writeMutation('createSite', {
  type: SitePayload,
  input: CreateSiteInput,
  description: 'Creates a site in an organization, optionally with site spaces.',
  resolve: async (input, ctx) => {
    const org = OrganizationResource.parseInput(input.organizationId, {
      field: 'organizationId',
    }).id;
    const body = validBody(CreateSiteBody, {
      ...given(input, ['type', 'title', 'visibility'] as const),
      ...(input.spaces
        ? {
            spaces: input.spaces.map(
              (space) => SpaceResource.parseInput(space, { field: 'spaces' }).id,
            ),
          }
        : {}),
    });
    const path = SiteResource.route('inOrganization', org);
    const site = await write(ctx, 'POST', path, body, SiteSchema);
    return { site: SiteResource.shape(site, { org, id: site.id }) };
  },
});

const AdaptiveContentInput = builder.inputType('SiteAdaptiveContentInput', {
  description: 'Adaptive content settings.',
  fields: (t) => ({
    enabled: t.boolean({ required: true, description: 'Whether content adapts to visitors.' }),
  }),
});

const UpdateSiteInput = builder.inputType('UpdateSiteInput', {
  description: 'Changes to a site; absent fields stay as they are.',
  fields: (t) => ({
    ...siteTargetFields(t),
    title: t.string({ description: 'Title (1 to 100).' }),
    visibility: t.field({ type: SiteVisibilityEnum.ref, description: 'Visibility.' }),
    basename: t.string({ description: 'Base name of the site.' }),
    adaptiveContent: t.field({ type: AdaptiveContentInput, description: 'Adaptive content.' }),
    agentsContext: t.field({
      type: SiteAgentsContextEnum.ref,
      description: '`excluded` or `included` for the docs agent.',
    }),
    defaultSiteSpace: t.id({
      description:
        'Site space used as root default (in a site with sections, the default inside the default section).',
    }),
    defaultSiteSection: t.id({ description: 'Default section.' }),
    proxy: t.string({
      description:
        'Proxy for hosting on a sub-path of a domain (e.g. `example.com/docs`); null removes it.',
    }),
  }),
});

writeMutation('updateSite', {
  type: SitePayload,
  input: UpdateSiteInput,
  description: "Updates a site's settings (`proxy: null` removes the proxy).",
  resolve: async (input, ctx) => {
    const address = siteOf(input);
    const body = validBody(UpdateSiteBody, {
      ...given(input, [
        'title',
        'visibility',
        'basename',
        'adaptiveContent',
        'agentsContext',
        'proxy',
      ] as const),
      ...(input.defaultSiteSpace
        ? {
            defaultSiteSpace: partOf(
              SiteSpaceResource,
              input.defaultSiteSpace,
              'defaultSiteSpace',
              { org: address.org, site: address.id },
            ),
          }
        : {}),
      ...(input.defaultSiteSection
        ? {
            defaultSiteSection: partOf(
              SiteSectionResource,
              input.defaultSiteSection,
              'defaultSiteSection',
              { org: address.org, site: address.id },
            ),
          }
        : {}),
    });
    const site = await write(ctx, 'PATCH', SiteResource.path(address), body, SiteSchema);
    return { site: SiteResource.shape(site, address) };
  },
});

const siteOnlyInput = (name: string, description: string) =>
  builder.inputType(name, { description, fields: (t) => siteTargetFields(t) });

writeMutation('deleteSite', {
  type: DeletePayload,
  input: () => siteOnlyInput('DeleteSiteInput', 'The site to delete.'),
  description: 'Deletes a site.',
  resolve: async (input, ctx) => {
    const address = siteOf(input);
    await write(ctx, 'DELETE', SiteResource.path(address), undefined, Empty);
    return { deletedId: SiteResource.globalId(address) };
  },
});

for (const [name, verb, doc] of [
  [
    'publishSite',
    'publish',
    'Publishes a site: it becomes reachable by the audience its visibility gives.',
  ],
  ['unpublishSite', 'unpublish', 'Unpublishes a site (the inverse of publish).'],
] as const) {
  const Input = siteOnlyInput(`${capitalized(name)}Input`, `The site to ${verb}.`);
  writeMutation(name, {
    type: SitePayload,
    input: Input,
    description: doc,
    resolve: async (input, ctx) => {
      const address = siteOf(input);
      const path = SiteResource.route(verb, address.org, address.id);
      const site = await write(ctx, 'POST', path, {}, SiteSchema);
      return { site: SiteResource.shape(site, address) };
    },
  });
}
