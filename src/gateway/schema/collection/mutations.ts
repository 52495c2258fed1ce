import {
  Collection,
  CreateCollectionBody,
  MoveCollectionBody,
  UpdateCollectionBody,
} from '../../../contract/collections.ts';
import { builder } from '../../builder.ts';
import { deleteMutation, moveMutation, transferMutation } from '../moves.ts';
import { given, objectPayload, validBody, write, writeMutation } from '../mutation.ts';
import { OrganizationResource } from '../organization/resource.ts';
import { RoleEnum } from '../organization/types.ts';
import { CollectionResource } from './resource.ts';
import { CollectionRef } from './types.ts';

const CollectionPayload = objectPayload(CollectionRef, { field: 'collection' });

/** The REST id of the collection an input names (a `ValidationError` on `collectionId`). */
const collectionOf = (value: string) =>
  CollectionResource.parseInput(value, { field: 'collectionId' }).id;

const CreateCollectionInput = builder.inputType('CreateCollectionInput', {
  description: 'A new collection.',
  fields: (t) => ({
    organizationId: t.id({ required: true, description: 'Organization (global ID or REST id).' }),
    title: t.string({ description: 'Title (max 50; default "Untitled").' }),
    parent: t.id({ description: 'Parent collection (global ID or REST id).' }),
  }),
});

writeMutation('createCollection', {
  type: CollectionPayload,
  input: CreateCollectionInput,
  description: 'Creates a collection in an organization, optionally inside another.',
  resolve: async (input, ctx) => {
    const body = validBody(CreateCollectionBody, {
      ...given(input, ['title'] as const),
      ...(input.parent
        ? { parent: CollectionResource.parseInput(input.parent, { field: 'parent' }).id }
        : {}),
    });
    const org = OrganizationResource.parseInput(input.organizationId, {
      field: 'organizationId',
    }).id;
    const path = CollectionResource.route('inOrganization', org);
    const collection = await write(ctx, 'POST', path, body, Collection);
    return { collection };
  },
});

const UpdateCollectionInput = builder.inputType('UpdateCollectionInput', {
  description: 'Changes to a collection; absent fields stay as they are.',
  fields: (t) => ({
    collectionId: t.id({ required: true, description: 'Collection (global ID or REST id).' }),
    title: t.string({ description: 'Title (max 50).' }),
    description: t.string({ description: 'Description (max 100).' }),
    defaultLevel: t.field({
      type: RoleEnum.ref,
      description: 'Default level for content; null for none.',
    }),
  }),
});

writeMutation('updateCollection', {
  type: CollectionPayload,
  input: UpdateCollectionInput,
  description: "Updates a collection's title, description or default level.",
  resolve: async (input, ctx) => {
    const body = validBody(
      UpdateCollectionBody,
      given(input, ['title', 'description', 'defaultLevel'] as const),
    );
    const id = collectionOf(input.collectionId);
    const collection = await write(ctx, 'PATCH', CollectionResource.path({ id }), body, Collection);
    return { collection };
  },
});

const CollectionObject = {
  resource: CollectionResource,
  field: 'collectionId',
  key: 'collection',
  description: 'Collection (global ID or REST id).',
  payload: CollectionPayload,
  contract: Collection,
} as const;

deleteMutation('deleteCollection', CollectionObject, {
  input: 'The collection to delete.',
  description: 'Deletes a collection (succeeds also when it did not exist).',
});

moveMutation('moveCollection', CollectionObject, {
  description: 'Moves a collection to another parent and/or place among its siblings.',
  position: 'Place among siblings (`collection` or `space` anchors).',
  body: MoveCollectionBody,
});

transferMutation(
  'transferCollection',
  CollectionObject,
  'Transfers a collection to another organization (needs `admin` in both organizations).',
);
