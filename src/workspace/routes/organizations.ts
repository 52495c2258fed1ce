import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  OrganizationListQuery,
  PutAgentInstructionsBody,
  UpdateOrganizationBody,
} from '../../contract/organizations.ts';
import { requireOrganization } from '../access.ts';
import type { RouteModule, Workspace } from '../context.ts';
import { parseInput } from '../errors.ts';
import {
  agentInstructionsJson,
  deleteLinkInvite,
  getOrganizationRow,
  joinOrganization,
  listOrganizations,
  organizationJson,
  pingOrganization,
  putAgentInstructions,
  requireMemberOrganization,
  updateOrganization,
} from '../store/organizations.ts';
import { OrgParams } from './common.ts';

const InviteParams = OrgParams.extend({ inviteId: z.string().min(1).max(200) });

function v1(app: FastifyInstance, ws: Workspace) {
  app.get('/orgs', async (request) => {
    const query = parseInput(OrganizationListQuery, request.query, 'query');
    return listOrganizations(ws, request.caller.id, query);
  });

  app.get('/orgs/:organizationId', async (request) => {
    const { organizationId } = parseInput(OrgParams, request.params, 'params');
    requireMemberOrganization(ws, organizationId, request.caller.id);
    return organizationJson(ws, organizationId, request.caller.id);
  });

  app.patch('/orgs/:organizationId', async (request) => {
    const { organizationId } = parseInput(OrgParams, request.params, 'params');
    const body = parseInput(UpdateOrganizationBody, request.body, 'body');
    requireOrganization(ws.db, organizationId, request.caller.id, 'admin');
    const row = requireMemberOrganization(ws, organizationId, request.caller.id);
    updateOrganization(ws, row, body);
    return organizationJson(ws, organizationId, request.caller.id);
  });

  app.post('/orgs/:organizationId/join', async (request, reply) => {
    const { organizationId } = parseInput(OrgParams, request.params, 'params');
    joinOrganization(ws, organizationId, request.caller.id);
    return reply.code(204).send();
  });

  app.delete('/orgs/:organizationId/link-invites/:inviteId', async (request, reply) => {
    const { organizationId, inviteId } = parseInput(InviteParams, request.params, 'params');
    requireOrganization(ws.db, organizationId, request.caller.id, 'admin');
    deleteLinkInvite(ws, organizationId, inviteId);
    return reply.code(204).send();
  });

  app.post('/orgs/:organizationId/ping', async (request) => {
    const { organizationId } = parseInput(OrgParams, request.params, 'params');
    return pingOrganization(ws, organizationId, request.caller.id);
  });

  app.get('/orgs/:organizationId/agent-instructions', async (request) => {
    const { organizationId } = parseInput(OrgParams, request.params, 'params');
    const row = requireMemberOrganization(ws, organizationId, request.caller.id);
    return agentInstructionsJson(ws, row);
  });

  app.put('/orgs/:organizationId/agent-instructions', async (request) => {
    const { organizationId } = parseInput(OrgParams, request.params, 'params');
    const body = parseInput(PutAgentInstructionsBody, request.body, 'body');
    requireOrganization(ws.db, organizationId, request.caller.id, 'admin');
    const row = getOrganizationRow(ws, organizationId);
    if (!row) return undefined;
    return putAgentInstructions(
      ws,
      row,
      request.caller.id,
      body.instructions as Parameters<typeof putAgentInstructions>[3],
    );
  });
}

/** Organizations: list, read, settings, join, link invites, ping, agent instructions. */
export const organizationsRoutes: RouteModule = { v1 };
