import { builder } from '../../builder.ts';
import type { GatewayContext } from '../../context.ts';
import { badInput } from '../../errorCatalog.ts';
import { read, restIdOf } from '../../resources/lookups.ts';
import type { QueryValue } from '../../upstream/rest.ts';
import { UNKNOWN } from '../base.ts';
import { addContentFields } from '../content/queries.ts';
import type { ContentScope } from '../content/resource.ts';
import { lookup } from '../node.ts';
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
 * The change request of a space an id or number names (see `lookup`); a number (digits, which
 * may also be an id) is read first, as that read tells the request's id.
 */
export function changeRequestOf(
  ctx: GatewayContext,
  address: { space: string; id: string },
): ChangeRequestShape | Promise<ChangeRequestShape> {
  if (!/^[0-9]+$/.test(address.id)) return lookup(ChangeRequestResource, address);
  return read(ctx, ChangeRequestResource.path(address), ChangeRequestResource.contract).then(
    (cr) => {
      const at = { space: address.space, id: cr.id };
      if (cr.id !== address.id) ChangeRequestResource.prime(ctx, cr, at);
      return ChangeRequestResource.shape(cr, at);
    },
  );
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
    cost: { returns: 'reference', load: 'always' },
    args: {
      idOrNumber: t.arg.string({
        required: true,
        description: 'Change request id (global or REST) or its number within the space.',
      }),
    },
    address: true,
    resolve: (space, args, ctx) => changeRequestOf(ctx, idOrNumberIn(space.id, args.idOrNumber)),
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
    args: {
      spaceId: t.arg.id({ required: true, description: 'Space ID (global or REST id).' }),
      idOrNumber: t.arg.string({
        required: true,
        description: 'Change request id (global or REST) or its number within the space.',
      }),
    },
    resolve: (_root, args, ctx) =>
      changeRequestOf(ctx, idOrNumberIn(args.spaceId, args.idOrNumber)),
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
