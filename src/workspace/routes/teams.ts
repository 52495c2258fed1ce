import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  CreateTeamBody,
  PutTeamMemberBody,
  TeamListQuery,
  TeamMemberListQuery,
  UpdateTeamBody,
  UpdateTeamMembersBody,
} from '../../contract/teams.ts';
import { requireOrganization } from '../access.ts';
import type { RouteModule, Workspace } from '../context.ts';
import { parseInput } from '../errors.ts';
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

function v1(app: FastifyInstance, ws: Workspace) {
  const base = '/orgs/:organizationId/teams';

  /** The team of a member who may manage it (404 to non-members, 403 to other members). */
  const managedTeam = (organizationId: string, teamId: string, callerId: string) => {
    requireOrganization(ws.db, organizationId, callerId, 'read');
    const team = requireTeam(ws, organizationId, teamId);
    requireTeamManager(ws, team, callerId);
    return team;
  };

  app.get(base, async (request) => {
    const { organizationId } = parseInput(OrgParams, request.params, 'params');
    requireOrganization(ws.db, organizationId, request.caller.id, 'read');
    const query = parseInput(TeamListQuery, request.query, 'query');
    return listTeams(ws, organizationId, request.caller.id, query);
  });

  app.put(base, async (request, reply) => {
    const { organizationId } = parseInput(OrgParams, request.params, 'params');
    requireOrganization(ws.db, organizationId, request.caller.id, 'admin');
    const body = parseInput(CreateTeamBody, request.body, 'body');
    const team = createTeam(ws, organizationId, body);
    return reply.code(201).send(teamJson(ws, team, request.caller.id));
  });

  app.get(`${base}/:teamId`, async (request) => {
    const { organizationId, teamId } = parseInput(TeamParams, request.params, 'params');
    requireOrganization(ws.db, organizationId, request.caller.id, 'read');
    return teamJson(ws, requireTeam(ws, organizationId, teamId), request.caller.id);
  });

  app.patch(`${base}/:teamId`, async (request) => {
    const { organizationId, teamId } = parseInput(TeamParams, request.params, 'params');
    const team = managedTeam(organizationId, teamId, request.caller.id);
    const body = parseInput(UpdateTeamBody, request.body, 'body');
    return teamJson(ws, updateTeam(ws, team, body), request.caller.id);
  });

  app.delete(`${base}/:teamId`, async (request, reply) => {
    const { organizationId, teamId } = parseInput(TeamParams, request.params, 'params');
    requireOrganization(ws.db, organizationId, request.caller.id, 'admin');
    deleteTeam(ws, organizationId, teamId);
    return reply.code(204).send();
  });

  app.get(`${base}/:teamId/members`, async (request) => {
    const { organizationId, teamId } = parseInput(TeamParams, request.params, 'params');
    requireOrganization(ws.db, organizationId, request.caller.id, 'read');
    const team = requireTeam(ws, organizationId, teamId);
    const query = parseInput(TeamMemberListQuery, request.query, 'query');
    return listTeamMembers(ws, team, request.caller.id, query);
  });

  app.put(`${base}/:teamId/members`, async (request, reply) => {
    const { organizationId, teamId } = parseInput(TeamParams, request.params, 'params');
    const team = managedTeam(organizationId, teamId, request.caller.id);
    const body = parseInput(UpdateTeamMembersBody, request.body, 'body');
    updateTeamMembers(ws, team, body);
    return reply.code(204).send();
  });

  app.put(`${base}/:teamId/members/:userId`, async (request, reply) => {
    const { organizationId, teamId, userId } = parseInput(
      TeamMemberParams,
      request.params,
      'params',
    );
    const team = managedTeam(organizationId, teamId, request.caller.id);
    const body = parseInput(PutTeamMemberBody, request.body, 'body');
    putTeamMember(ws, team, userId, body.role);
    return reply.code(204).send();
  });

  app.delete(`${base}/:teamId/members/:userId`, async (request, reply) => {
    const { organizationId, teamId, userId } = parseInput(
      TeamMemberParams,
      request.params,
      'params',
    );
    const team = managedTeam(organizationId, teamId, request.caller.id);
    removeTeamMember(ws, team, userId);
    return reply.code(204).send();
  });
}

/** Teams and team members: `{org}/teams...`. */
export const teamRoutes: RouteModule = { v1 };
