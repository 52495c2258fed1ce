import {
  Collection,
  CreateCollectionBody,
  MoveCollectionBody,
  UpdateCollectionBody,
} from '../../../contract/collections.ts';
import { builder } from '../../builder.ts';
import {
  deleteMutation,
  moveMutation,
  transferMutation,
  treeObject,
  updateObject,
} from '../moves.ts';
import { given, validBody, write, writeMutation } from '../mutation.ts';
import { OrganizationResource } from '../organization/resource.ts';
import { RoleEnum } from '../organization/types.ts';
import { CollectionResource } from './resource.ts';
import { CollectionRef } from './types.ts';

const CollectionObject = treeObject(CollectionRef, CollectionResource, 'collection', Collection);

const CreateCollectionInput = builder.inputType('CreateCollectionInput', {
  description: 'A new collection.',
  fields: (t) => ({
    organizationId: t.id({ required: true, description: 'Organization (global ID or REST id).' }),
    title: t.string({ description: 'Title (max 50; default "Untitled").' }),
    parent: t.id({ description: 'Parent collection (global ID or REST id).' }),
  }),
});

writeMutation('createCollection', {
  type: CollectionObject.payload,
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
  type: CollectionObject.payload,
  input: UpdateCollectionInput,
  description: "Updates a collection's title, description or default level.",
  resolve: async (input, ctx) => {
    const body = validBody(
      UpdateCollectionBody,
      given(input, ['title', 'description', 'defaultLevel'] as const),
    );
    return updateObject(CollectionObject, input, body, ctx);
  },
});

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
