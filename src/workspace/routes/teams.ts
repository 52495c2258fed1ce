import { z } from 'zod';
import {
  CreateTeamBody,
  PutTeamMemberBody,
  Team,
  TeamList,
  TeamListQuery,
  TeamMemberList,
  TeamMemberListQuery,
  UpdateTeamBody,
  UpdateTeamMembersBody,
} from '../../contract/teams.ts';
import { requireOrganization } from '../access.ts';
import type { RouteModule, Workspace, WorkspaceApp } from '../context.ts';
import {
  createTeam,
  deleteTeam,
  listTeamMembers,
  listTeams,
  putTeamMember,
  removeTeamMember,
  requireTeam,
  requireTeamManager,
  teamJson,
  updateTeam,
  updateTeamMembers,
} from '../store/teams.ts';

const OrgParams = z.object({ organizationId: z.string().min(1) });
const TeamParams = OrgParams.extend({ teamId: z.string().min(1) });
const TeamMemberParams = TeamParams.extend({ userId: z.string().min(1) });

function register(app: WorkspaceApp, ws: Workspace) {
  const base = '/orgs/:organizationId/teams';

  /** The team of a member who may manage it (404 to non-members, 403 to other members). */
  const managedTeam = (organizationId: string, teamId: string, callerId: string) => {
    requireOrganization(ws.db, organizationId, callerId, 'read');
    const team = requireTeam(ws, organizationId, teamId);
    requireTeamManager(ws, team, callerId);
    return team;
  };

  app.get(
    base,
    { schema: { response: { 200: TeamList }, params: OrgParams, querystring: TeamListQuery } },
    async (request) => {
      const { organizationId } = request.params;
      requireOrganization(ws.db, organizationId, request.caller.id, 'read');
      return listTeams(ws, organizationId, request.caller.id, request.query);
    },
  );

  app.put(base, { schema: { params: OrgParams, body: CreateTeamBody } }, async (request, reply) => {
    const { organizationId } = request.params;
    requireOrganization(ws.db, organizationId, request.caller.id, 'admin');
    const team = createTeam(ws, organizationId, request.body);
    return reply.code(201).send(teamJson(ws, team, request.caller.id));
  });

  app.get(
    `${base}/:teamId`,
    { schema: { response: { 200: Team }, params: TeamParams } },
    async (request) => {
      const { organizationId, teamId } = request.params;
      requireOrganization(ws.db, organizationId, request.caller.id, 'read');
      return teamJson(ws, requireTeam(ws, organizationId, teamId), request.caller.id);
    },
  );

  app.patch(
    `${base}/:teamId`,
    { schema: { params: TeamParams, body: UpdateTeamBody } },
    async (request) => {
      const { organizationId, teamId } = request.params;
      const team = managedTeam(organizationId, teamId, request.caller.id);
      return teamJson(ws, updateTeam(ws, team, request.body), request.caller.id);
    },
  );

  app.delete(`${base}/:teamId`, { schema: { params: TeamParams } }, async (request, reply) => {
    const { organizationId, teamId } = request.params;
    requireOrganization(ws.db, organizationId, request.caller.id, 'admin');
    deleteTeam(ws, organizationId, teamId);
    return reply.code(204).send();
  });

  app.get(
    `${base}/:teamId/members`,
    {
      schema: {
        response: { 200: TeamMemberList },
        params: TeamParams,
        querystring: TeamMemberListQuery,
      },
    },
    async (request) => {
      const { organizationId, teamId } = request.params;
      requireOrganization(ws.db, organizationId, request.caller.id, 'read');
      const team = requireTeam(ws, organizationId, teamId);
      return listTeamMembers(ws, team, request.caller.id, request.query);
    },
  );

  app.put(
    `${base}/:teamId/members`,
    { schema: { params: TeamParams, body: UpdateTeamMembersBody } },
    async (request, reply) => {
      const { organizationId, teamId } = request.params;
      const team = managedTeam(organizationId, teamId, request.caller.id);
      updateTeamMembers(ws, team, request.body);
      return reply.code(204).send();
    },
  );

  app.put(
    `${base}/:teamId/members/:userId`,
    { schema: { params: TeamMemberParams, body: PutTeamMemberBody } },
    async (request, reply) => {
      const { organizationId, teamId, userId } = request.params;
      const team = managedTeam(organizationId, teamId, request.caller.id);
      putTeamMember(ws, team, userId, request.body.role);
      return reply.code(204).send();
    },
  );

  app.delete(
    `${base}/:teamId/members/:userId`,
    { schema: { params: TeamMemberParams } },
    async (request, reply) => {
      const { organizationId, teamId, userId } = request.params;
      const team = managedTeam(organizationId, teamId, request.caller.id);
      removeTeamMember(ws, team, userId);
      return reply.code(204).send();
    },
  );
}

/** Teams and team members: `{org}/teams...`. */
export const teamRoutes: RouteModule = { register };
