import { z } from 'zod';
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
import { addressId, globalId, splitAddressId, toRestId } from '../../ids.ts';
import { seg } from '../../upstream/rest.ts';
import { DeletePayload } from '../collection.ts';
import {
  capitalized,
  Empty,
  given,
  type InputFields,
  validBody,
  write,
  writeMutation,
} from '../shared.ts';
import {
  groupValue,
  partKey,
  SiteAdaptiveSchemaRef,
  type SiteAdaptiveSchemaValue,
  type SiteAddress,
  SiteAgentsContextEnum,
  SiteRef,
  SiteSectionGroupRef,
  type SiteSectionGroupValue,
  SiteSectionRef,
  type SiteSectionValue,
  SiteSpaceRef,
  type SiteSpaceValue,
  SiteTypeEnum,
  type SiteValue,
  SiteVisibilityEnum,
  sectionValue,
  sitePath,
  siteSpaceValue,
} from './types.ts';

// ---- Addresses -----------------------------------------------------------------------------

function invalid(field: string, message: string): ValidationError {
  return ValidationError.fromFieldErrors([{ path: [field], message }]);
}

const NonEmpty = z.string().trim().min(1, 'must not be empty').max(200, 'at most 200 characters');

function restIdOf(value: string, typename: string, field: string): string {
  const id = toRestId(value, typename);
  if (!NonEmpty.safeParse(id).success) throw invalid(field, 'must be a non-empty id');
  return id;
}

interface SiteTarget {
  siteId?: string | null | undefined;
  organizationId?: string | null | undefined;
}

/** The site an input names: a Site global ID, or a REST id with `organizationId`. */
function siteAddress(input: SiteTarget): SiteAddress {
  if (!input.siteId) throw invalid('siteId', 'required');
  const whole = toRestId(input.siteId, 'Site', true);
  if (whole !== input.siteId) {
    const [orgId, siteId] = splitAddressId(whole, 2, 'Site', 'siteId') as [string, string];
    return { orgId, siteId };
  }
  if (!input.organizationId) {
    throw invalid('organizationId', 'required when siteId is not a Site global ID');
  }
  return {
    orgId: restIdOf(input.organizationId, 'Organization', 'organizationId'),
    siteId: restIdOf(input.siteId, 'Site', 'siteId'),
  };
}

/** A part of a site (site space, section, group): its global ID, or a REST id with the site. */
function partAddress(
  value: string,
  typename: string,
  field: string,
  input: SiteTarget,
): SiteAddress & { id: string } {
  const whole = toRestId(value, typename, true);
  if (whole !== value) {
    const [orgId, siteId, id] = splitAddressId(whole, 3, typename, field) as [
      string,
      string,
      string,
    ];
    return { orgId, siteId, id };
  }
  return { ...siteAddress(input), id: restIdOf(value, typename, field) };
}

const siteSpaceAddress = (input: SiteTarget & { siteSpaceId: string }) =>
  partAddress(input.siteSpaceId, 'SiteSpace', 'siteSpaceId', input);
const sectionAddress = (input: SiteTarget & { siteSectionId: string }) =>
  partAddress(input.siteSectionId, 'SiteSection', 'siteSectionId', input);
const groupAddress = (input: SiteTarget & { siteSectionGroupId: string }) =>
  partAddress(input.siteSectionGroupId, 'SiteSectionGroup', 'siteSectionGroupId', input);

const siteTargetFields = (t: InputFields) => ({
  siteId: t.id({
    description: 'Site (global ID, or REST id with `organizationId`).',
  }),
  organizationId: t.id({
    description: 'Organization (global ID or REST id); needed only with REST ids.',
  }),
});

// ---- Payloads -------------------------------------------------------------------------------

const SitePayload = builder.objectRef<{ site: SiteValue }>('SitePayload').implement({
  description: 'The site after the change.',
  fields: (t) => ({
    site: t.field({
      type: SiteRef,
      nullable: false,
      description: 'The site.',
      resolve: (p) => p.site,
    }),
  }),
});

const SiteSpacePayload = builder
  .objectRef<{ siteSpace: SiteSpaceValue }>('SiteSpacePayload')
  .implement({
    description: 'The site space after the change.',
    fields: (t) => ({
      siteSpace: t.field({
        type: SiteSpaceRef,
        nullable: false,
        description: 'The site space.',
        resolve: (p) => p.siteSpace,
      }),
    }),
  });

const SiteSectionPayload = builder
  .objectRef<{ siteSection: SiteSectionValue }>('SiteSectionPayload')
  .implement({
    description: 'The section after the change.',
    fields: (t) => ({
      siteSection: t.field({
        type: SiteSectionRef,
        nullable: false,
        description: 'The section.',
        resolve: (p) => p.siteSection,
      }),
    }),
  });

