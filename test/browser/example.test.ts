import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser } from 'playwright-core';
import { build, type PreviewServer, preview } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2EStack, startE2E } from '../support/gateway.ts';
import { launchChromium, openPage, screenshot, skipReason } from './support.ts';

const configFile = resolve(import.meta.dirname, '../../examples/web/vite.config.ts');

describe.skipIf(skipReason !== undefined)('example frontend in headless Chromium', () => {
  let e2e: E2EStack;
  let outDir: string;
  let server: PreviewServer;
  let browser: Browser;
  let url: string;

  beforeAll(async () => {
    e2e = await startE2E();
    // The production build, served by Vite's preview server with /graphql proxied to the stack.
    outDir = mkdtempSync(join(tmpdir(), 'docs-graph-example-'));
    await build({ configFile, logLevel: 'silent', build: { outDir, emptyOutDir: true } });
    server = await preview({
      configFile,
      logLevel: 'silent',
      build: { outDir },
      preview: {
        host: '127.0.0.1',
        port: 0,
        strictPort: true,
        proxy: { '/graphql': e2e.stack.url },
      },
    });
    const address = server.httpServer.address();
    if (!address || typeof address !== 'object') throw new Error('preview server has no port');
    url = `http://127.0.0.1:${address.port}/example/`;
    browser = await launchChromium();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await e2e?.close();
    if (outDir) rmSync(outDir, { recursive: true, force: true });
  });

  it('organization -> space -> change request: reply to a comment, merge, see it merged', async () => {
    const { page, problems } = await openPage(browser);
    try {
      await page.goto(url);
      await page.getByTestId('organizations').getByRole('button', { name: 'Acme Docs' }).click();
      await page.getByTestId('organization-title').filter({ hasText: 'Acme Docs' }).waitFor();

      await page.getByTestId('search').fill('install');
      await page.getByRole('button', { name: 'Search' }).click();
      await page.getByTestId('search-results').getByRole('button').first().waitFor();

      // Spaces are paged with `after`: the second page comes from "More spaces".
      const spaces = page.getByTestId('spaces');
      await spaces.getByRole('button', { name: 'More spaces' }).click();
      await spaces.getByRole('button', { name: /Python SDK/ }).waitFor();
      expect(await spaces.getByRole('button').count()).toBeGreaterThan(11);

      await spaces.getByRole('button', { name: /Getting Started/ }).click();
      await page.getByTestId('space-title').filter({ hasText: 'Getting Started' }).waitFor();
      const firstPage = page.locator('nav .tree button').first();
      const pageTitle = (await firstPage.textContent())?.trim() ?? '';
      await firstPage.click();
      await page.getByTestId('page-markdown').filter({ hasText: /\S/ }).waitFor();
      expect(pageTitle).not.toBe('');

      const changeRequests = page.getByTestId('change-requests');
      await changeRequests.getByRole('button', { name: /^#1 / }).click();
      const badge = page.getByTestId('cr-status-badge');
      await badge.filter({ hasText: 'OPEN' }).waitFor();

      await page.getByTestId('new-comment').fill('Is the install step complete?');
      await page.getByTestId('post-comment').click();
      const comment = page
        .getByTestId('comment')
        .filter({ hasText: 'Is the install step complete?' });
      await comment.waitFor();
      await comment.getByTestId('reply-input').fill('Yes, checked on a clean machine.');
      await comment.getByTestId('post-reply').click();
      await comment
        .getByTestId('reply')
        .filter({ hasText: 'Yes, checked on a clean machine.' })
        .waitFor();

      await page.getByTestId('merge').click();
      await badge.filter({ hasText: 'MERGED' }).waitFor();
      await expect.poll(() => page.getByTestId('merge').count(), { timeout: 10_000 }).toBe(0);
      const shot = await screenshot(page, 'example-merged');
      expect(statSync(shot).size).toBeGreaterThan(10_000);
      expect(problems).toEqual([]);
    } catch (error) {
      await screenshot(page, 'example-failure').catch(() => undefined);
      throw new Error(`${(error as Error).message}\nbrowser problems: ${problems.join('\n')}`, {
        cause: error,
      });
    } finally {
      await page.close();
    }

    // The state the browser made, read back through the graph.
    const { body } = await e2e.gql(
      `query($space: ID!) { space(id: $space) { changeRequest(idOrNumber: "1") { status
         comments(first: 10) { nodes { body { markdown } replies(first: 5) { nodes { body { markdown } } } } } } } }`,
      { space: await spaceIdOf('Getting Started') },
    );
    const cr = (body.data as { space: { changeRequest: CrState } }).space.changeRequest;
    expect(cr.status).toBe('MERGED');
    const posted = cr.comments.nodes.find((c) => c.body.markdown.includes('install step'));
    expect(posted?.replies.nodes.map((r) => r.body.markdown.trim())).toEqual([
      'Yes, checked on a clean machine.',
    ]);
  }, 120_000);

  type CrState = {
    status: string;
    comments: {
      nodes: Array<{
        body: { markdown: string };
        replies: { nodes: Array<{ body: { markdown: string } }> };
      }>;
    };
  };

  async function spaceIdOf(title: string): Promise<string> {
    const { body } = await e2e.gql(
      '{ organizations(first: 5) { nodes { spaces(first: 100) { nodes { id title } } } } }',
    );
    const data = body.data as {
      organizations: { nodes: Array<{ spaces: { nodes: Array<{ id: string; title: string }> } }> };
    };
    const space = data.organizations.nodes
      .flatMap((o) => o.spaces.nodes)
      .find((s) => s.title === title);
    if (!space) throw new Error(`no space ${title}`);
    return space.id;
  }
});
