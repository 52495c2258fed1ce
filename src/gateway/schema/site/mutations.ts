import {
  AddSectionToGroupBody,
  AddSiteSpaceBody,
  CreateSiteBody,
  CreateSiteSectionBody,
  CreateSiteSectionGroupBody,
  MoveSiteSectionBody,
  MoveSiteSpaceBody,
  PutAdaptiveSchemaBody,
  SiteAdaptiveSchema,
  Site as SiteSchema,
  SiteSectionGroup as SiteSectionGroupSchema,
  SiteSection as SiteSectionSchema,
  SiteSpace as SiteSpaceSchema,
  UpdateSiteBody,
  UpdateSiteSectionBody,
  UpdateSiteSectionGroupBody,
  UpdateSiteSpaceBody,
} from '../../../contract/sites.ts';
import { builder } from '../../builder.ts';
import { ValidationError } from '../../errors.ts';
import { restPath } from '../../upstream/path.ts';
import type { InputFields } from '../base.ts';
import {
  capitalized,
  DeletePayload,
  Empty,
  given,
  validBody,
  write,
  writeMutation,
} from '../mutation.ts';
import { OrganizationResource } from '../organization/resource.ts';
import { SpaceResource } from '../space/resource.ts';
import {
  SiteAdaptiveSchemaResource,
  type SiteAdaptiveSchemaShape,
  SiteResource,
  SiteSectionGroupResource,
  type SiteSectionGroupShape,
  SiteSectionResource,
  type SiteSectionShape,
  type SiteShape,
  SiteSpaceResource,
  type SiteSpaceShape,
} from './resource.ts';
import {
  SiteAdaptiveSchemaRef,
  SiteAgentsContextEnum,
  SiteRef,
  SiteSectionGroupRef,
  SiteSectionRef,
  SiteSpaceRef,
  SiteTypeEnum,
  SiteVisibilityEnum,
} from './types.ts';

// ---- Inputs ---------------------------------------------------------------------------------

/** The site fields of an input: a Site global ID, or a REST id with `organizationId`. */
interface SiteTarget {
  siteId?: string | null | undefined;
  organizationId?: string | null | undefined;
}

/** How an input names the site its part belongs to (for REST ids of sections, site spaces...). */
const siteParents = (input: SiteTarget) => ({
  parents: { org: input.organizationId, site: input.siteId },
  parentFields: { org: 'organizationId', site: 'siteId' },
});

/** The site an input names; `siteId` is required. */
function siteOf(input: SiteTarget) {
  if (!input.siteId) {
    throw ValidationError.fromFieldErrors([{ path: ['siteId'], message: 'required' }]);
  }
  return SiteResource.parseInput(input.siteId, {
    field: 'siteId',
    parents: { org: input.organizationId },
    parentFields: { org: 'organizationId' },
  });
}

/** The REST id of a part of the site at `site`, named in `field` by global ID or REST id. */
const partOf = (
  resource: typeof SiteSpaceResource | typeof SiteSectionResource | typeof SiteSectionGroupResource,
  value: string,
  field: string,
  site: { org: string; site: string },
) => resource.parseInput(value, { field, parents: { org: site.org, site: site.site } }).id;

const siteTargetFields = (t: InputFields) => ({
  siteId: t.id({
    description: 'Site (global ID, or REST id with `organizationId`).',
  }),
  organizationId: t.id({
    description: 'Organization (global ID or REST id); needed only with REST ids.',
  }),
});

// ---- Payloads -------------------------------------------------------------------------------

const SitePayload = builder.objectRef<{ site: SiteShape }>('SitePayload').implement({
  description: 'The site after the change.',
  fields: (t) => ({
    site: t.field({
      type: SiteRef,

      description: 'The site.',
      resolve: (p) => p.site,
    }),
  }),
});

const SiteSpacePayload = builder
  .objectRef<{ siteSpace: SiteSpaceShape }>('SiteSpacePayload')
  .implement({
    description: 'The site space after the change.',
    fields: (t) => ({
      siteSpace: t.field({
        type: SiteSpaceRef,

        description: 'The site space.',
        resolve: (p) => p.siteSpace,
      }),
    }),
  });

const SiteSectionPayload = builder
  .objectRef<{ siteSection: SiteSectionShape }>('SiteSectionPayload')
  .implement({
    description: 'The section after the change.',
    fields: (t) => ({
      siteSection: t.field({
        type: SiteSectionRef,

        description: 'The section.',
        resolve: (p) => p.siteSection,
      }),
    }),
  });

