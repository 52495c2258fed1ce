import { z } from 'zod';
import {
  AgentInstructions,
  Organization,
  OrganizationList,
  OrganizationListQuery,
  PingResult,
  PutAgentInstructionsBody,
  UpdateOrganizationBody,
} from '../../contract/organizations.ts';
import { requireOrganization } from '../access.ts';
import type { RouteModule, Workspace, WorkspaceApp } from '../context.ts';
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

function register(app: WorkspaceApp, ws: Workspace) {
  app.get(
    '/orgs',
    { schema: { response: { 200: OrganizationList }, querystring: OrganizationListQuery } },
    async (request) => {
      return listOrganizations(ws, request.caller.id, request.query);
    },
  );

  app.get(
    '/orgs/:organizationId',
    { schema: { response: { 200: Organization }, params: OrgParams } },
    async (request) => {
      const { organizationId } = request.params;
      requireMemberOrganization(ws, organizationId, request.caller.id);
      return organizationJson(ws, organizationId, request.caller.id);
    },
  );

  app.patch(
    '/orgs/:organizationId',
    {
      schema: { response: { 200: Organization }, params: OrgParams, body: UpdateOrganizationBody },
    },
    async (request) => {
      const { organizationId } = request.params;
      requireOrganization(ws.db, organizationId, request.caller.id, 'admin');
      const row = requireMemberOrganization(ws, organizationId, request.caller.id);
      updateOrganization(ws, row, request.body);
      return organizationJson(ws, organizationId, request.caller.id);
    },
  );

  app.post(
    '/orgs/:organizationId/join',
    { schema: { params: OrgParams } },
    async (request, reply) => {
      const { organizationId } = request.params;
      joinOrganization(ws, organizationId, request.caller.id);
      return reply.code(204).send();
    },
  );

  app.delete(
    '/orgs/:organizationId/link-invites/:inviteId',
    { schema: { params: InviteParams } },
    async (request, reply) => {
      const { organizationId, inviteId } = request.params;
      requireOrganization(ws.db, organizationId, request.caller.id, 'admin');
      deleteLinkInvite(ws, organizationId, inviteId);
      return reply.code(204).send();
    },
  );

  app.post(
    '/orgs/:organizationId/ping',
    { schema: { response: { 200: PingResult }, params: OrgParams } },
    async (request) => {
      const { organizationId } = request.params;
      return pingOrganization(ws, organizationId, request.caller.id);
    },
  );

  app.get(
    '/orgs/:organizationId/agent-instructions',
    { schema: { response: { 200: AgentInstructions }, params: OrgParams } },
    async (request) => {
      const { organizationId } = request.params;
      const row = requireMemberOrganization(ws, organizationId, request.caller.id);
      return agentInstructionsJson(ws, row);
    },
  );

  app.put(
    '/orgs/:organizationId/agent-instructions',
    {
      schema: {
        response: { 200: AgentInstructions },
        params: OrgParams,
        body: PutAgentInstructionsBody,
      },
    },
    async (request) => {
      const { organizationId } = request.params;
      requireOrganization(ws.db, organizationId, request.caller.id, 'admin');
      const row = getOrganizationRow(ws, organizationId);
      if (!row) return undefined;
      return putAgentInstructions(
        ws,
        row,
        request.caller.id,
        request.body.instructions as Parameters<typeof putAgentInstructions>[3],
      );
    },
  );
}

/** Organizations: list, read, settings, join, link invites, ping, agent instructions. */
export const organizationsRoutes: RouteModule = { register };
