import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { registerLanding } from '../src/landing.ts';

const root = mkdtempSync(join(tmpdir(), 'docs-graph-landing-'));
writeFileSync(join(root, 'secret.txt'), 'SECRET');
const built = join(root, 'app');
mkdirSync(join(built, 'assets'), { recursive: true });
writeFileSync(join(built, 'index.html'), '<!doctype html><title>example</title>');
writeFileSync(join(built, 'assets', 'app-1234.js'), 'console.log(1)');
const missing = join(built, 'not-built');
afterAll(() => rmSync(root, { recursive: true, force: true }));

function app(exampleDir: string) {
  const server = Fastify({ routerOptions: { ignoreTrailingSlash: true } });
  registerLanding(server, { gateway: true, exampleDir });
  return server;
}

describe('landing page', () => {
  it('links GraphiQL, the built example and the REST reference, with the demo tokens', async () => {
    const response = await app(built).inject('/');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('href="/graphql"');
    expect(response.body).toContain('href="/example/"');
    expect(response.body).toContain('href="/v1/reference"');
    expect(response.body).toContain('href="/v1/openapi.json"');
    expect(response.body).toContain('dg_demo_admin');
  });

  it('says how to build the example when it is not built, and /example/ is a 404', async () => {
    const server = app(missing);
    const page = await server.inject('/');
    expect(page.body).not.toContain('href="/example/"');
    expect(page.body).toContain('npm run example:build');
    expect((await server.inject('/example/')).statusCode).toBe(404);
  });

  it('serves the built example at /example/ with the app for its own paths', async () => {
    const server = app(built);
    for (const path of ['/example', '/example/', '/example/some/view']) {
      const response = await server.inject(path);
      expect(response.statusCode, path).toBe(200);
      expect(response.body, path).toContain('<title>example</title>');
      expect(response.headers['cache-control'], path).toBe('no-cache');
    }
    const asset = await server.inject('/example/assets/app-1234.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-type']).toContain('text/javascript');
    expect(asset.headers['cache-control']).toContain('immutable');
    expect((await server.inject('/example/assets/missing.js')).statusCode).toBe(404);
  });

  it('never serves files outside the example', async () => {
    const server = app(built);
    for (const url of [
      '/example/../secret.txt',
      '/example/%2e%2e/secret.txt',
      '/example/..%2fsecret.txt',
      '/example/assets/..%2f..%2fsecret.txt',
    ]) {
      const response = await server.inject(url);
      expect(response.body, url).not.toContain('SECRET');
    }
  });
});