const SiteSectionGroupPayload = builder
  .objectRef<{ siteSectionGroup: SiteSectionGroupShape }>('SiteSectionGroupPayload')
  .implement({
    description: 'The section group after the change.',
    fields: (t) => ({
      siteSectionGroup: t.field({
        type: SiteSectionGroupRef,

        description: 'The section group.',
        resolve: (p) => p.siteSectionGroup,
      }),
    }),
  });

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

// ---- Sites ----------------------------------------------------------------------------------

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
        ? { spaces: input.spaces.map((s) => SpaceResource.parseInput(s, { field: 'spaces' }).id) }
        : {}),
    });
    const site = await write(ctx, 'POST', restPath`/orgs/${org}/sites`, body, SiteSchema);
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
    const a = siteOf(input);
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
              { org: a.org, site: a.id },
            ),
          }
        : {}),
      ...(input.defaultSiteSection
        ? {
            defaultSiteSection: partOf(
              SiteSectionResource,
              input.defaultSiteSection,
              'defaultSiteSection',
              { org: a.org, site: a.id },
            ),
          }
        : {}),
    });
    const site = await write(ctx, 'PATCH', SiteResource.path(a), body, SiteSchema);
    return { site: SiteResource.shape(site, a) };
  },
});

const siteOnlyInput = (name: string, description: string) =>
  builder.inputType(name, { description, fields: (t) => siteTargetFields(t) });

writeMutation('deleteSite', {
  type: DeletePayload,
  input: () => siteOnlyInput('DeleteSiteInput', 'The site to delete.'),
  description: 'Deletes a site.',
  resolve: async (input, ctx) => {
    const a = siteOf(input);
    await write(ctx, 'DELETE', SiteResource.path(a), undefined, Empty);
    return { deletedId: SiteResource.globalId(a) };
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
      const a = siteOf(input);
      const path = restPath`/orgs/${a.org}/sites/${a.id}/${verb}`;
      const site = await write(ctx, 'POST', path, {}, SiteSchema);
      return { site: SiteResource.shape(site, a) };
    },
  });
}

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
    const a = siteOf(input);
    const at = { org: a.org, site: a.id };
    const body = validBody(PutAdaptiveSchemaBody, { jsonSchema: input.jsonSchema });
    const path = SiteAdaptiveSchemaResource.path(at);
    const schema = await write(ctx, 'PUT', path, body, SiteAdaptiveSchema);
    return {
      adaptiveSchema: SiteAdaptiveSchemaResource.shape(schema, at),
      site: SiteResource.stub(a),
    };
  },
});

// ---- Site spaces ------------------------------------------------------------------------------

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
    const path = restPath`/orgs/${a.org}/sites/${a.id}/site-spaces`;
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

const SiteSectionPositionInput = builder.inputType('SiteSectionPositionInput', {
  description: 'A place among sections: exactly one of `before` or `after`.',
  fields: (t) => ({
    before: t.id({ description: 'Place it before this section (global ID or REST id).' }),
    after: t.id({ description: 'Place it after this section (global ID or REST id).' }),
  }),
});

/** A `position` body: `before` and/or `after`, each a part of the same site. */
function positionBody(
  position: { before?: string | null; after?: string | null },
  resource: typeof SiteSpaceResource | typeof SiteSectionResource,
  type: 'site-space' | 'site-section',
  key: 'siteSpace' | 'siteSection',
  of: { org: string; site: string },
) {
  const anchor = (id: string | null | undefined) =>
    id ? { type, [key]: partOf(resource, id, 'position', of) } : undefined;
  const before = anchor(position.before);
  const after = anchor(position.after);
  return { ...(before ? { before } : {}), ...(after ? { after } : {}) };
}

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
      position: positionBody(input.position, SiteSpaceResource, 'site-space', 'siteSpace', p),
    });
    const path = restPath`/orgs/${p.org}/sites/${p.site}/site-spaces/${p.id}/move`;
    const ss = await write(ctx, 'POST', path, body, SiteSpaceSchema);
    return { siteSpace: SiteSpaceResource.shape(ss, p) };
  },
});

