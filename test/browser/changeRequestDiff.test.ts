import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser } from 'playwright-core';
import { build, type PreviewServer, preview } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TOKENS } from '../../src/workspace/demo/users.ts';
import { setChangeRequestRevision } from '../../src/workspace/store/changeRequestRevisions.ts';
import type { ChangeRequestRow } from '../../src/workspace/store/changeRequests.ts';
import { insertPageTree } from '../../src/workspace/store/content/revisionWrites.ts';
import { insertSpace } from '../../src/workspace/store/spaceWrites.ts';
import { type E2EStack, startE2E } from '../support/gateway.ts';
import { globalId } from '../support/ids.ts';
import { launchChromium, openPage, screenshot, skipReason } from './support.ts';

const configFile = resolve(import.meta.dirname, '../../examples/web/vite.config.ts');

const GUIDE = '# Guide\n\nThe first line.\n';
const PROPOSED = 'A line this change request proposes.';
const MAIN_LINE = 'A line main gained after the request started.';

/** The non-blank lines of the added parts of a diff. */
const added = (parts: string[]) =>
  parts.flatMap((part) => part.split('\n')).filter((line) => line.trim() !== '+' && line !== '');

describe.skipIf(skipReason !== undefined)('change request diff when main moved on', () => {
  let e2e: E2EStack;
  let outDir: string;
  let server: PreviewServer;
  let browser: Browser;
  let url: string;

  /** Sends a `/v1` request to the embedded workspace as the admin persona. */
  async function v1(method: string, path: string, body?: unknown): Promise<unknown> {
    const response = await fetch(`${e2e.stack.url}/v1${path}`, {
      method,
      headers: {
        authorization: `Bearer ${DEMO_TOKENS.admin}`,
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
    expect(response.status, `${method} ${path}`).toBeLessThan(300);
    return response.json();
  }

  /** Opens a change request and appends `line` to the page `slug` of its content. */
  async function changeRequest(spaceId: string, subject: string, slug: string, line: string) {
    const { id } = (await v1('POST', `/spaces/${spaceId}/change-requests`, { subject })) as {
      id: string;
    };
    const { ws } = e2e.stack;
    const row = ws.db
      .prepare('SELECT * FROM change_requests WHERE id = ?')
      .get(id) as ChangeRequestRow;
    setChangeRequestRevision(ws, row, row.created_by ?? '', (revisionId) => {
      ws.db
        .prepare('UPDATE pages SET markdown = markdown || ? WHERE revision_id = ? AND slug = ?')
        .run(`\n${line}\n`, revisionId, slug);
    });
    await v1('PATCH', `/spaces/${spaceId}/change-requests/${id}`, { status: 'open' });
    return id;
  }

  beforeAll(async () => {
    e2e = await startE2E();
    outDir = mkdtempSync(join(tmpdir(), 'docs-graph-diff-'));
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

  it('shows only the request’s own changes, and a banner until it is updated from main', async () => {
    const { ws } = e2e.stack;
    const org = ws.db.prepare("SELECT id FROM organizations WHERE title = 'Acme Docs'").get() as {
      id: string;
    };
    const space = insertSpace(ws, { organizationId: org.id, title: 'Diff check' });
    insertPageTree(ws, space.revision_id, [
      { title: 'Guide', markdown: GUIDE },
      { title: 'Other', markdown: '# Other\n' },
    ]);
    // #1 starts, then #2 edits another page and is merged: main moved on under #1. Compared
    // with current main, #1 would remove main's new line from that page.
    await changeRequest(space.id, 'Propose a line', 'guide', PROPOSED);
    const second = await changeRequest(space.id, 'Edit on main', 'other', MAIN_LINE);
    await v1('POST', `/spaces/${space.id}/change-requests/${second}/merge`);

    const { page, problems } = await openPage(browser);
    try {
      await page.goto(
        `${url}orgs/${globalId('Organization', org.id)}/spaces/${globalId('Space', space.id)}/change-requests/1`,
      );
      const changes = page.getByTestId('changes');
      const banner = changes.getByTestId('main-moved');
      await banner.waitFor();
      expect(await banner.textContent()).toContain('Main changed 1 page since');
      const diff = changes.getByTestId('diff');
      await diff.first().waitFor();
      expect(await diff.count()).toBe(1);
      expect(added(await diff.locator('.added').allTextContents())).toEqual([`+ ${PROPOSED}`]);
      expect(await diff.locator('.removed').count()).toBe(0);
      expect(await changes.textContent()).not.toContain(MAIN_LINE);
      await screenshot(page, 'change-request-diff-main-moved');

      // Updated from main: the banner goes; main's line is in the base and in #1, unchanged.
      await changes.getByTestId('update-from-main').click();
      await banner.waitFor({ state: 'detached' });
      await diff.locator('.added').first().waitFor();
      expect(added(await diff.locator('.added').allTextContents())).toEqual([`+ ${PROPOSED}`]);
      expect(await diff.locator('.removed').count()).toBe(0);
      expect(problems).toEqual([]);
    } finally {
      await page.close();
    }
  }, 60_000);
});