const SiteSectionGroupPayload = builder
  .objectRef<{ siteSectionGroup: SiteSectionGroupValue | string }>('SiteSectionGroupPayload')
  .implement({
    description: 'The section group after the change.',
    fields: (t) => ({
      siteSectionGroup: t.field({
        type: SiteSectionGroupRef,
        nullable: false,
        description: 'The section group.',
        resolve: (p) => p.siteSectionGroup,
      }),
    }),
  });

const SiteAdaptiveSchemaPayload = builder
  .objectRef<{ adaptiveSchema: SiteAdaptiveSchemaValue; site: string }>('SiteAdaptiveSchemaPayload')
  .implement({
    description: 'The adaptive schema after the change, and its site.',
    fields: (t) => ({
      adaptiveSchema: t.field({
        type: SiteAdaptiveSchemaRef,
        nullable: false,
        description: 'The visitor attributes schema.',
        resolve: (p) => p.adaptiveSchema,
      }),
      site: t.field({
        type: SiteRef,
        nullable: false,
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
    const orgId = restIdOf(input.organizationId, 'Organization', 'organizationId');
    const body = validBody(CreateSiteBody, {
      ...given(input, ['type', 'title', 'visibility'] as const),
      ...(input.spaces ? { spaces: input.spaces.map((s) => toRestId(s, 'Space')) } : {}),
    });
    const site = await write(ctx, 'POST', `/orgs/${seg(orgId)}/sites`, body, SiteSchema);
    return { site: { ...site, orgId } };
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
    const a = siteAddress(input);
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
        ? { defaultSiteSpace: toRestId(input.defaultSiteSpace, 'SiteSpace') }
        : {}),
      ...(input.defaultSiteSection
        ? { defaultSiteSection: toRestId(input.defaultSiteSection, 'SiteSection') }
        : {}),
    });
    const site = await write(ctx, 'PATCH', sitePath(a), body, SiteSchema);
    return { site: { ...site, orgId: a.orgId } };
  },
});

const siteOnlyInput = (name: string, description: string) =>
  builder.inputType(name, { description, fields: (t) => siteTargetFields(t) });

