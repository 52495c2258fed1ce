import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { extname, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { DEMO_USERS } from './workspace/demo/users.ts';
import { OPENAPI_PATH, REFERENCE_PATH } from './workspace/openapi.ts';

/** Where `npm run example:build` writes the example frontend. */
export const EXAMPLE_DIST = fileURLToPath(new URL('../examples/web/dist', import.meta.url));

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.map': 'application/json',
};

export interface LandingOptions {
  /** Whether `/graphql` is served (GraphiQL is linked only then). */
  gateway: boolean;
  /** The built example frontend, served at `/example/` when it exists (checked per request). */
  exampleDir?: string;
}

function landingHtml(gateway: boolean, example: boolean): string {
  const tokens = DEMO_USERS.map(
    (u) =>
      `<tr><td><code>${u.token}</code></td><td>${u.displayName}</td><td>${u.persona}</td></tr>`,
  ).join('');
  const items = [
    gateway
      ? '<li><a href="/graphql">GraphiQL</a> at <code>/graphql</code>: the GraphQL gateway, opened with an example query and the demo admin token.</li>'
      : '',
    gateway
      ? example
        ? '<li><a href="/example/">Example frontend</a> at <code>/example/</code>: React and the generated TanStack Query hooks of <code>docs-graph/client</code>.</li>'
        : '<li>Example frontend: not built yet; run <code>npm run example:build</code> and reload, or <code>npm run example</code> for its dev server.</li>'
      : '',
    `<li><a href="${REFERENCE_PATH}">REST API reference</a> at <code>${REFERENCE_PATH}</code>: every route of the embedded workspace at <code>/v1</code>, with its schemas and a console; <a href="${OPENAPI_PATH}">the OpenAPI document</a> at <code>${OPENAPI_PATH}</code>. Requests send <code>Authorization: Bearer &lt;token&gt;</code>.</li>`,
  ].join('');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>docs-graph</title>
<link rel="icon" href="data:,">
<style>
body { font-family: system-ui, sans-serif; max-width: 760px; margin: 3rem auto; padding: 0 1.5rem; color: #1f2328; line-height: 1.5; }
code { background: #f6f8fa; padding: 0 0.25rem; border-radius: 4px; }
table { border-collapse: collapse; } td { padding: 0.15rem 1rem 0.15rem 0; }
li { margin: 0.5rem 0; }
</style>
</head>
<body>
<h1>docs-graph</h1>
<p>A GraphQL gateway over the documentation workspace REST API, with an embedded workspace server and its demo data.</p>
<ul>${items}</ul>
<h2>Demo tokens</h2>
<table>${tokens}</table>
</body>
</html>
`;
}

async function sendFile(reply: FastifyReply, file: string): Promise<FastifyReply> {
  const body = await readFile(file);
  const type = TYPES[extname(file)] ?? 'application/octet-stream';
  // Vite's hashed assets never change; index.html must be revalidated.
  const cache = file.includes(`${sep}assets${sep}`)
    ? 'public, max-age=31536000, immutable'
    : 'no-cache';
  return reply.type(type).header('cache-control', cache).send(body);
}

/** Registers `GET /` (links to GraphiQL, the example and the `/v1` reference) and `/example/*` on `app`. */
export function registerLanding(app: FastifyInstance, options: LandingOptions): void {
  const dir = resolve(options.exampleDir ?? EXAMPLE_DIST);
  const built = () => options.gateway && existsSync(resolve(dir, 'index.html'));

  // In a plugin, so that hooks of plugins registered before it (compression) cover the routes.
  app.register(async (scope) => {
    scope.get('/', async (_request, reply) =>
      reply.type('text/html; charset=utf-8').send(landingHtml(options.gateway, built())),
    );

    scope.get('/example/*', async (request, reply) => {
      if (!built()) return reply.code(404).type('text/plain').send('the example is not built');
      const rest = (request.params as { '*'?: string })['*'] ?? '';
      const file = resolve(dir, decodeURIComponent(rest.split('?')[0] ?? ''));
      if (file !== dir && !file.startsWith(dir + sep)) return reply.code(404).send();
      const found = await stat(file).catch(() => undefined);
      if (found?.isFile()) return sendFile(reply, file);
      // A path of the app itself (no file extension) gets the app; a missing asset is a 404.
      if (extname(file) !== '') return reply.code(404).type('text/plain').send('not found');
      return sendFile(reply, resolve(dir, 'index.html'));
    });
    // Assets are addressed absolutely (`/example/assets/...`), so the app also loads without the slash.
    scope.get('/example', async (_request, reply) =>
      built()
        ? sendFile(reply, resolve(dir, 'index.html'))
        : reply.code(404).type('text/plain').send('the example is not built'),
    );
  });
}
