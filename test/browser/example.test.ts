import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { build, type PreviewServer, preview } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2EStack, startE2E } from '../support/gateway.ts';
import { launchChromium, openPage, screenshot, skipReason } from './support.ts';

/** The client's persisted documents, by hash. */
const PERSISTED = JSON.parse(
  readFileSync(
    new URL('../../src/client/generated/persisted-documents.json', import.meta.url),
    'utf8',
  ),
) as Record<string, string>;

const configFile = resolve(import.meta.dirname, '../../examples/web/vite.config.ts');

/**
 * The images of the page that do not load (no `src`, or nothing decoded once loading ended) and
 * its links without a target, described; empty when every image shows and every link goes somewhere.
 */
async function brokenImagesAndLinks(page: Page): Promise<string[]> {
  await page.waitForFunction(() => Array.from(document.images).every((img) => img.complete));
  return page.evaluate(() => [
    ...Array.from(document.images)
      .filter((img) => !img.getAttribute('src') || img.naturalWidth === 0)
      .map((img) => `image "${img.alt}" (src ${img.getAttribute('src')})`),
    ...Array.from(document.querySelectorAll('a'))
      .filter((a) => !a.getAttribute('href'))
      .map((a) => `link "${a.textContent?.trim()}" without href`),
  ]);
}

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

  it('organization -> space -> pages (Markdown, in-app links, back/forward, reload) -> change request: diff, comment, reply, confirm and merge', async () => {
    const { page, problems } = await openPage(browser);
    try {
      await page.goto(url);
      await page.getByTestId('organizations').getByRole('link', { name: 'Acme Docs' }).click();
      await page.getByTestId('organization-title').filter({ hasText: 'Acme Docs' }).waitFor();
      expect(new URL(page.url()).pathname).toMatch(/^\/example\/orgs\/[^/]+$/);

      // Every paged list has a "more" link: 5 of the 6 open change requests, then all of them.
      const orgCrs = page.getByTestId('org-change-requests');
      await orgCrs.getByRole('link').first().waitFor();
      expect(await orgCrs.getByRole('link').count()).toBe(5);
      await page.getByRole('button', { name: /Show more change requests \(5 of 6\)/ }).click();
      await expect.poll(() => orgCrs.getByRole('link').count()).toBe(6);

      // Search: the button is disabled until something is typed.
      const searchButton = page.getByRole('button', { name: 'Search', exact: true });
      expect(await searchButton.isDisabled()).toBe(true);
      await page.getByTestId('search').fill('install');
      await searchButton.click();
      await page.getByTestId('search-results').getByRole('link').first().waitFor();

      // Spaces are paged with `after`: the second page comes from "Show more spaces".
      const spaces = page.getByTestId('spaces');
      await spaces.getByRole('link').first().waitFor();
      await page.getByRole('button', { name: /Show more spaces/ }).click();
      await spaces.getByRole('link', { name: /Python SDK/ }).waitFor();
      expect(await spaces.getByRole('link').count()).toBeGreaterThan(10);
      expect(await spaces.textContent()).toMatch(
        /1 open change request\b|\d+ open change requests/,
      );

      await spaces.getByRole('link', { name: /Getting Started/ }).click();
      await page.getByTestId('space-title').filter({ hasText: 'Getting Started' }).waitFor();
      const spacePath = new URL(page.url()).pathname;
      expect(spacePath).toMatch(/\/spaces\/[^/]+$/);

      // The sidebar shows the space's link page: an entry pointing at its URL.
      const linkPage = page.locator('nav .tree a.link-page', { hasText: 'Status page' });
      await linkPage.waitFor();
      expect(await linkPage.getAttribute('href')).toBe('https://status.example.com');

      // Pages are Markdown rendered as sanitised HTML.
      await page.locator('nav .tree a', { hasText: 'Overview' }).click();
      const content = page.getByTestId('page-content');
      await content.locator('h2').first().waitFor();
      expect(await content.innerHTML()).not.toContain('## ');
      expect(await content.locator('li a').count()).toBeGreaterThan(0);
      // Its content references resolve: the logo loads, the printable guide links to the file,
      // the API reference to the OpenAPI spec's source.
      await content.locator('img[alt="Logo"]').waitFor();
      expect(
        await content.getByRole('link', { name: 'printable guide' }).getAttribute('href'),
      ).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/files\/.+\.pdf$/);
      expect(
        await content.getByRole('link', { name: 'API reference' }).getAttribute('href'),
      ).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/demo\/openapi\/acme-api\.json$/);
      expect(await brokenImagesAndLinks(page)).toEqual([]);
      await screenshot(page, 'example-page');
      const overviewPath = new URL(page.url()).pathname;
      expect(overviewPath).toMatch(/\/pages\/[^/]+$/);

      // A link inside the space navigates in the app (no reload), to the page it names.
      await page.evaluate(() => {
        (window as unknown as { marker: number }).marker = 1;
      });
      await content.getByRole('link', { name: 'Installation' }).click();
      await page.locator('article.page h2').filter({ hasText: 'Installation' }).waitFor();
      expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
      const installationPath = new URL(page.url()).pathname;
      expect(installationPath).not.toBe(overviewPath);

      // Back, forward and reload show the page of the URL.
      await page.goBack();
      await page.locator('article.page h2').filter({ hasText: 'Overview' }).waitFor();
      expect(new URL(page.url()).pathname).toBe(overviewPath);
      await page.goForward();
      await page.locator('article.page h2').filter({ hasText: 'Installation' }).waitFor();
      await page.reload();
      await page.locator('article.page h2').filter({ hasText: 'Installation' }).waitFor();
      expect(new URL(page.url()).pathname).toBe(installationPath);

      // Change request #1: its description, the pages it changes and a diff against main.
      await page.getByTestId('change-requests').getByRole('link', { name: /^#1 / }).click();
      const badge = page.getByTestId('cr-status-badge');
      await badge.filter({ hasText: 'Open' }).waitFor();
      expect(new URL(page.url()).pathname).toMatch(/\/change-requests\/1$/);
      await page.getByTestId('cr-description').filter({ hasText: /\S/ }).waitFor();
      const changes = page.getByTestId('changes');
      await changes
        .getByText(/^Changed$/)
        .first()
        .waitFor();
      await changes
        .getByText(/^Added$/)
        .first()
        .waitFor();
      const diff = changes.getByTestId('diff').first();
      await diff.locator('.added').first().waitFor();
      expect(await diff.locator('.added').first().textContent()).toMatch(/^\+ /m);

      // A comment in Markdown; the button waits for text.
      expect(await page.getByTestId('post-comment').isDisabled()).toBe(true);
      await page.getByTestId('new-comment').fill('Is the **install step** complete?');
      await page.getByTestId('post-comment').click();
      const comment = page
        .getByTestId('comment')
        .filter({ hasText: 'Is the install step complete?' });
      await comment.locator('strong', { hasText: 'install step' }).waitFor();
      await comment.getByTestId('reply-input').fill('Yes, checked on a clean machine.');
      await comment.getByTestId('post-reply').click();
      await comment
        .getByTestId('reply')
        .filter({ hasText: 'Yes, checked on a clean machine.' })
        .waitFor();

      // Merging asks first; cancelling merges nothing.
      await page.getByTestId('merge').click();
      await page.getByTestId('merge-confirm').waitFor();
      await page.getByRole('button', { name: 'Cancel' }).click();
      expect(await page.getByTestId('merge-confirm').count()).toBe(0);
      await page.getByTestId('merge').click();
      await page.getByTestId('merge-confirm').waitFor();
      expect(await brokenImagesAndLinks(page)).toEqual([]);
      await screenshot(page, 'example-change-request');
      await page.getByTestId('merge-confirm-button').click();
      await badge.filter({ hasText: 'Merged' }).waitFor();
      await expect.poll(() => page.getByTestId('merge').count(), { timeout: 10_000 }).toBe(0);

      // Back to the space: the URL history holds every step.
      await page.goBack();
      await page.getByTestId('space-title').filter({ hasText: 'Getting Started' }).waitFor();
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
  }, 180_000);

  it('shows empty states, errors and a merge conflict as sentences; sanitises raw HTML', async () => {
    const { page, problems } = await openPage(browser);
    try {
      // An unknown address of the app and an unknown change request.
      await page.goto(`${url}nowhere/at/all`);
      await page.getByRole('heading', { name: 'Page not found' }).waitFor();
      const spaceId = await spaceIdOf('Getting Started');
      const orgId = await orgIdOf('Acme Docs');
      const base = `${url}orgs/${encodeURIComponent(orgId)}/spaces/${encodeURIComponent(spaceId)}`;
      await page.goto(`${base}/change-requests/999`);
      await page
        .locator('.empty, .error')
        .filter({ hasText: /#999|does not exist/ })
        .first()
        .waitFor();

      // A conflict answered by the merge is a sentence, not a raw error.
      await page.route('**/graphql', async (route) => {
        const body = route.request().postDataJSON() as {
          query?: string;
          extensions?: { persistedQuery?: { sha256Hash?: string } };
        };
        // The client sends the document's hash (persisted documents), the text only on a miss.
        const text = body?.query ?? PERSISTED[body?.extensions?.persistedQuery?.sha256Hash ?? ''];
        if (!text?.includes('mutation MergeChangeRequest')) return route.fallback();
        return route.fulfill({
          contentType: 'application/json',
          body: JSON.stringify({
            data: {
              mergeChangeRequest: {
                __typename: 'ConflictError',
                message: 'the change request conflicts with the main content',
              },
            },
          }),
        });
      });
      const open = await openChangeRequest(orgId);
      await page.goto(
        `${url}orgs/${encodeURIComponent(orgId)}/spaces/${encodeURIComponent(open.spaceId)}/change-requests/${open.number}`,
      );
      await page.getByTestId('cr-status-badge').filter({ hasText: 'Open' }).waitFor();
      await page.getByTestId('merge').click();
      await page.getByTestId('merge-confirm-button').click();
      const conflict = page.getByTestId('merge-error');
      await conflict.waitFor();
      expect(await conflict.textContent()).toMatch(
        /^This change request conflicts with the main content .*Update it from main/,
      );
      await page.unroute('**/graphql');

      // Raw HTML in a comment is sanitised: no script runs, no handler survives.
      await page
        .getByTestId('new-comment')
        .fill(
          'Look <img src="x" onerror="window.pwned = 1"> <script>window.pwned = 2</script> **here**',
        );
      await page.getByTestId('post-comment').click();
      const hostile = page.getByTestId('comment').filter({ hasText: 'Look' }).last();
      await hostile.locator('strong', { hasText: 'here' }).waitFor();
      expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBe(
        undefined,
      );
      expect(await hostile.innerHTML()).not.toMatch(/onerror|<script/);

      // The outsider is a member of no organization: the page says why nothing is listed.
      await page.goto(url);
      await page.getByTestId('token').selectOption('dg_demo_outsider');
      await page
        .getByTestId('empty')
        .filter({ hasText: 'not a member of any organization' })
        .waitFor();
      await screenshot(page, 'example-outsider');
      // The unknown addresses above and the sanitised <img src="x"> answer 404s, on purpose.
      expect(problems.filter((p) => !/\b404\b/.test(p))).toEqual([]);
    } catch (error) {
      await screenshot(page, 'example-states-failure').catch(() => undefined);
      throw new Error(`${(error as Error).message}\nbrowser problems: ${problems.join('\n')}`, {
        cause: error,
      });
    } finally {
      await page.evaluate(() => localStorage.clear()).catch(() => undefined);
      await page.close();
    }
  }, 120_000);

  async function openChangeRequest(orgId: string): Promise<{ spaceId: string; number: number }> {
    const { body } = await e2e.gql(
      'query($id: ID!) { organization(id: $id) { changeRequests(status: OPEN, first: 1) { nodes { number space { id } } } } }',
      { id: orgId },
    );
    const node = (
      body.data as {
        organization: {
          changeRequests: { nodes: Array<{ number: number; space: { id: string } }> };
        };
      }
    ).organization.changeRequests.nodes[0];
    if (!node) throw new Error('no open change request');
    return { spaceId: node.space.id, number: node.number };
  }

  async function orgIdOf(title: string): Promise<string> {
    const { body } = await e2e.gql('{ organizations(first: 5) { nodes { id title } } }');
    const data = body.data as { organizations: { nodes: Array<{ id: string; title: string }> } };
    const org = data.organizations.nodes.find((o) => o.title === title);
    if (!org) throw new Error(`no organization ${title}`);
    return org.id;
  }

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