writeMutation('deleteSite', {
  type: DeletePayload,
  input: () => siteOnlyInput('DeleteSiteInput', 'The site to delete.'),
  description: 'Deletes a site.',
  resolve: async (input, ctx) => {
    const a = siteAddress(input);
    await write(ctx, 'DELETE', sitePath(a), undefined, Empty);
    return { deletedId: globalId('Site', addressId(a.orgId, a.siteId)) };
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
      const a = siteAddress(input);
      const site = await write(ctx, 'POST', `${sitePath(a)}/${verb}`, {}, SiteSchema);
      return { site: { ...site, orgId: a.orgId } };
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
    const a = siteAddress(input);
    const body = validBody(PutAdaptiveSchemaBody, { jsonSchema: input.jsonSchema });
    const schema = await write(
      ctx,
      'PUT',
      `${sitePath(a)}/adaptive-schema`,
      body,
      SiteAdaptiveSchema,
    );
    return { adaptiveSchema: { ...schema, ...a }, site: addressId(a.orgId, a.siteId) };
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
    const a = siteAddress(input);
    const body = validBody(AddSiteSpaceBody, {
      spaceId: toRestId(input.spaceId, 'Space'),
      ...(input.sectionId ? { sectionId: toRestId(input.sectionId, 'SiteSection') } : {}),
    });
    const ss = await write(ctx, 'POST', `${sitePath(a)}/site-spaces`, body, SiteSpaceSchema);
    return { siteSpace: siteSpaceValue(a, ss) };
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

const siteSpacePath = (p: SiteAddress & { id: string }) =>
  `${sitePath(p)}/site-spaces/${seg(p.id)}`;

writeMutation('updateSiteSpace', {
  type: SiteSpacePayload,
  input: UpdateSiteSpaceInput,
  description: 'Updates a site space (`condition: null` removes its condition).',
  resolve: async (input, ctx) => {
    const p = siteSpaceAddress(input);
    const body = validBody(UpdateSiteSpaceBody, {
      ...given(input, ['path', 'condition', 'hidden'] as const),
      ...(input.spaceId ? { spaceId: toRestId(input.spaceId, 'Space') } : {}),
    });
    const ss = await write(ctx, 'PATCH', siteSpacePath(p), body, SiteSpaceSchema);
    return { siteSpace: siteSpaceValue(p, ss) };
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
    const p = siteSpaceAddress(input);
    await write(ctx, 'DELETE', siteSpacePath(p), undefined, Empty);
    return { deletedId: globalId('SiteSpace', partKey(p, p.id)) };
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

function positionBody(
  position: { before?: string | null; after?: string | null },
  type: 'site-space' | 'site-section',
  key: 'siteSpace' | 'siteSection',
  typename: string,
) {
  const anchor = (id: string | null | undefined) =>
    id ? { type, [key]: toRestId(id, typename) } : undefined;
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
    const p = siteSpaceAddress(input);
    const body = validBody(MoveSiteSpaceBody, {
      position: positionBody(input.position, 'site-space', 'siteSpace', 'SiteSpace'),
    });
    const ss = await write(ctx, 'POST', `${siteSpacePath(p)}/move`, body, SiteSpaceSchema);
    return { siteSpace: siteSpaceValue(p, ss) };
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
    const a = siteAddress(input);
    const body = validBody(CreateSiteSectionBody, {
      spaceId: toRestId(input.spaceId, 'Space'),
      ...given(input, ['title', 'icon'] as const),
    });
    const s = await write(ctx, 'POST', `${sitePath(a)}/sections`, body, SiteSectionSchema);
    return { siteSection: sectionValue(a, s) };
  },
});

const sectionField = (t: InputFields) => ({
  siteSectionId: t.id({
    required: true,
    description: 'Section (global ID, or REST id with `siteId`).',
  }),
  ...siteTargetFields(t),
});

const sectionPath = (p: SiteAddress & { id: string }) => `${sitePath(p)}/sections/${seg(p.id)}`;

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
    const p = sectionAddress(input);
    const body = validBody(UpdateSiteSectionBody, {
      ...given(input, ['title', 'path', 'condition', 'icon', 'description'] as const),
      ...(input.defaultSiteSpace
        ? { defaultSiteSpace: toRestId(input.defaultSiteSpace, 'SiteSpace') }
        : {}),
    });
    const s = await write(ctx, 'PATCH', sectionPath(p), body, SiteSectionSchema);
    return { siteSection: sectionValue(p, s) };
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
    const p = sectionAddress(input);
    await write(ctx, 'DELETE', sectionPath(p), undefined, Empty);
    return { deletedId: globalId('SiteSection', partKey(p, p.id)) };
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
    const p = sectionAddress(input);
    const body = validBody(MoveSiteSectionBody, {
      position: positionBody(input.position, 'site-section', 'siteSection', 'SiteSection'),
    });
    const s = await write(ctx, 'POST', `${sectionPath(p)}/move`, body, SiteSectionSchema);
    return { siteSection: sectionValue(p, s) };
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
    const a = siteAddress(input);
    const body = validBody(CreateSiteSectionGroupBody, {
      ...given(input, ['title', 'icon'] as const),
      ...(input.sections
        ? { sections: input.sections.map((s) => toRestId(s, 'SiteSection')) }
        : {}),
      ...(input.parent ? { parent: toRestId(input.parent, 'SiteSectionGroup') } : {}),
    });
    const g = await write(
      ctx,
      'POST',
      `${sitePath(a)}/section-groups`,
      body,
      SiteSectionGroupSchema,
    );
    return { siteSectionGroup: groupValue(a, g) };
  },
});

const groupField = (t: InputFields) => ({
  siteSectionGroupId: t.id({
    required: true,
    description: 'Section group (global ID, or REST id with `siteId`).',
  }),
  ...siteTargetFields(t),
});

const groupPath = (p: SiteAddress & { id: string }) => `${sitePath(p)}/section-groups/${seg(p.id)}`;

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
    const p = groupAddress(input);
    const body = validBody(UpdateSiteSectionGroupBody, given(input, ['title', 'icon'] as const));
    const g = await write(ctx, 'PATCH', groupPath(p), body, SiteSectionGroupSchema);
    return { siteSectionGroup: groupValue(p, g) };
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
    const p = groupAddress(input);
    await write(ctx, 'DELETE', groupPath(p), undefined, Empty);
    return { deletedId: globalId('SiteSectionGroup', partKey(p, p.id)) };
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
    const p = groupAddress(input);
    const body = validBody(AddSectionToGroupBody, {
      sectionId: toRestId(input.siteSectionId, 'SiteSection'),
    });
    const g = await write(ctx, 'POST', `${groupPath(p)}/sections`, body, SiteSectionGroupSchema);
    return { siteSectionGroup: groupValue(p, g) };
  },
});

writeMutation('removeSiteSectionFromGroup', {
  type: SiteSectionGroupPayload,
  input: () =>
    groupSectionInput('RemoveSiteSectionFromGroupInput', 'The group and the section to take out.'),
  description:
    'Takes a section out of a section group (succeeds also when it was not in the group); the payload reads the group afterwards.',
  resolve: async (input, ctx) => {
    const p = groupAddress(input);
    const sectionId = restIdOf(input.siteSectionId, 'SiteSection', 'siteSectionId');
    await write(ctx, 'DELETE', `${groupPath(p)}/sections/${seg(sectionId)}`, undefined, Empty);
    return { siteSectionGroup: partKey(p, p.id) };
  },
});
