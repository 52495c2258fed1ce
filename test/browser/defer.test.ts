import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Browser } from 'playwright-core';
import { build, type PreviewServer, preview } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnswerPart } from '../../src/client/incremental.ts';
import { mountGateway } from '../../src/gateway/mount.ts';
import {
  type DeferStack,
  incrementalRequest,
  partsOf,
  startDeferStack,
} from '../gateway/defer.support.ts';
import { launchChromium, openPage, screenshot, skipReason } from './support.ts';

// The example renders streamed data part by part: with the Markdown reads of the workspace held,
// a change request's header and the placeholder of its changes show; once released, the diffs.

interface Organization {
  id: string;
  spaces: { nodes: Array<{ id: string; changeRequests: { nodes: Array<{ number: number }> } }> };
}

const configFile = resolve(import.meta.dirname, '../../examples/web/vite.config.ts');

describe.skipIf(skipReason !== undefined)('incremental rendering in headless Chromium', () => {
  let stack: DeferStack;
  let held: ReturnType<DeferStack['gateway']>;
  let app: FastifyInstance;
  let outDir: string;
  let server: PreviewServer;
  let browser: Browser;
  let url: string;

  beforeAll(async () => {
    stack = await startDeferStack();
    held = stack.gateway({ guard: { maxCost: 1_000_000 }, limits: { queryNodes: 1_000_000_000 } });
    app = Fastify();
    mountGateway(app, '/graphql', () => held.gateway);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const gatewayUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    outDir = mkdtempSync(join(tmpdir(), 'docs-graph-defer-'));
    await build({ configFile, logLevel: 'silent', build: { outDir, emptyOutDir: true } });
    server = await preview({
      configFile,
      logLevel: 'silent',
      build: { outDir },
      preview: { host: '127.0.0.1', port: 0, strictPort: true, proxy: { '/graphql': gatewayUrl } },
    });
    const address = server.httpServer.address();
    if (!address || typeof address !== 'object') throw new Error('preview server has no port');
    url = `http://127.0.0.1:${address.port}/example/`;
    browser = await launchChromium();
  }, 120_000);

  afterAll(async () => {
    held?.upstream.release();
    await browser?.close();
    await server?.close();
    await app?.close();
    await stack?.close();
    if (outDir) rmSync(outDir, { recursive: true, force: true });
  });

  it('shows a change request’s header and a placeholder first, then its diff', async () => {
    // A change request with changed pages: #1 of the first space that has one.
    const [answer] = await partsOf(
      await held.gateway.fetch(
        'http://gateway/graphql',
        incrementalRequest({
          query: `{ organizations(first: 1) { nodes { id spaces(first: 20) { nodes { id
            changeRequests(first: 1) { nodes { number } } } } } } }`,
        }),
      ),
    );
    const org = ((answer as AnswerPart).data as { organizations: { nodes: Organization[] } })
      .organizations.nodes[0];
    const space = org?.spaces.nodes.find((s) => s.changeRequests.nodes.length > 0);
    if (!org || !space) throw new Error('no demo change request');
    const number = space.changeRequests.nodes[0]?.number;

    held.upstream.hold(/format=markdown/);
    const { page, problems } = await openPage(browser);
    try {
      await page.goto(`${url}orgs/${org.id}/spaces/${space.id}/change-requests/${number}`);
      // The header (another query) and the first part of the changes are on screen ...
      await page
        .locator('h1')
        .filter({ hasText: `#${number}` })
        .waitFor();
      await page.getByTestId('changes-placeholder').waitFor();
      // ... while every Markdown read is still held upstream: no diff yet.
      const markdown = /format=markdown/;
      await expect.poll(() => held.upstream.calls.some((path) => markdown.test(path))).toBe(true);
      const answered = held.upstream.events.filter((e) => e.startsWith('answer '));
      expect(answered.some((e) => markdown.test(e))).toBe(false);
      expect(await page.getByTestId('diff').count()).toBe(0);
      await screenshot(page, 'defer-placeholder');

      held.upstream.release();
      await page.getByTestId('diff').first().waitFor();
      await page.getByTestId('changes-placeholder').waitFor({ state: 'detached' });
      await screenshot(page, 'defer-complete');
      expect(problems).toEqual([]);
    } finally {
      await page.close();
    }
  });
});
