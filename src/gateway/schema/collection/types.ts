import type { ObjectRef } from '@pothos/core';
import type { z } from 'zod';
import type { Collection } from '../../../contract/collections.ts';
import { builder } from '../../builder.ts';
import type { Types } from '../base.ts';
import { resourceNode } from '../node.ts';
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
