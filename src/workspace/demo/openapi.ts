import { recordProcessing, storeVersion } from '../store/openapi.ts';
import { acmeApiDocument } from './acme-api.ts';
import type { DemoContext } from './context.ts';

/** Path (on the embedded server) of the demo "Acme API" document. */
export const ACME_API_PATH = '/demo/openapi/acme-api.json';

function miniApi(title: string, version: string, paths: string[]) {
  return {
    openapi: '3.0.3',
    info: { title, version },
    servers: [{ url: 'https://api.acme.test' }],
    paths: Object.fromEntries(
      paths.map((path, i) => [
        path,
        {
          get: {
            operationId: `op${i}`,
            summary: `Read ${path}`,
            responses: {
              '200': {
                description: 'OK',
                content: { 'application/json': { schema: { type: 'object' } } },
              },
            },
          },
        },
      ]),
    ),
  };
}

function backdate(demo: DemoContext, table: string, id: string, daysAgo: number) {
  const at = new Date(demo.ws.clock.now().getTime() - daysAgo * 86_400_000).toISOString();
  demo.ws.db.prepare(`UPDATE ${table} SET created_at = ? WHERE id = ?`).run(at, id);
}

/**
 * Three specs: "acme-api" (source on the embedded server itself, stored relative to it so it
 * follows the port the server listens on; seeded with one version made from the same document
 * without fetching, and a PUT re-fetches it), "payments" (two versions) and "webhooks" (a good
 * version, then a processing that failed with PARSE_ERROR).
 */
export function seedOpenApi(demo: DemoContext): void {
  const { ws, organizationId } = demo;
  if (!organizationId) return;
  const insert = ws.db.prepare(
    `INSERT INTO openapi_specs (id, organization_id, slug, source_url, visibility, processing_state,
       created_at, updated_at) VALUES (?, ?, ?, ?, ?, 'complete', ?, ?)`,
  );
  const now = ws.now();

  const acme = ws.ids.next();
  insert.run(acme, organizationId, 'acme-api', ACME_API_PATH, 'public', now, now);
  const acmeVersion = storeVersion(ws, acme, structuredClone(acmeApiDocument), 'acme-api.json');
  recordProcessing(ws, acme, { versionId: acmeVersion });

  const payments = ws.ids.next();
  insert.run(
    payments,
    organizationId,
    'payments',
    'https://api.acme.test/payments/openapi.yaml',
    'private',
    now,
    now,
  );
  const paymentsV1 = storeVersion(
    ws,
    payments,
    miniApi('Acme Payments', '1.0.0', ['/payments', '/payments/latest']),
    'openapi.yaml',
  );
  backdate(demo, 'openapi_versions', paymentsV1, 30);
  const paymentsV2 = storeVersion(
    ws,
    payments,
    miniApi('Acme Payments', '1.1.0', ['/payments', '/payments/latest', '/refunds', '/payouts']),
    'openapi.yaml',
  );
  backdate(demo, 'openapi_versions', paymentsV2, 2);
  recordProcessing(ws, payments, { versionId: paymentsV2 });

  const webhooks = ws.ids.next();
  insert.run(
    webhooks,
    organizationId,
    'webhooks',
    'https://api.acme.test/webhooks/openapi.json',
    'private',
    now,
    now,
  );
  const webhooksV1 = storeVersion(
    ws,
    webhooks,
    miniApi('Acme Webhooks', '0.9.0', ['/webhooks/events', '/webhooks/deliveries']),
    'openapi.json',
  );
  backdate(demo, 'openapi_versions', webhooksV1, 10);
  recordProcessing(ws, webhooks, {
    versionId: webhooksV1,
    errorCode: 'PARSE_ERROR',
    errors: [
      {
        message:
          'paths./webhooks/deliveries/{deliveryId}: path parameter "deliveryId" is not defined',
        code: 'INVALID',
      },
    ],
  });
  for (const id of [acme, payments, webhooks]) backdate(demo, 'openapi_specs', id, 45);
}
