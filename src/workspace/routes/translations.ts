import { z } from 'zod';
import {
  CreateTranslationBody,
  Translation,
  TranslationList,
  TranslationListQuery,
  UpdateTranslationBody,
} from '../../contract/translations.ts';
import { requireOrganization } from '../access.ts';
import type { RouteModule, Workspace, WorkspaceApp } from '../context.ts';
import {
  createTranslation,
  deleteTranslation,
  getTranslation,
  listTranslations,
  requestTranslationRun,
  updateTranslationInstructions,
} from '../store/translations.ts';

const OrgParams = z.object({ organizationId: z.string().min(1) });
const TranslationParams = OrgParams.extend({ translationId: z.string().min(1) });

function register(app: WorkspaceApp, ws: Workspace) {
  const base = '/orgs/:organizationId/translations';

  app.get(
    base,
    {
      schema: {
        response: { 200: TranslationList },
        params: OrgParams,
        querystring: TranslationListQuery,
      },
    },
    async (request) => {
      const { organizationId } = request.params;
      requireOrganization(ws.db, organizationId, request.caller.id, 'read');
      return listTranslations(ws, organizationId, request.caller.id, request.query);
    },
  );

  app.post(
    base,
    { schema: { params: OrgParams, body: CreateTranslationBody } },
    async (request, reply) => {
      const { organizationId } = request.params;
      requireOrganization(ws.db, organizationId, request.caller.id, 'admin');
      return reply
        .code(201)
        .send(createTranslation(ws, organizationId, request.body, request.caller.id));
    },
  );

  app.get(
    `${base}/:translationId`,
    { schema: { response: { 200: Translation }, params: TranslationParams } },
    async (request) => {
      const { organizationId, translationId } = request.params;
      requireOrganization(ws.db, organizationId, request.caller.id, 'read');
      return getTranslation(ws, organizationId, translationId, request.caller.id);
    },
  );

  app.put(
    `${base}/:translationId`,
    { schema: { params: TranslationParams, body: UpdateTranslationBody } },
    async (request) => {
      const { organizationId, translationId } = request.params;
      requireOrganization(ws.db, organizationId, request.caller.id, 'admin');
      return updateTranslationInstructions(
        ws,
        organizationId,
        translationId,
        request.body.instructions,
        request.caller.id,
      );
    },
  );

  app.delete(
    `${base}/:translationId`,
    { schema: { params: TranslationParams } },
    async (request, reply) => {
      const { organizationId, translationId } = request.params;
      requireOrganization(ws.db, organizationId, request.caller.id, 'admin');
      deleteTranslation(ws, organizationId, translationId);
      return reply.code(204).send();
    },
  );

  app.post(
    `${base}/:translationId/run`,
    { schema: { params: TranslationParams } },
    async (request, reply) => {
      const { organizationId, translationId } = request.params;
      requireOrganization(ws.db, organizationId, request.caller.id, 'admin');
      requestTranslationRun(ws, organizationId, translationId, request.caller.id);
      return reply.code(204).send();
    },
  );
}

/** Translations: `{org}/translations...`. */
export const translationRoutes: RouteModule = { register };
