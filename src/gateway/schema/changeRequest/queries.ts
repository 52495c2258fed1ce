import type { GraphQLResolveInfo } from 'graphql';
import { builder } from '../../builder.ts';
import type { GatewayContext } from '../../context.ts';
import { badInput } from '../../errorCatalog.ts';
import { selectsBelow } from '../../plugins/selections.ts';
import { restIdOf } from '../../resources/lookups.ts';
import type { QueryValue } from '../../upstream/rest.ts';
import { UNKNOWN } from '../base.ts';
import { addContentFields } from '../content/queries.ts';
import type { ContentScope } from '../content/resource.ts';
import { OrganizationRef } from '../organization/types.ts';
import { SpaceRef } from '../space/types.ts';
import { ChangeRequestResource, type ChangeRequestShape } from './resource.ts';
import {
  ChangeRequestOrderBy,
  ChangeRequestRef,
  ChangeRequestStatusEnum,
} from './types/changeRequest.ts';

/** Rejects the UNKNOWN member of an open enum used as a filter. */
function filterValue(value: string | null | undefined, name: string): string | undefined {
  if (value === UNKNOWN) throw badInput(name, 'UNKNOWN is not a filter');
  return value ?? undefined;
}

/** The address an `idOrNumber` of a space names (a ChangeRequest global ID, an id or a number). */
const idOrNumberIn = (space: string, idOrNumber: string) =>
  ChangeRequestResource.parseInput(idOrNumber, { arg: 'idOrNumber', parents: { space } });

/**
 * The change request of a space an id or number names (see `lookup`), for the field `info`
 * resolves. A number (digits, which may also be an id) stays in its address
 * (`ChangeRequestResource.named`): its content, comments and PDF are read at its number path at
 * once, beside its one read there, made when an id or its body is asked for.
 */
export function changeRequestOf(
  ctx: GatewayContext,
  address: { space: string; id: string },
  info: GraphQLResolveInfo,
): ChangeRequestShape {
  return ChangeRequestResource.named(ctx, address, () => selectsBelow(info, 'id'));
}

/**
 * The cost of a change request named by id or number: one read at most, counted whatever is
 * selected, since a number is read for the id of any object at or under it.
 */
const LOOKUP_COST = { returns: 'reference', load: 'always' } as const;

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
    creator: args.creator ? restIdOf(args.creator, 'User', 'creator') : undefined,
    contributor: args.contributor ? restIdOf(args.contributor, 'User', 'contributor') : undefined,
    requestedReviewer: args.requestedReviewer
      ? restIdOf(args.requestedReviewer, 'User', 'requestedReviewer')
      : undefined,
    conversationsIssuesCluster: args.conversationsIssuesCluster
      ? restIdOf(args.conversationsIssuesCluster, 'IssuesCluster', 'conversationsIssuesCluster')
      : undefined,
    orderBy: filterValue(args.orderBy, 'orderBy'),
  };
}

builder.objectFields(SpaceRef, (t) => ({
  changeRequests: t.connection({
    type: ChangeRequestRef,
    description: 'Change requests of the space (default: `open` ones, latest update first).',
    args: listArgs('Only change requests in this state (default `OPEN`).'),
    address: true,
    resolve: (space, args, ctx) =>
      ChangeRequestResource.connection(ctx, args, {
        path: ChangeRequestResource.route('inSpace', space.id),
        query: listQuery(args),
        parent: { space: space.id },
      }),
  }),
  changeRequest: t.field({
    type: ChangeRequestRef,
    nullable: true,
    description: 'One change request of the space, by id or by its number.',
    cost: LOOKUP_COST,
    args: {
      idOrNumber: t.arg.string({
        required: true,
        description: 'Change request id (global or REST) or its number within the space.',
      }),
    },
    address: true,
    resolve: (space, args, ctx, info) =>
      changeRequestOf(ctx, idOrNumberIn(space.id, args.idOrNumber), info),
  }),
}));

builder.objectField(OrganizationRef, 'changeRequests', (t) =>
  t.connection({
    type: ChangeRequestRef,
    description: 'Change requests across the organization’s spaces (latest update first).',
    args: listArgs('Only change requests in this state (default: every state).'),
    address: true,
    resolve: (org, args, ctx) =>
      ChangeRequestResource.connection(ctx, args, {
        path: ChangeRequestResource.route('inOrganization', org.id),
        query: listQuery(args),
        parent: (cr) => ({ space: cr.space }),
      }),
  }),
);

builder.queryField('changeRequest', (t) =>
  t.field({
    type: ChangeRequestRef,
    nullable: true,
    description: 'A change request by its space and its id or number.',
    cost: LOOKUP_COST,
    args: {
      spaceId: t.arg.id({ required: true, description: 'Space ID (global or REST id).' }),
      idOrNumber: t.arg.string({
        required: true,
        description: 'Change request id (global or REST) or its number within the space.',
      }),
    },
    resolve: (_root, args, ctx, info) =>
      changeRequestOf(ctx, idOrNumberIn(args.spaceId, args.idOrNumber), info),
  }),
);

// ---------------------------------------------------------------------------------------------
// Change request -> content.

addContentFields(
  ChangeRequestRef,
  (cr: ChangeRequestShape): ContentScope => ({ space: cr.space, changeRequest: cr.id }),
  {
    content: 'The change request’s revision (its content).',
    pages: 'The page tree of the change request’s content.',
    page: 'One page of the change request’s content.',
    files: 'Files of the change request’s content.',
    file: 'One file of the change request’s content.',
  },
);
