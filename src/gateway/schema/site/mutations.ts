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
import { MUTATION_ERRORS, mutate, ValidationError } from '../../errors.ts';
import { globalId, splitAddressId, toRestId } from '../../ids.ts';
import { seg } from '../../upstream/rest.ts';
import { DeletePayload } from '../collection.ts';
import { Empty, given, validBody } from '../organization.ts';
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
  return new ValidationError(`${field}: ${message}`, [{ path: [field], message }]);
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
    const [orgId, siteId] = splitAddressId(whole, 2, 'Site') as [string, string];
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
    const [orgId, siteId, id] = splitAddressId(whole, 3, typename) as [string, string, string];
    return { orgId, siteId, id };
  }
  return { ...siteAddress(input), id: restIdOf(value, typename, field) };
}

const siteTargetFields = (t: PothosInputFieldBuilder) => ({
  siteId: t.id({
    description: 'Site (global ID, or REST id with `organizationId`).',
  }),
  organizationId: t.id({
    description: 'Organization (global ID or REST id); needed only with REST ids.',
  }),
});
type PothosInputFieldBuilder = Parameters<
  Parameters<typeof builder.inputType>[1]['fields'] & object
>[0];

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

const errors = (name: string) => ({ types: MUTATION_ERRORS, union: { name } });

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

builder.mutationField('createSite', (t) =>
  t.field({
    type: SitePayload,
    errors: errors('CreateSiteResult'),
    description: 'Creates a site in an organization, optionally with site spaces.',
    args: {
      input: t.arg({
        description: 'The fields of the write, mirroring its REST body.',
        type: CreateSiteInput,
        required: true,
      }),
    },
    resolve: (_root, { input }, ctx) =>
      mutate(async () => {
        const orgId = restIdOf(input.organizationId, 'Organization', 'organizationId');
        const body = validBody(CreateSiteBody, {
          ...given(input, ['type', 'title', 'visibility'] as const),
          ...(input.spaces ? { spaces: input.spaces.map((s) => toRestId(s, 'Space')) } : {}),
        });
        const site = await ctx.rest.send('POST', `/orgs/${seg(orgId)}/sites`, body, SiteSchema);
        ctx.rest.clear();
        return { site: { ...site, orgId } };
      }),
  }),
);

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

builder.mutationField('updateSite', (t) =>
  t.field({
    type: SitePayload,
    errors: errors('UpdateSiteResult'),
    description: "Updates a site's settings (`proxy: null` removes the proxy).",
    args: {
      input: t.arg({
        description: 'The fields of the write, mirroring its REST body.',
        type: UpdateSiteInput,
        required: true,
      }),
    },
    resolve: (_root, { input }, ctx) =>
      mutate(async () => {
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
        const site = await ctx.rest.send('PATCH', sitePath(a), body, SiteSchema);
        ctx.rest.clear();
        return { site: { ...site, orgId: a.orgId } };
      }),
  }),
);

const siteOnlyInput = (name: string, description: string) =>
  builder.inputType(name, { description, fields: (t) => siteTargetFields(t) });

builder.mutationField('deleteSite', (t) =>
  t.field({
    type: DeletePayload,
    errors: errors('DeleteSiteResult'),
    description: 'Deletes a site.',
    args: {
      input: t.arg({
        description: 'The fields of the write, mirroring its REST body.',
        type: siteOnlyInput('DeleteSiteInput', 'The site to delete.'),
        required: true,
      }),
    },
    resolve: (_root, { input }, ctx) =>
      mutate(async () => {
        const a = siteAddress(input);
        await ctx.rest.send('DELETE', sitePath(a), undefined, Empty);
        ctx.rest.clear();
        return { deletedId: globalId('Site', partKeySite(a)) };
      }),
  }),
);

const partKeySite = (a: SiteAddress) => [a.orgId, a.siteId].map(encodeURIComponent).join('/');

