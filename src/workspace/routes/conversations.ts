import type { FastifyContextConfig } from 'fastify';
import { z } from 'zod';
import {
  ConversationIssueListQuery,
  ConversationListQuery,
  IngestConversationBody,
  IssuesClusterListQuery,
  UpdateIssuesClusterBody,
} from '../../contract/conversations.ts';
import { requireOrganization } from '../access.ts';
import type { RouteModule, Workspace } from '../context.ts';
import { notFound, orNotFound } from '../errors.ts';
import {
  getCluster,
  getIssue,
  listClusters,
  listIssues,
  setClusterMuted,
} from '../store/conversationIssues.ts';
import {
  getConversationDetail,
  ingestConversation,
  listConversations,
} from '../store/conversations.ts';
import { OrgParams } from './common.ts';

/** Largest accepted ingest body, in bytes (the spec's part limits, JSON-escaped). */
export const INGEST_BODY_LIMIT = 64 * 1024 * 1024;

const IdParams = OrgParams.extend({ id: z.string().min(1).max(500) });

/** Conversations ingest and reads; their issues and issue clusters. */
export const conversationsRoutes: RouteModule = {
  register(app, ws) {
    // Up to 500 parts of 100 000 characters each: more than the app's default body limit.
    app.post(
      '/orgs/:organizationId/conversations',
      { schema: { params: OrgParams, body: IngestConversationBody }, bodyLimit: INGEST_BODY_LIMIT },
      async (request, reply) => {
        const { organizationId } = request.params;
        requireOrganization(ws.db, organizationId, request.caller.id, 'admin');
        ingestConversation(ws, organizationId, request.body);
        return reply.code(204).send();
      },
    );

    // Reads need the read role in the organization; a missing entry is a 404 naming `what`.
    // `config` of the reads whose answer also depends on the clock.
    const list = <Q extends z.ZodType>(
      path: string,
      querySchema: Q,
      read: (ws: Workspace, organizationId: string, query: z.infer<Q>) => unknown,
      config: FastifyContextConfig = {},
    ) =>
      app.get(
        `/orgs/:organizationId/${path}`,
        { config, schema: { params: OrgParams, querystring: querySchema } },
        async (request) => {
          const { organizationId } = request.params;
          requireOrganization(ws.db, organizationId, request.caller.id, 'read');
          // The provider cannot resolve a generic schema's output; the compiler parsed it with Q.
          return read(ws, organizationId, request.query as z.infer<Q>);
        },
      );
    const get = (
      path: string,
      read: (ws: Workspace, organizationId: string, id: string) => object | undefined,
      what: string,
      config: FastifyContextConfig = {},
    ) =>
      app.get(
        `/orgs/:organizationId/${path}/:id`,
        { config, schema: { params: IdParams } },
        async (request) => {
          const { organizationId, id } = request.params;
          requireOrganization(ws.db, organizationId, request.caller.id, 'read');
          return orNotFound(read(ws, organizationId, id), what);
        },
      );

    list('conversations', ConversationListQuery, listConversations);
    get('conversations', getConversationDetail, 'conversation');
    list('conversations-issues', ConversationIssueListQuery, listIssues);
    get('conversations-issues', getIssue, 'conversation issue');
    // A cluster's `weeklyPulse` counts its issues by week up to the current one.
    const byClock: FastifyContextConfig = { etag: 'body' };
    list('conversations-clusters', IssuesClusterListQuery, listClusters, byClock);
    get('conversations-clusters', getCluster, 'issues cluster', byClock);

    app.patch(
      '/orgs/:organizationId/conversations-clusters/:id',
      { schema: { params: IdParams, body: UpdateIssuesClusterBody } },
      async (request) => {
        const { organizationId, id } = request.params;
        requireOrganization(ws.db, organizationId, request.caller.id, 'read');
        if (!getCluster(ws, organizationId, id)) throw notFound('issues cluster');
        requireOrganization(ws.db, organizationId, request.caller.id, 'admin');
        return orNotFound(
          setClusterMuted(ws, organizationId, id, request.body.muted),
          'issues cluster',
        );
      },
    );
  },
};
