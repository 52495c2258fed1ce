// Every GET route of `/v1`, from the OpenAPI document the app serves, as a URL into the demo data,
// and a recorder of the SQL statements the workspace prepares.
import type { FastifyRequest } from 'fastify';
import { authenticate } from '../../src/workspace/auth.ts';
import type { Statement } from '../../src/workspace/db.ts';
import { DEMO_TOKENS } from '../../src/workspace/demo/users.ts';
import { dataVersion } from '../../src/workspace/etags.ts';
import type { TestWorkspace } from '../support/workspace.ts';

/** A GET route of `/v1` (its OpenAPI path) and a URL of it that answers 200 to the admin. */
export interface ReadRoute {
  path: string;
  url: string;
}

/** The read that writes (it stores the export link): any tag computed before it is stale after. */
export const WRITING_READ = '/v1/spaces/{spaceId}/change-requests/{changeRequestId}/pdf';

/**
 * The reads that run at every revalidation (`config: { etag: 'body' }`): the PDF export link is
 * new at every read, a cluster's `weeklyPulse` moves with the clock.
 */
export const ALWAYS_RUN = new Set([
  WRITING_READ,
  '/v1/orgs/{organizationId}/conversations-clusters',
  '/v1/orgs/{organizationId}/conversations-clusters/{id}',
]);

/** Query strings of the reads that need one. */
const QUERIES: Record<string, string> = {
  '/v1/orgs/{organizationId}/search': '?query=install',
  '/v1/spaces/{spaceId}/search': '?query=install',
};

/** The GET routes of `/v1` that need a token, as the OpenAPI document lists them. */
export async function readRoutes(t: TestWorkspace): Promise<ReadRoute[]> {
  const document = (await t.app.inject('/v1/openapi.json')).json() as {
    paths: Record<string, { get?: { security?: unknown[] } }>;
  };
  const values = demoValues(t);
  return Object.entries(document.paths)
    .filter(([path, methods]) => path.startsWith('/v1/') && methods.get)
    .map(([path]) => {
      const named = (name: string) => {
        const value = values(path, name);
        if (value === undefined) throw new Error(`no demo value for {${name}} of ${path}`);
        return encodeURIComponent(value);
      };
      return {
        path,
        url: path.replace(/\{(\w+)\}/g, (_, name) => named(name)) + (QUERIES[path] ?? ''),
      };
    });
}

/** A value for each path parameter: a space with comments and a change request with comments. */
function demoValues(t: TestWorkspace): (path: string, name: string) => string | undefined {
  const { db } = t.ws;
  const one = (sql: string, ...params: unknown[]) =>
    (db.prepare(sql).get(...params) as { v: string } | undefined)?.v;
  const organizationId = t.demo.organizationId;
  const withReply = `EXISTS (SELECT 1 FROM comment_replies r WHERE r.comment_id = c.id)`;
  const cr = db
    .prepare(
      `SELECT cr.id, cr.space_id AS spaceId, cr.revision_id AS revisionId FROM change_requests cr
       JOIN spaces s ON s.id = cr.space_id AND s.deleted_at IS NULL
       WHERE EXISTS (SELECT 1 FROM comments c WHERE c.change_request_id = cr.id AND ${withReply})
         AND EXISTS (SELECT 1 FROM comments c WHERE c.space_id = cr.space_id
                     AND c.change_request_id IS NULL AND ${withReply})
       ORDER BY cr.number LIMIT 1`,
    )
    .get() as { id: string; spaceId: string; revisionId: string };
  const spaceRevision = one('SELECT revision_id AS v FROM spaces WHERE id = ?', cr.spaceId);
  const comment = (onChangeRequest: boolean) =>
    db
      .prepare(
        `SELECT c.id, (SELECT r.id FROM comment_replies r WHERE r.comment_id = c.id LIMIT 1) AS reply
         FROM comments c WHERE c.space_id = ? AND ${onChangeRequest ? 'c.change_request_id = ?' : 'c.change_request_id IS NULL'}
           AND ${withReply} ORDER BY c.id LIMIT 1`,
      )
      .get(cr.spaceId, ...(onChangeRequest ? [cr.id] : [])) as { id: string; reply: string };
  const shared = (table: 'pages' | 'files') =>
    one(
      `SELECT a.id AS v FROM ${table} a JOIN ${table} b ON b.id = a.id AND b.revision_id = ?
       WHERE a.revision_id = ? ORDER BY a.id LIMIT 1`,
      cr.revisionId,
      spaceRevision,
    );
  const spec = db
    .prepare(
      'SELECT slug, last_version_id AS version FROM openapi_specs WHERE organization_id = ? AND last_version_id IS NOT NULL',
    )
    .get(organizationId) as { slug: string; version: string };
  const inOrganization = (table: string) =>
    one(
      `SELECT id AS v FROM ${table} WHERE organization_id = ? ORDER BY id LIMIT 1`,
      organizationId,
    );
  const values: Record<string, string | undefined> = {
    organizationId,
    userId: t.demo.users.edit,
    collectionId: t.demo.collectionIds[0],
    spaceId: cr.spaceId,
    changeRequestId: cr.id,
    revisionId: spaceRevision,
    pageId: shared('pages'),
    fileId: shared('files'),
    teamId: t.demo.teamIds[0],
    specSlug: spec.slug,
    versionId: spec.version,
    samlProviderId: inOrganization('saml_providers'),
    siteId: one(
      'SELECT id AS v FROM sites WHERE organization_id = ? AND published = 1',
      organizationId,
    ),
    translationId: inOrganization('translations'),
  };
  const onChangeRequest = comment(true);
  const onSpace = comment(false);
  return (path, name) => {
    const ofChangeRequest = path.includes('/change-requests/{changeRequestId}/comments');
    if (name === 'commentId') return (ofChangeRequest ? onChangeRequest : onSpace).id;
    if (name === 'commentReplyId') return (ofChangeRequest ? onChangeRequest : onSpace).reply;
    if (name === 'id') {
      const table = path.includes('/conversations-issues/')
        ? 'conversation_issues'
        : path.includes('/conversations-clusters/')
          ? 'conversation_clusters'
          : 'conversations';
      return inOrganization(table);
    }
    return values[name];
  };
}

/**
 * Records the SQL of every statement the workspace prepares while `run` runs (the stores prepare
 * each statement where they run it).
 */
export async function preparedDuring(t: TestWorkspace, run: () => unknown): Promise<string[]> {
  const { db } = t.ws;
  const prepare = db.prepare;
  const seen: string[] = [];
  db.prepare = (source: string): Statement => {
    seen.push(source);
    return prepare.call(db, source);
  };
  try {
    await run();
  } finally {
    db.prepare = prepare;
  }
  return seen;
}

/** The statements of a 304 answered before the route runs: authentication, the data version. */
export function taggingStatements(t: TestWorkspace): Promise<string[]> {
  const authorization = `Bearer ${DEMO_TOKENS.admin}`;
  return preparedDuring(t, () => {
    authenticate(t.ws.db, { headers: { authorization } } as FastifyRequest);
    dataVersion(t.ws);
  });
}
