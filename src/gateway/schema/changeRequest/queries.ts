import { GraphQLError } from 'graphql';
import { ChangeRequest } from '../../../contract/changeRequests.ts';
import { builder } from '../../builder.ts';
import { toRestId } from '../../ids.ts';
import { restConnection } from '../../upstream/connection.ts';
import { type QueryValue, seg } from '../../upstream/rest.ts';
import { UNKNOWN } from '../common.ts';
import { OrganizationRef } from '../organization.ts';
import { SpaceRef } from '../space.ts';
import {
  ChangeRequestRef,
  ChangeRequestStatusEnum,
  type ChangeRequestWire,
  changeRequestPath,
  loadChangeRequest,
} from './types.ts';

export const ChangeRequestOrderBy = builder.enumType('ChangeRequestOrderBy', {
  description: 'Sort property of change request lists (latest first).',
  values: {
    UPDATED_AT: { value: 'updatedAt', description: 'Last update (the default).' },
    CREATED_AT: { value: 'createdAt', description: 'Creation.' },
  },
});

function badInput(message: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code: 'BAD_USER_INPUT' } });
}

/** Rejects the UNKNOWN member of an open enum used as a filter. */
function filterValue(value: string | null | undefined, name: string): string | undefined {
  if (value === UNKNOWN) throw badInput(`${name}: UNKNOWN is not a filter`);
  return value ?? undefined;
}

// ---------------------------------------------------------------------------------------------
// Lists.

/** Filter and sort arguments of a change request list. */
const listArgs = (status: string) =>
  builder.args((t) => ({
    status: t.field({ type: ChangeRequestStatusEnum.ref, description: status }),
    creator: t.id({
      description: 'Only change requests created by this user (global or REST id).',
    }),
    contributor: t.id({
      description: 'Only change requests this user contributed to (global or REST id).',
    }),
    requestedReviewer: t.id({
      description: 'Only change requests this user is asked to review (global or REST id).',
    }),
    conversationsIssuesCluster: t.id({
      description: 'Only change requests of this conversations issues cluster.',
    }),
    orderBy: t.field({
      type: ChangeRequestOrderBy,
      description: 'Sort property (default `updatedAt`).',
    }),
  }));

/** Query of a change request list from its GraphQL arguments. */
function listQuery(args: {
  status?: string | null;
  creator?: string | null;
  contributor?: string | null;
  requestedReviewer?: string | null;
  conversationsIssuesCluster?: string | null;
  orderBy?: string | null;
}): Record<string, QueryValue> {
  return {
    status: filterValue(args.status, 'status'),
    creator: args.creator ? toRestId(args.creator, 'User') : undefined,
    contributor: args.contributor ? toRestId(args.contributor, 'User') : undefined,
    requestedReviewer: args.requestedReviewer
      ? toRestId(args.requestedReviewer, 'User')
      : undefined,
    conversationsIssuesCluster: args.conversationsIssuesCluster
      ? toRestId(args.conversationsIssuesCluster, 'IssuesCluster')
      : undefined,
    orderBy: filterValue(args.orderBy, 'orderBy'),
  };
}

const primeChangeRequest = (cr: ChangeRequestWire) => changeRequestPath(cr.space, cr.id);

builder.objectFields(SpaceRef, (t) => ({
  changeRequests: t.connection({
    type: ChangeRequestRef,
    description: 'Change requests of the space (default: `open` ones, latest update first).',
    args: listArgs('Only change requests in this state (default `OPEN`).'),
    resolve: (space, args, ctx) =>
      restConnection(ctx.rest, args, {
        path: `/spaces/${seg(space.id)}/change-requests`,
        query: listQuery(args),
        item: ChangeRequest,
        primePath: primeChangeRequest,
      }),
  }),
  changeRequest: t.field({
    type: ChangeRequestRef,
    nullable: true,
    description: 'One change request of the space, by id or by its number.',
    args: {
      idOrNumber: t.arg.string({
        required: true,
        description: 'Change request id (global or REST) or its number within the space.',
      }),
    },
    resolve: (space, args, ctx) => loadChangeRequest(ctx, space.id, args.idOrNumber),
  }),
}));

builder.objectField(OrganizationRef, 'changeRequests', (t) =>
  t.connection({
    type: ChangeRequestRef,
    description: 'Change requests across the organization’s spaces (latest update first).',
    args: listArgs('Only change requests in this state (default: every state).'),
    resolve: (org, args, ctx) =>
      restConnection(ctx.rest, args, {
        path: `/orgs/${seg(org.id)}/change-requests`,
        query: listQuery(args),
        item: ChangeRequest,
        primePath: primeChangeRequest,
      }),
  }),
);

builder.queryField('changeRequest', (t) =>
  t.field({
    type: ChangeRequestRef,
    nullable: true,
    description: 'A change request by its space and its id or number.',
    args: {
      spaceId: t.arg.id({ required: true, description: 'Space ID (global or REST id).' }),
      idOrNumber: t.arg.string({
        required: true,
        description: 'Change request id (global or REST) or its number within the space.',
      }),
    },
    resolve: (_root, args, ctx) =>
      loadChangeRequest(ctx, toRestId(args.spaceId, 'Space'), args.idOrNumber),
  }),
);
