import { z } from 'zod';
import {
  ConversationIssueListQuery,
  ConversationListQuery,
  IngestConversationBody,
  IssuesClusterListQuery,
  UpdateIssuesClusterBody,
} from '../../contract/conversations.ts';
import { requireOrganization } from '../access.ts';
import type { RouteModule } from '../context.ts';
import { notFound, parseInput } from '../errors.ts';
import {
  getCluster,
  getConversationDetail,
  getIssue,
  ingestConversation,
  listClusters,
  listConversations,
  listIssues,
  setClusterMuted,
} from '../store/conversations.ts';

/** Largest accepted ingest body, in bytes (the spec's part limits, JSON-escaped). */
export const INGEST_BODY_LIMIT = 64 * 1024 * 1024;

const OrgParams = z.object({ organizationId: z.string().min(1).max(200) });
const IdParams = OrgParams.extend({ id: z.string().min(1).max(500) });

/** Conversations ingest and reads; their issues and issue clusters. */
export const conversationsRoutes: RouteModule = {
  v1(app, ws) {
    // Up to 500 parts of 100 000 characters each: more than the app's default body limit.
    app.post(
      '/orgs/:organizationId/conversations',
      { bodyLimit: INGEST_BODY_LIMIT },
      async (request, reply) => {
        const { organizationId } = parseInput(OrgParams, request.params, 'params');
        requireOrganization(ws.db, organizationId, request.caller.id, 'admin');
        const body = parseInput(IngestConversationBody, request.body, 'body');
        ingestConversation(ws, organizationId, body);
        return reply.code(204).send();
      },
    );

    app.get('/orgs/:organizationId/conversations', async (request) => {
      const { organizationId } = parseInput(OrgParams, request.params, 'params');
      const query = parseInput(ConversationListQuery, request.query, 'query');
      requireOrganization(ws.db, organizationId, request.caller.id, 'read');
      return listConversations(ws, organizationId, query);
    });

    app.get('/orgs/:organizationId/conversations/:id', async (request) => {
      const { organizationId, id } = parseInput(IdParams, request.params, 'params');
      requireOrganization(ws.db, organizationId, request.caller.id, 'read');
      const detail = getConversationDetail(ws, organizationId, id);
      if (!detail) throw notFound('conversation');
      return detail;
    });

    app.get('/orgs/:organizationId/conversations-issues', async (request) => {
      const { organizationId } = parseInput(OrgParams, request.params, 'params');
      const query = parseInput(ConversationIssueListQuery, request.query, 'query');
      requireOrganization(ws.db, organizationId, request.caller.id, 'read');
      return listIssues(ws, organizationId, query);
    });

    app.get('/orgs/:organizationId/conversations-issues/:id', async (request) => {
      const { organizationId, id } = parseInput(IdParams, request.params, 'params');
      requireOrganization(ws.db, organizationId, request.caller.id, 'read');
      const entry = getIssue(ws, organizationId, id);
      if (!entry) throw notFound('conversation issue');
      return entry;
    });

    app.get('/orgs/:organizationId/conversations-clusters', async (request) => {
      const { organizationId } = parseInput(OrgParams, request.params, 'params');
      const query = parseInput(IssuesClusterListQuery, request.query, 'query');
      requireOrganization(ws.db, organizationId, request.caller.id, 'read');
      return listClusters(ws, organizationId, query);
    });

    app.get('/orgs/:organizationId/conversations-clusters/:id', async (request) => {
      const { organizationId, id } = parseInput(IdParams, request.params, 'params');
      requireOrganization(ws.db, organizationId, request.caller.id, 'read');
      const cluster = getCluster(ws, organizationId, id);
      if (!cluster) throw notFound('issues cluster');
      return cluster;
    });

    app.patch('/orgs/:organizationId/conversations-clusters/:id', async (request) => {
      const { organizationId, id } = parseInput(IdParams, request.params, 'params');
      requireOrganization(ws.db, organizationId, request.caller.id, 'read');
      if (!getCluster(ws, organizationId, id)) throw notFound('issues cluster');
      requireOrganization(ws.db, organizationId, request.caller.id, 'admin');
      const body = parseInput(UpdateIssuesClusterBody, request.body, 'body');
      const cluster = setClusterMuted(ws, organizationId, id, body.muted);
      if (!cluster) throw notFound('issues cluster');
      return cluster;
    });
  },
};
