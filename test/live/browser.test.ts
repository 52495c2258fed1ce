import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser } from 'playwright-core';
import { build, type PreviewServer, preview } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, openPage, skipReason } from '../browser/support.ts';
import { type E2EStack, startE2E } from '../support/gateway.ts';

// The example's change request page follows the change request and its comments live: changes
// made with another token, through the gateway, show without a reload.

const configFile = resolve(import.meta.dirname, '../../examples/web/vite.config.ts');

describe.skipIf(skipReason !== undefined)('the example change request page, live', () => {
  let e2e: E2EStack;
  let outDir: string;
  let server: PreviewServer;
  let browser: Browser;
  let url: string;

  beforeAll(async () => {
    e2e = await startE2E();
    outDir = mkdtempSync(join(tmpdir(), 'docs-graph-live-'));
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
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await e2e?.close();
    if (outDir) rmSync(outDir, { recursive: true, force: true });
  });

  it('shows a status change and a new comment made with another token, without a reload', async () => {
    const found = await e2e.gql(
      `{ organizations { nodes { id title spaces(first: 50) { nodes { id
        changeRequests(first: 1, status: OPEN) { nodes { id number } } } } } } }`,
    );
    const orgs = (
      found.body.data as {
        organizations: {
          nodes: {
            id: string;
            title: string;
            spaces: {
              nodes: { id: string; changeRequests: { nodes: { id: string; number: number }[] } }[];
            };
          }[];
        };
      }
    ).organizations.nodes;
    const org = orgs.find((o) => o.title === 'Acme Docs');
    const space = org?.spaces.nodes.find((s) => s.changeRequests.nodes.length > 0);
    const cr = space?.changeRequests.nodes[0];
    if (!org || !space || !cr) throw new Error('no open change request in the demo data');

    const { page } = await openPage(browser);
    await page.addInitScript(() => localStorage.setItem('docs-graph-token', 'dg_demo_read'));
    await page.goto(
      `${url}orgs/${encodeURIComponent(org.id)}/spaces/${encodeURIComponent(space.id)}/change-requests/${cr.number}`,
    );
    const badge = page.getByTestId('cr-status-badge');
    await badge.filter({ hasText: /open/i }).waitFor();
    const comments = page.getByTestId('comments').getByTestId('comment');
    const before = await comments.count();
    await page.evaluate(() => {
      (window as unknown as { stillHere: boolean }).stillHere = true;
    });
    // Let the page's subscriptions open before the changes are made.
    await page.waitForTimeout(1_000);

    const archived = await e2e.gql(
      `mutation($id: ID!) { updateChangeRequest(input: { changeRequestId: $id, status: ARCHIVED }) { __typename } }`,
      { id: cr.id },
      { as: 'admin' },
    );
    expect(archived.body.errors).toBeUndefined();
    await badge.filter({ hasText: /archived/i }).waitFor({ timeout: 15_000 });

    const posted = await e2e.gql(
      `mutation($space: ID!, $cr: ID!) { postComment(input: { spaceId: $space, changeRequestId: $cr, body: { markdown: "Posted elsewhere" } }) { __typename } }`,
      { space: space.id, cr: cr.id },
      { as: 'comment' },
    );
    expect(posted.body.errors).toBeUndefined();
    await expect.poll(() => comments.count(), { timeout: 15_000 }).toBe(before + 1);
    await page.getByText('Posted elsewhere').waitFor();
    expect(
      await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere),
    ).toBe(true);
    await page.close();
  });
});
