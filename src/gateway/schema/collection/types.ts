import type { ObjectRef } from '@pothos/core';
import type { z } from 'zod';
import {
  Collection,
  CreateCollectionBody,
  MoveCollectionBody,
  UpdateCollectionBody,
} from '../../../contract/collections.ts';
import { builder } from '../../builder.ts';
import { restPath } from '../../upstream/path.ts';
import type { Types } from '../base.ts';
import { moveBody, PositionInput, transferBody } from '../moves.ts';
import { DeletePayload, Empty, given, validBody, write, writeMutation } from '../mutation.ts';
import { resourceNode } from '../node.ts';
import { OrganizationResource } from '../organization/resource.ts';
import { OrganizationRef, RoleEnum } from '../organization/types.ts';
import { CollectionResource, type CollectionShape } from './resource.ts';

type Col = z.infer<typeof Collection>;

const CollectionUrlsRef = builder.objectRef<NonNullable<Col['urls']>>('CollectionUrls').implement({
  description: 'URLs of a collection.',
  fields: (t) => ({
    location: t.exposeString('location', { nullable: true, description: 'API location.' }),
    app: t.exposeString('app', { nullable: true, description: 'URL in the app.' }),
  }),
});

const CollectionPermissionsRef = builder
  .objectRef<NonNullable<Col['permissions']>>('CollectionPermissions')
  .implement({
    description: 'What the caller may do with a collection.',
    fields: (t) => ({
      view: t.exposeBoolean('view', { nullable: true, description: 'May view it.' }),
      admin: t.exposeBoolean('admin', { nullable: true, description: 'May administrate it.' }),
      viewInviteLinks: t.exposeBoolean('viewInviteLinks', {
        nullable: true,
        description: 'May view its invite links.',
      }),
      create: t.exposeBoolean('create', {
        nullable: true,
        description: 'May create content in it.',
      }),
    }),
  });

// Annotated: the type refers to itself (`parent`).
export const CollectionRef: ObjectRef<Types, CollectionShape | string, CollectionShape> =
  resourceNode(CollectionResource, {
    description: 'A nestable group of spaces inside an organization.',
    fields: (t) => ({
      title: t.exposeString('title', { description: 'Title (max 50).' }),
      description: t.exposeString('description', {
        nullable: true,
        description: 'Description (max 100).',
      }),
      organization: t.field({
        type: OrganizationRef,

        description: 'The owning organization.',
        resolve: (c) => c.organization,
      }),
      parent: t.field({
        type: CollectionRef,
        nullable: true,
        description: 'The parent collection, if nested.',
        resolve: (c) => c.parent ?? null,
      }),
      defaultLevel: t.field({
        type: RoleEnum.ref,
        nullable: true,
        description: 'Default level for content; null for none.',
        resolve: (c) => RoleEnum.of(c.defaultLevel),
      }),
      urls: t.expose('urls', { type: CollectionUrlsRef, nullable: true, description: 'URLs.' }),
      permissions: t.expose('permissions', {
        type: CollectionPermissionsRef,
        nullable: true,
        description: 'What the caller may do with the collection.',
      }),
    }),
  });

builder.queryField('collection', (t) =>
  t.field({
    type: CollectionRef,
    nullable: true,
    description: 'A collection by global ID or REST id.',
    args: { id: t.arg.id({ required: true, description: 'Global ID or REST id.' }) },
    resolve: (_root, args) => CollectionResource.stub(CollectionResource.parseInput(args.id)),
  }),
);

builder.objectField(OrganizationRef, 'collections', (t) =>
  t.connection({
    type: CollectionRef,
    description: 'Collections of the organization.',
    args: {
      nested: t.arg.boolean({
        description: 'Also list nested collections (default true); false: top-level only.',
      }),
    },
    resolve: (org, args, ctx) =>
      CollectionResource.connection(ctx, args, {
        path: restPath`/orgs/${org.id}/collections`,
        query: { nested: args.nested ?? undefined },
      }),
  }),
);

// ---- Mutations ---------------------------------------------------------------------------

const CollectionPayload = builder
  .objectRef<{ collection: CollectionShape }>('CollectionPayload')
  .implement({
    description: 'The collection after the change.',
    fields: (t) => ({
      collection: t.field({
        type: CollectionRef,

        description: 'The collection.',
        resolve: (p) => p.collection,
      }),
    }),
  });

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
    const path = restPath`/orgs/${org}/collections`;
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
    const collection = await write(ctx, 'PATCH', restPath`/collections/${id}`, body, Collection);
    return { collection };
  },
});

const CollectionIdInput = (name: string, description: string) =>
  builder.inputType(name, {
    description,
    fields: (t) => ({
      collectionId: t.id({ required: true, description: 'Collection (global ID or REST id).' }),
    }),
  });

writeMutation('deleteCollection', {
  type: DeletePayload,
  input: () => CollectionIdInput('DeleteCollectionInput', 'The collection to delete.'),
  description: 'Deletes a collection (succeeds also when it did not exist).',
  resolve: async (input, ctx) => {
    const id = collectionOf(input.collectionId);
    await write(ctx, 'DELETE', restPath`/collections/${id}`, undefined, Empty);
    return { deletedId: CollectionResource.globalId({ id }) };
  },
});

const MoveCollectionInput = builder.inputType('MoveCollectionInput', {
  description: 'Where to move a collection.',
  fields: (t) => ({
    collectionId: t.id({ required: true, description: 'Collection (global ID or REST id).' }),
    parent: t.id({
      description:
        'New parent collection; null moves it to the organization root; absent keeps it.',
    }),
    position: t.field({
      type: PositionInput,
      description: 'Place among siblings (`collection` or `space` anchors).',
    }),
  }),
});

writeMutation('moveCollection', {
  type: CollectionPayload,
  input: MoveCollectionInput,
  description: 'Moves a collection to another parent and/or place among its siblings.',
  resolve: async (input, ctx) => {
    const body = moveBody(MoveCollectionBody, input);
    const id = collectionOf(input.collectionId);
    const path = restPath`/collections/${id}/move`;
    const collection = await write(ctx, 'POST', path, body, Collection);
    return { collection };
  },
});

const TransferCollectionInput = builder.inputType('TransferCollectionInput', {
  description: 'The collection and its target organization.',
  fields: (t) => ({
    collectionId: t.id({ required: true, description: 'Collection (global ID or REST id).' }),
    organizationId: t.id({
      required: true,
      description: 'Target organization (global ID or REST id).',
    }),
  }),
});

writeMutation('transferCollection', {
  type: CollectionPayload,
  input: TransferCollectionInput,
  description:
    'Transfers a collection to another organization (needs `admin` in both organizations).',
  resolve: async (input, ctx) => {
    const body = transferBody(input.organizationId);
    const id = collectionOf(input.collectionId);
    const path = restPath`/collections/${id}/transfer`;
    const collection = await write(ctx, 'POST', path, body, Collection);
    return { collection };
  },
});
