import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  CreateTranslationBody,
  TranslationListQuery,
  UpdateTranslationBody,
} from '../../contract/translations.ts';
import { requireOrganization } from '../access.ts';
import type { RouteModule, Workspace } from '../context.ts';
import { parseInput } from '../errors.ts';
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

function v1(app: FastifyInstance, ws: Workspace) {
  const base = '/orgs/:organizationId/translations';

  app.get(base, async (request) => {
    const { organizationId } = parseInput(OrgParams, request.params, 'params');
    requireOrganization(ws.db, organizationId, request.caller.id, 'read');
    const query = parseInput(TranslationListQuery, request.query, 'query');
    return listTranslations(ws, organizationId, request.caller.id, query);
  });

  app.post(base, async (request, reply) => {
    const { organizationId } = parseInput(OrgParams, request.params, 'params');
    requireOrganization(ws.db, organizationId, request.caller.id, 'admin');
    const body = parseInput(CreateTranslationBody, request.body, 'body');
    return reply.code(201).send(createTranslation(ws, organizationId, body, request.caller.id));
  });

  app.get(`${base}/:translationId`, async (request) => {
    const { organizationId, translationId } = parseInput(
      TranslationParams,
      request.params,
      'params',
    );
    requireOrganization(ws.db, organizationId, request.caller.id, 'read');
    return getTranslation(ws, organizationId, translationId, request.caller.id);
  });

  app.put(`${base}/:translationId`, async (request) => {
    const { organizationId, translationId } = parseInput(
      TranslationParams,
      request.params,
      'params',
    );
    requireOrganization(ws.db, organizationId, request.caller.id, 'admin');
    const body = parseInput(UpdateTranslationBody, request.body, 'body');
    return updateTranslationInstructions(
      ws,
      organizationId,
      translationId,
      body.instructions,
      request.caller.id,
    );
  });

  app.delete(`${base}/:translationId`, async (request, reply) => {
    const { organizationId, translationId } = parseInput(
      TranslationParams,
      request.params,
      'params',
    );
    requireOrganization(ws.db, organizationId, request.caller.id, 'admin');
    deleteTranslation(ws, organizationId, translationId);
    return reply.code(204).send();
  });

  app.post(`${base}/:translationId/run`, async (request, reply) => {
    const { organizationId, translationId } = parseInput(
      TranslationParams,
      request.params,
      'params',
    );
    requireOrganization(ws.db, organizationId, request.caller.id, 'admin');
    requestTranslationRun(ws, organizationId, translationId, request.caller.id);
    return reply.code(204).send();
  });
}

/** Translations: `{org}/translations...`. */
export const translationRoutes: RouteModule = { v1 };
