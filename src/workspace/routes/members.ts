import { z } from 'zod';
import {
  Member,
  MemberList,
  MemberListQuery,
  MemberSpaceList,
  MemberSpacesQuery,
  MemberTeamList,
  MemberTeamsQuery,
  UpdateMemberBody,
} from '../../contract/members.ts';
import { requireOrganization } from '../access.ts';
import type { RouteModule, Workspace, WorkspaceApp } from '../context.ts';
import { orNotFound } from '../errors.ts';
import { memberJson } from '../store/memberRows.ts';
import {
  listMemberSpaces,
  listMembers,
  listMemberTeams,
  markSsoMember,
  removeMember,
  requireMemberRow,
  requireSelfOrAdmin,
  updateMemberRole,
} from '../store/members.ts';
import { OrgParams } from './common.ts';

const MemberParams = OrgParams.extend({ userId: z.string().min(1).max(200) });

function register(app: WorkspaceApp, ws: Workspace) {
  const answer = (organizationId: string, userId: string) =>
    orNotFound(memberJson(ws, organizationId, userId), 'member');

  app.get(
    '/orgs/:organizationId/members',
    { schema: { response: { 200: MemberList }, params: OrgParams, querystring: MemberListQuery } },
    async (request) => {
      const { organizationId } = request.params;
      requireOrganization(ws.db, organizationId, request.caller.id, 'read');
      return listMembers(ws, organizationId, request.query);
    },
  );

  app.get(
    '/orgs/:organizationId/members/:userId',
    { schema: { response: { 200: Member }, params: MemberParams } },
    async (request) => {
      const { organizationId, userId } = request.params;
      requireOrganization(ws.db, organizationId, request.caller.id, 'read');
      return answer(organizationId, userId);
    },
  );

  app.patch(
    '/orgs/:organizationId/members/:userId',
    { schema: { response: { 200: Member }, params: MemberParams, body: UpdateMemberBody } },
    async (request) => {
      const { organizationId, userId } = request.params;
      requireOrganization(ws.db, organizationId, request.caller.id, 'admin');
      updateMemberRole(ws, requireMemberRow(ws, organizationId, userId), request.body.role);
      return answer(organizationId, userId);
    },
  );

  // An admin removes anyone; a member may leave by removing themself.
  app.delete(
    '/orgs/:organizationId/members/:userId',
    { schema: { params: MemberParams } },
    async (request, reply) => {
      const { organizationId, userId } = request.params;
      if (userId === request.caller.id) {
        requireOrganization(ws.db, organizationId, request.caller.id, 'read');
      } else {
        requireOrganization(ws.db, organizationId, request.caller.id, 'admin');
      }
      removeMember(ws, organizationId, userId);
      return reply.code(204).send();
    },
  );

  app.post(
    '/orgs/:organizationId/members/:userId/sso',
    { schema: { response: { 200: Member }, params: MemberParams } },
    async (request) => {
      const { organizationId, userId } = request.params;
      requireOrganization(ws.db, organizationId, request.caller.id, 'admin');
      markSsoMember(ws, organizationId, userId);
      return answer(organizationId, userId);
    },
  );

  app.get(
    '/orgs/:organizationId/members/:userId/spaces',
    {
      schema: {
        response: { 200: MemberSpaceList },
        params: MemberParams,
        querystring: MemberSpacesQuery,
      },
    },
    async (request) => {
      const { organizationId, userId } = request.params;
      requireSelfOrAdmin(ws, organizationId, request.caller.id, userId);
      requireMemberRow(ws, organizationId, userId);
      return listMemberSpaces(ws, organizationId, userId, request.caller.id, request.query);
    },
  );

  app.get(
    '/orgs/:organizationId/members/:userId/teams',
    {
      schema: {
        response: { 200: MemberTeamList },
        params: MemberParams,
        querystring: MemberTeamsQuery,
      },
    },
    async (request) => {
      const { organizationId, userId } = request.params;
      requireOrganization(ws.db, organizationId, request.caller.id, 'read');
      requireMemberRow(ws, organizationId, userId);
      return listMemberTeams(ws, organizationId, userId, request.caller.id, request.query);
    },
  );
}

/** Organization members: list, read, role, removal, SSO flag, their spaces and teams. */
export const membersRoutes: RouteModule = { register };