// ---- Sections ---------------------------------------------------------------------------------

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
  type: SiteSectionPayload,
  input: AddSiteSectionInput,
  description: 'Adds a section to a site, with a space as its first variant.',
  resolve: async (input, ctx) => {
    const a = siteOf(input);
    const body = validBody(CreateSiteSectionBody, {
      spaceId: SpaceResource.parseInput(input.spaceId, { field: 'spaceId' }).id,
      ...given(input, ['title', 'icon'] as const),
    });
    const path = restPath`/orgs/${a.org}/sites/${a.id}/sections`;
    const s = await write(ctx, 'POST', path, body, SiteSectionSchema);
    return { siteSection: SiteSectionResource.shape(s, { org: a.org, site: a.id, id: s.id }) };
  },
});

const sectionField = (t: InputFields) => ({
  siteSectionId: t.id({
    required: true,
    description: 'Section (global ID, or REST id with `siteId`).',
  }),
  ...siteTargetFields(t),
});

const UpdateSiteSectionInput = builder.inputType('UpdateSiteSectionInput', {
  description: 'Changes to a section; absent fields stay as they are.',
  fields: (t) => ({
    ...sectionField(t),
    title: t.string({ description: 'Title (1 to 100).' }),
    path: t.string({ description: 'Path (1 to 100).' }),
    defaultSiteSpace: t.id({ description: 'Default site space of the section.' }),
    condition: t.string({ description: 'Expression evaluated for the visitor; null removes it.' }),
    icon: t.string({ description: 'Icon name (max 50); null removes it.' }),
    description: t.string({ description: 'Description; null removes it.' }),
  }),
});

writeMutation('updateSiteSection', {
  type: SiteSectionPayload,
  input: UpdateSiteSectionInput,
  description: 'Updates a section (`condition`, `icon`, `description`: null removes).',
  resolve: async (input, ctx) => {
    const p = SiteSectionResource.parseInput(input.siteSectionId, {
      field: 'siteSectionId',
      ...siteParents(input),
    });
    const body = validBody(UpdateSiteSectionBody, {
      ...given(input, ['title', 'path', 'condition', 'icon', 'description'] as const),
      ...(input.defaultSiteSpace
        ? {
            defaultSiteSpace: partOf(
              SiteSpaceResource,
              input.defaultSiteSpace,
              'defaultSiteSpace',
              p,
            ),
          }
        : {}),
    });
    const s = await write(ctx, 'PATCH', SiteSectionResource.path(p), body, SiteSectionSchema);
    return { siteSection: SiteSectionResource.shape(s, p) };
  },
});

writeMutation('deleteSiteSection', {
  type: DeletePayload,
  input: () =>
    builder.inputType('DeleteSiteSectionInput', {
      description: 'The section to delete.',
      fields: (f) => sectionField(f),
    }),
  description: 'Deletes a section (succeeds also when it did not exist).',
  resolve: async (input, ctx) => {
    const p = SiteSectionResource.parseInput(input.siteSectionId, {
      field: 'siteSectionId',
      ...siteParents(input),
    });
    await write(ctx, 'DELETE', SiteSectionResource.path(p), undefined, Empty);
    return { deletedId: SiteSectionResource.globalId(p) };
  },
});

const MoveSiteSectionInput = builder.inputType('MoveSiteSectionInput', {
  description: 'Where to move a section.',
  fields: (t) => ({
    ...sectionField(t),
    position: t.field({
      type: SiteSectionPositionInput,
      required: true,
      description: 'The place.',
    }),
  }),
});

writeMutation('moveSiteSection', {
  type: SiteSectionPayload,
  input: MoveSiteSectionInput,
  description: 'Moves a section before or after another one.',
  resolve: async (input, ctx) => {
    const p = SiteSectionResource.parseInput(input.siteSectionId, {
      field: 'siteSectionId',
      ...siteParents(input),
    });
    const body = validBody(MoveSiteSectionBody, {
      position: positionBody(input.position, SiteSectionResource, 'site-section', 'siteSection', p),
    });
    const path = restPath`/orgs/${p.org}/sites/${p.site}/sections/${p.id}/move`;
    const s = await write(ctx, 'POST', path, body, SiteSectionSchema);
    return { siteSection: SiteSectionResource.shape(s, p) };
  },
});

// ---- Section groups ---------------------------------------------------------------------------

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
    const a = siteOf(input);
    const at = { org: a.org, site: a.id };
    const body = validBody(CreateSiteSectionGroupBody, {
      ...given(input, ['title', 'icon'] as const),
      ...(input.sections
        ? { sections: input.sections.map((s) => partOf(SiteSectionResource, s, 'sections', at)) }
        : {}),
      ...(input.parent
        ? { parent: partOf(SiteSectionGroupResource, input.parent, 'parent', at) }
        : {}),
    });
    const path = restPath`/orgs/${a.org}/sites/${a.id}/section-groups`;
    const g = await write(ctx, 'POST', path, body, SiteSectionGroupSchema);
    return {
      siteSectionGroup: SiteSectionGroupResource.shape(g, { org: a.org, site: a.id, id: g.id }),
    };
  },
});