for (const [name, verb, doc] of [
  [
    'publishSite',
    'publish',
    'Publishes a site: it becomes reachable by the audience its visibility gives.',
  ],
  ['unpublishSite', 'unpublish', 'Unpublishes a site (the inverse of publish).'],
] as const) {
  const Input = siteOnlyInput(
    `${name[0]?.toUpperCase()}${name.slice(1)}Input`,
    `The site to ${verb}.`,
  );
  builder.mutationField(name, (t) =>
    t.field({
      type: SitePayload,
      errors: errors(`${name[0]?.toUpperCase()}${name.slice(1)}Result`),
      description: doc,
      args: {
        input: t.arg({
          description: 'The fields of the write, mirroring its REST body.',
          type: Input,
          required: true,
        }),
      },
      resolve: (_root, { input }, ctx) =>
        mutate(async () => {
          const a = siteAddress(input);
          const site = await ctx.rest.send('POST', `${sitePath(a)}/${verb}`, {}, SiteSchema);
          ctx.rest.clear();
          return { site: { ...site, orgId: a.orgId } };
        }),
    }),
  );
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

builder.mutationField('putSiteAdaptiveSchema', (t) =>
  t.field({
    type: SiteAdaptiveSchemaPayload,
    errors: errors('PutSiteAdaptiveSchemaResult'),
    description: "Sets a site's visitor attributes schema for adaptive content.",
    args: {
      input: t.arg({
        description: 'The fields of the write, mirroring its REST body.',
        type: PutAdaptiveSchemaInput,
        required: true,
      }),
    },
    resolve: (_root, { input }, ctx) =>
      mutate(async () => {
        const a = siteAddress(input);
        const body = validBody(PutAdaptiveSchemaBody, { jsonSchema: input.jsonSchema });
        const schema = await ctx.rest.send(
          'PUT',
          `${sitePath(a)}/adaptive-schema`,
          body,
          SiteAdaptiveSchema,
        );
        ctx.rest.clear();
        return { adaptiveSchema: { ...schema, ...a }, site: partKeySite(a) };
      }),
  }),
);

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

builder.mutationField('addSiteSpace', (t) =>
  t.field({
    type: SiteSpacePayload,
    errors: errors('AddSiteSpaceResult'),
    description: 'Adds a space to a site as a site space.',
    args: {
      input: t.arg({
        description: 'The fields of the write, mirroring its REST body.',
        type: AddSiteSpaceInput,
        required: true,
      }),
    },
    resolve: (_root, { input }, ctx) =>
      mutate(async () => {
        const a = siteAddress(input);
        const body = validBody(AddSiteSpaceBody, {
          spaceId: toRestId(input.spaceId, 'Space'),
          ...(input.sectionId ? { sectionId: toRestId(input.sectionId, 'SiteSection') } : {}),
        });
        const ss = await ctx.rest.send('POST', `${sitePath(a)}/site-spaces`, body, SiteSpaceSchema);
        ctx.rest.clear();
        return { siteSpace: siteSpaceValue(a, ss) };
      }),
  }),
);

const siteSpaceField = (t: PothosInputFieldBuilder) => ({
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

builder.mutationField('updateSiteSpace', (t) =>
  t.field({
    type: SiteSpacePayload,
    errors: errors('UpdateSiteSpaceResult'),
    description: 'Updates a site space (`condition: null` removes its condition).',
    args: {
      input: t.arg({
        description: 'The fields of the write, mirroring its REST body.',
        type: UpdateSiteSpaceInput,
        required: true,
      }),
    },
    resolve: (_root, { input }, ctx) =>
      mutate(async () => {
        const p = partAddress(input.siteSpaceId, 'SiteSpace', 'siteSpaceId', input);
        const body = validBody(UpdateSiteSpaceBody, {
          ...given(input, ['path', 'condition', 'hidden'] as const),
          ...(input.spaceId ? { spaceId: toRestId(input.spaceId, 'Space') } : {}),
        });
        const ss = await ctx.rest.send('PATCH', siteSpacePath(p), body, SiteSpaceSchema);
        ctx.rest.clear();
        return { siteSpace: siteSpaceValue(p, ss) };
      }),
  }),
);

builder.mutationField('removeSiteSpace', (t) =>
  t.field({
    type: DeletePayload,
    errors: errors('RemoveSiteSpaceResult'),
    description: 'Removes a site space from its site (succeeds also when it did not exist).',
    args: {
      input: t.arg({
        description: 'The fields of the write, mirroring its REST body.',
        type: builder.inputType('RemoveSiteSpaceInput', {
          description: 'The site space to remove.',
          fields: (f) => siteSpaceField(f),
        }),
        required: true,
      }),
    },
    resolve: (_root, { input }, ctx) =>
      mutate(async () => {
        const p = partAddress(input.siteSpaceId, 'SiteSpace', 'siteSpaceId', input);
        await ctx.rest.send('DELETE', siteSpacePath(p), undefined, Empty);
        ctx.rest.clear();
        return { deletedId: globalId('SiteSpace', partKey(p, p.id)) };
      }),
  }),
);

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

builder.mutationField('moveSiteSpace', (t) =>
  t.field({
    type: SiteSpacePayload,
    errors: errors('MoveSiteSpaceResult'),
    description: 'Moves a site space before or after another one.',
    deprecationReason:
      'The site-space move operation is deprecated in favor of a site-structure sorting operation.',
    args: {
      input: t.arg({
        description: 'The fields of the write, mirroring its REST body.',
        type: MoveSiteSpaceInput,
        required: true,
      }),
    },
    resolve: (_root, { input }, ctx) =>
      mutate(async () => {
        const p = partAddress(input.siteSpaceId, 'SiteSpace', 'siteSpaceId', input);
        const body = validBody(MoveSiteSpaceBody, {
          position: positionBody(input.position, 'site-space', 'siteSpace', 'SiteSpace'),
        });
        const ss = await ctx.rest.send('POST', `${siteSpacePath(p)}/move`, body, SiteSpaceSchema);
        ctx.rest.clear();
        return { siteSpace: siteSpaceValue(p, ss) };
      }),
  }),
);

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

builder.mutationField('addSiteSection', (t) =>
  t.field({
    type: SiteSectionPayload,
    errors: errors('AddSiteSectionResult'),
    description: 'Adds a section to a site, with a space as its first variant.',
    args: {
      input: t.arg({
        description: 'The fields of the write, mirroring its REST body.',
        type: AddSiteSectionInput,
        required: true,
      }),
    },
    resolve: (_root, { input }, ctx) =>
      mutate(async () => {
        const a = siteAddress(input);
        const body = validBody(CreateSiteSectionBody, {
          spaceId: toRestId(input.spaceId, 'Space'),
          ...given(input, ['title', 'icon'] as const),
        });
        const s = await ctx.rest.send('POST', `${sitePath(a)}/sections`, body, SiteSectionSchema);
        ctx.rest.clear();
        return { siteSection: sectionValue(a, s) };
      }),
  }),
);

const sectionField = (t: PothosInputFieldBuilder) => ({
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

builder.mutationField('updateSiteSection', (t) =>
  t.field({
    type: SiteSectionPayload,
    errors: errors('UpdateSiteSectionResult'),
    description: 'Updates a section (`condition`, `icon`, `description`: null removes).',
    args: {
      input: t.arg({
        description: 'The fields of the write, mirroring its REST body.',
        type: UpdateSiteSectionInput,
        required: true,
      }),
    },
    resolve: (_root, { input }, ctx) =>
      mutate(async () => {
        const p = partAddress(input.siteSectionId, 'SiteSection', 'siteSectionId', input);
        const body = validBody(UpdateSiteSectionBody, {
          ...given(input, ['title', 'path', 'condition', 'icon', 'description'] as const),
          ...(input.defaultSiteSpace
            ? { defaultSiteSpace: toRestId(input.defaultSiteSpace, 'SiteSpace') }
            : {}),
        });
        const s = await ctx.rest.send('PATCH', sectionPath(p), body, SiteSectionSchema);
        ctx.rest.clear();
        return { siteSection: sectionValue(p, s) };
      }),
  }),
);

builder.mutationField('deleteSiteSection', (t) =>
  t.field({
    type: DeletePayload,
    errors: errors('DeleteSiteSectionResult'),
    description: 'Deletes a section (succeeds also when it did not exist).',
    args: {
      input: t.arg({
        description: 'The fields of the write, mirroring its REST body.',
        type: builder.inputType('DeleteSiteSectionInput', {
          description: 'The section to delete.',
          fields: (f) => sectionField(f),
        }),
        required: true,
      }),
    },
    resolve: (_root, { input }, ctx) =>
      mutate(async () => {
        const p = partAddress(input.siteSectionId, 'SiteSection', 'siteSectionId', input);
        await ctx.rest.send('DELETE', sectionPath(p), undefined, Empty);
        ctx.rest.clear();
        return { deletedId: globalId('SiteSection', partKey(p, p.id)) };
      }),
  }),
);

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

builder.mutationField('moveSiteSection', (t) =>
  t.field({
    type: SiteSectionPayload,
    errors: errors('MoveSiteSectionResult'),
    description: 'Moves a section before or after another one.',
    args: {
      input: t.arg({
        description: 'The fields of the write, mirroring its REST body.',
        type: MoveSiteSectionInput,
        required: true,
      }),
    },
    resolve: (_root, { input }, ctx) =>
      mutate(async () => {
        const p = partAddress(input.siteSectionId, 'SiteSection', 'siteSectionId', input);
        const body = validBody(MoveSiteSectionBody, {
          position: positionBody(input.position, 'site-section', 'siteSection', 'SiteSection'),
        });
        const s = await ctx.rest.send('POST', `${sectionPath(p)}/move`, body, SiteSectionSchema);
        ctx.rest.clear();
        return { siteSection: sectionValue(p, s) };
      }),
  }),
);

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

builder.mutationField('createSiteSectionGroup', (t) =>
  t.field({
    type: SiteSectionGroupPayload,
    errors: errors('CreateSiteSectionGroupResult'),
    description: 'Creates a section group, optionally with sections and inside another group.',
    args: {
      input: t.arg({
        description: 'The fields of the write, mirroring its REST body.',
        type: CreateSiteSectionGroupInput,
        required: true,
      }),
    },
    resolve: (_root, { input }, ctx) =>
      mutate(async () => {
        const a = siteAddress(input);
        const body = validBody(CreateSiteSectionGroupBody, {
          ...given(input, ['title', 'icon'] as const),
          ...(input.sections
            ? { sections: input.sections.map((s) => toRestId(s, 'SiteSection')) }
            : {}),
          ...(input.parent ? { parent: toRestId(input.parent, 'SiteSectionGroup') } : {}),
        });
        const g = await ctx.rest.send(
          'POST',
          `${sitePath(a)}/section-groups`,
          body,
          SiteSectionGroupSchema,
        );
        ctx.rest.clear();
        return { siteSectionGroup: groupValue(a, g) };
      }),
  }),
);

const groupField = (t: PothosInputFieldBuilder) => ({
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

builder.mutationField('updateSiteSectionGroup', (t) =>
  t.field({
    type: SiteSectionGroupPayload,
    errors: errors('UpdateSiteSectionGroupResult'),
    description: "Updates a section group's title or icon.",
    args: {
      input: t.arg({
        description: 'The fields of the write, mirroring its REST body.',
        type: UpdateSiteSectionGroupInput,
        required: true,
      }),
    },
    resolve: (_root, { input }, ctx) =>
      mutate(async () => {
        const p = partAddress(
          input.siteSectionGroupId,
          'SiteSectionGroup',
          'siteSectionGroupId',
          input,
        );
        const body = validBody(
          UpdateSiteSectionGroupBody,
          given(input, ['title', 'icon'] as const),
        );
        const g = await ctx.rest.send('PATCH', groupPath(p), body, SiteSectionGroupSchema);
        ctx.rest.clear();
        return { siteSectionGroup: groupValue(p, g) };
      }),
  }),
);

builder.mutationField('deleteSiteSectionGroup', (t) =>
  t.field({
    type: DeletePayload,
    errors: errors('DeleteSiteSectionGroupResult'),
    description: 'Deletes a section group (succeeds also when it did not exist).',
    args: {
      input: t.arg({
        description: 'The fields of the write, mirroring its REST body.',
        type: builder.inputType('DeleteSiteSectionGroupInput', {
          description: 'The section group to delete.',
          fields: (f) => groupField(f),
        }),
        required: true,
      }),
    },
    resolve: (_root, { input }, ctx) =>
      mutate(async () => {
        const p = partAddress(
          input.siteSectionGroupId,
          'SiteSectionGroup',
          'siteSectionGroupId',
          input,
        );
        await ctx.rest.send('DELETE', groupPath(p), undefined, Empty);
        ctx.rest.clear();
        return { deletedId: globalId('SiteSectionGroup', partKey(p, p.id)) };
      }),
  }),
);

const groupSectionInput = (name: string, description: string) =>
  builder.inputType(name, {
    description,
    fields: (t) => ({
      ...groupField(t),
      siteSectionId: t.id({ required: true, description: 'Section (global ID or REST id).' }),
    }),
  });

builder.mutationField('addSiteSectionToGroup', (t) =>
  t.field({
    type: SiteSectionGroupPayload,
    errors: errors('AddSiteSectionToGroupResult'),
    description: 'Puts a section into a section group.',
    args: {
      input: t.arg({
        description: 'The fields of the write, mirroring its REST body.',
        type: groupSectionInput('AddSiteSectionToGroupInput', 'The group and the section to add.'),
        required: true,
      }),
    },
    resolve: (_root, { input }, ctx) =>
      mutate(async () => {
        const p = partAddress(
          input.siteSectionGroupId,
          'SiteSectionGroup',
          'siteSectionGroupId',
          input,
        );
        const body = validBody(AddSectionToGroupBody, {
          sectionId: toRestId(input.siteSectionId, 'SiteSection'),
        });
        const g = await ctx.rest.send(
          'POST',
          `${groupPath(p)}/sections`,
          body,
          SiteSectionGroupSchema,
        );
        ctx.rest.clear();
        return { siteSectionGroup: groupValue(p, g) };
      }),
  }),
);

builder.mutationField('removeSiteSectionFromGroup', (t) =>
  t.field({
    type: SiteSectionGroupPayload,
    errors: errors('RemoveSiteSectionFromGroupResult'),
    description:
      'Takes a section out of a section group (succeeds also when it was not in the group); the payload reads the group afterwards.',
    args: {
      input: t.arg({
        description: 'The fields of the write, mirroring its REST body.',
        type: groupSectionInput(
          'RemoveSiteSectionFromGroupInput',
          'The group and the section to take out.',
        ),
        required: true,
      }),
    },
    resolve: (_root, { input }, ctx) =>
      mutate(async () => {
        const p = partAddress(
          input.siteSectionGroupId,
          'SiteSectionGroup',
          'siteSectionGroupId',
          input,
        );
        const sectionId = restIdOf(input.siteSectionId, 'SiteSection', 'siteSectionId');
        await ctx.rest.send(
          'DELETE',
          `${groupPath(p)}/sections/${seg(sectionId)}`,
          undefined,
          Empty,
        );
        ctx.rest.clear();
        return { siteSectionGroup: partKey(p, p.id) };
      }),
  }),
);
