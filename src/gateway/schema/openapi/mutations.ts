import {
  CreateOpenAPISpecBody,
  PutOpenAPISpecBody,
  OpenAPISpec as Spec,
  UpdateOpenAPISpecBody,
} from '../../../contract/openapi.ts';
import { builder } from '../../builder.ts';
import { Empty, objectPayload, validBody, write, writeMutation } from '../mutation.ts';
import { deletedInOrganizationPayload } from '../organization/mutations.ts';
import { OrganizationResource } from '../organization/resource.ts';
import { OpenAPISpecResource } from './resource.ts';
import { OpenAPISpecRef, OpenAPIVisibilityEnum } from './types.ts';

const SpecPayload = objectPayload(OpenAPISpecRef, {
  noun: 'OpenAPI spec',
  description: 'The OpenAPI spec after the change.',
});

const SpecDeletedPayload = deletedInOrganizationPayload(
  'DeleteOpenAPISpecPayload',
  'The deleted spec (also when it did not exist).',
  'spec',
);

/** The input of a write that names a spec by organization and slug, and its source. */
const specSourceInput = (name: string, description: string) =>
  builder.inputType(name, {
    description,
    fields: (t) => ({
      organizationId: t.id({ required: true, description: 'Organization (global ID or REST id).' }),
      slug: t.string({
        required: true,
        description: 'Slug (1 to 100, letters/digits and hyphens).',
      }),
      sourceURL: t.string({
        required: true,
        description: 'Where to fetch the spec (http(s), max 2048).',
      }),
    }),
  });

const CreateSpecInput = specSourceInput(
  'CreateOpenAPISpecInput',
  'A new OpenAPI spec; its source is fetched and processed asynchronously.',
);

writeMutation('createOpenAPISpec', {
  type: SpecPayload,
  input: CreateSpecInput,
  description:
    'Creates an OpenAPI spec from a source URL and starts processing it (`processingState` pending). Needs organization admin.',
  resolve: async (input, ctx) => {
    const body = validBody(CreateOpenAPISpecBody, {
      slug: input.slug,
      source: { url: input.sourceURL },
    });
    const org = OrganizationResource.parseInput(input.organizationId, {
      field: 'organizationId',
    }).id;
    const path = OpenAPISpecResource.route('inOrganization', org);
    const spec = await write(ctx, 'POST', path, body, Spec);
    return { openAPISpec: OpenAPISpecResource.shape(spec, { org, slug: spec.slug }) };
  },
});

const PutSpecInput = specSourceInput(
  'CreateOrUpdateOpenAPISpecInput',
  'A spec to create, or whose source to replace; it is (re)processed either way.',
);

writeMutation('createOrUpdateOpenAPISpec', {
  type: SpecPayload,
  input: PutSpecInput,
  description:
    'Creates the spec of this slug or replaces its source, then reprocesses it. Needs organization admin.',
  resolve: async (input, ctx) => {
    const { slug } = validBody(CreateOpenAPISpecBody.pick({ slug: true }), { slug: input.slug });
    const body = validBody(PutOpenAPISpecBody, { source: { url: input.sourceURL } });
    const org = OrganizationResource.parseInput(input.organizationId, {
      field: 'organizationId',
    }).id;
    const spec = await write(ctx, 'PUT', OpenAPISpecResource.path({ org, slug }), body, Spec);
    return { openAPISpec: OpenAPISpecResource.shape(spec, { org, slug: spec.slug }) };
  },
});

const SetVisibilityInput = builder.inputType('SetOpenAPISpecVisibilityInput', {
  description: 'The new visibility of a spec.',
  fields: (t) => ({
    specId: t.id({ required: true, description: 'The spec (global ID).' }),
    visibility: t.field({
      type: OpenAPIVisibilityEnum.ref,
      required: true,
      description: '`PRIVATE` or `PUBLIC`.',
    }),
  }),
});

writeMutation('setOpenAPISpecVisibility', {
  type: SpecPayload,
  input: SetVisibilityInput,
  description: 'Makes a spec public (readable with its public link) or private. Needs admin.',
  resolve: async (input, ctx) => {
    const body = validBody(UpdateOpenAPISpecBody, { visibility: input.visibility });
    const address = OpenAPISpecResource.parseInput(input.specId, { field: 'specId' });
    const spec = await write(ctx, 'PATCH', OpenAPISpecResource.path(address), body, Spec);
    return { openAPISpec: OpenAPISpecResource.shape(spec, address) };
  },
});

const SpecIdInput = builder.inputType('DeleteOpenAPISpecInput', {
  description: 'The spec to delete.',
  fields: (t) => ({
    specId: t.id({ required: true, description: 'The spec (global ID).' }),
  }),
});

writeMutation('deleteOpenAPISpec', {
  type: SpecDeletedPayload,
  input: SpecIdInput,
  description: 'Deletes a spec and its versions (succeeds also when it did not exist).',
  resolve: async (input, ctx) => {
    const address = OpenAPISpecResource.parseInput(input.specId, { field: 'specId' });
    await write(ctx, 'DELETE', OpenAPISpecResource.path(address), undefined, Empty);
    return { deletedId: OpenAPISpecResource.globalId(address), organization: address.org };
  },
});