const groupField = (t: InputFields) => ({
  siteSectionGroupId: t.id({
    required: true,
    description: 'Section group (global ID, or REST id with `siteId`).',
  }),
  ...siteTargetFields(t),
});

const UpdateSiteSectionGroupInput = builder.inputType('UpdateSiteSectionGroupInput', {
  description: 'Changes to a section group; absent fields stay as they are.',
  fields: (t) => ({
    ...groupField(t),
    title: t.string({ description: 'Title (1 to 100).' }),
    icon: t.string({ description: 'Icon name (max 50); null removes it.' }),
  }),
});

writeMutation('updateSiteSectionGroup', {
  type: SiteSectionGroupPayload,
  input: UpdateSiteSectionGroupInput,
  description: "Updates a section group's title or icon.",
  resolve: async (input, ctx) => {
    const p = SiteSectionGroupResource.parseInput(input.siteSectionGroupId, {
      field: 'siteSectionGroupId',
      ...siteParents(input),
    });
    const body = validBody(UpdateSiteSectionGroupBody, given(input, ['title', 'icon'] as const));
    const path = SiteSectionGroupResource.path(p);
    const g = await write(ctx, 'PATCH', path, body, SiteSectionGroupSchema);
    return { siteSectionGroup: SiteSectionGroupResource.shape(g, p) };
  },
});

writeMutation('deleteSiteSectionGroup', {
  type: DeletePayload,
  input: () =>
    builder.inputType('DeleteSiteSectionGroupInput', {
      description: 'The section group to delete.',
      fields: (f) => groupField(f),
    }),
  description: 'Deletes a section group (succeeds also when it did not exist).',
  resolve: async (input, ctx) => {
    const p = SiteSectionGroupResource.parseInput(input.siteSectionGroupId, {
      field: 'siteSectionGroupId',
      ...siteParents(input),
    });
    await write(ctx, 'DELETE', SiteSectionGroupResource.path(p), undefined, Empty);
    return { deletedId: SiteSectionGroupResource.globalId(p) };
  },
});

const groupSectionInput = (name: string, description: string) =>
  builder.inputType(name, {
    description,
    fields: (t) => ({
      ...groupField(t),
      siteSectionId: t.id({ required: true, description: 'Section (global ID or REST id).' }),
    }),
  });

writeMutation('addSiteSectionToGroup', {
  type: SiteSectionGroupPayload,
  input: () => groupSectionInput('AddSiteSectionToGroupInput', 'The group and the section to add.'),
  description: 'Puts a section into a section group.',
  resolve: async (input, ctx) => {
    const p = SiteSectionGroupResource.parseInput(input.siteSectionGroupId, {
      field: 'siteSectionGroupId',
      ...siteParents(input),
    });
    const body = validBody(AddSectionToGroupBody, {
      sectionId: partOf(SiteSectionResource, input.siteSectionId, 'siteSectionId', p),
    });
    const path = restPath`/orgs/${p.org}/sites/${p.site}/section-groups/${p.id}/sections`;
    const g = await write(ctx, 'POST', path, body, SiteSectionGroupSchema);
    return { siteSectionGroup: SiteSectionGroupResource.shape(g, p) };
  },
});

writeMutation('removeSiteSectionFromGroup', {
  type: SiteSectionGroupPayload,
  input: () =>
    groupSectionInput('RemoveSiteSectionFromGroupInput', 'The group and the section to take out.'),
  description:
    'Takes a section out of a section group (succeeds also when it was not in the group); the payload reads the group afterwards.',
  resolve: async (input, ctx) => {
    const p = SiteSectionGroupResource.parseInput(input.siteSectionGroupId, {
      field: 'siteSectionGroupId',
      ...siteParents(input),
    });
    const section = partOf(SiteSectionResource, input.siteSectionId, 'siteSectionId', p);
    const path = restPath`/orgs/${p.org}/sites/${p.site}/section-groups/${p.id}/sections/${section}`;
    await write(ctx, 'DELETE', path, undefined, Empty);
    return { siteSectionGroup: SiteSectionGroupResource.stub(p) };
  },
});
