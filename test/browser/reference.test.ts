import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2EStack, startE2E } from '../support/gateway.ts';
import { launchChromium, openPage, screenshot, skipReason } from './support.ts';

describe.skipIf(skipReason !== undefined)('the REST API reference in headless Chromium', () => {
  let e2e: E2EStack;
  let browser: Browser;

  beforeAll(async () => {
    e2e = await startE2E();
    browser = await launchChromium();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await e2e?.close();
  });

  it('is linked from the landing page and renders every route from this server alone', async () => {
    const { page, problems } = await openPage(browser);
    const origin = new URL(e2e.stack.url).origin;
    const elsewhere: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.protocol !== 'data:' && url.origin !== origin) elsewhere.push(request.url());
    });
    try {
      await page.goto(`${e2e.stack.url}/`);
      await page.getByRole('link', { name: 'REST API reference' }).click();
      await page.waitForURL(/\/v1\/reference\/?$/);

      const title = page.locator('.information-container .title').first();
      await title.waitFor();
      expect(await title.textContent()).toContain('docs-graph workspace API');
      // An operation of the spaces domain, with its method and path.
      const operation = page.locator('#operations-default-get_v1spacesspaceId');
      await operation.waitFor();
      expect(await operation.locator('.opblock-summary-method').textContent()).toBe('GET');
      expect(await operation.locator('.opblock-summary-path').textContent()).toContain(
        '/v1/spaces/{spaceId}',
      );
      // The bearer scheme, with the demo tokens in its description.
      await page
        .getByRole('button', { name: /Authorize/ })
        .first()
        .click();
      const auth = page.locator('.auth-container').first();
      await auth.waitFor();
      expect(await auth.textContent()).toContain('bearerAuth');
      expect(await auth.textContent()).toContain('dg_demo_admin');
      await screenshot(page, 'rest-reference');

      expect(elsewhere).toEqual([]);
      expect(problems).toEqual([]);
    } catch (error) {
      await screenshot(page, 'rest-reference-failure').catch(() => undefined);
      throw new Error(`${(error as Error).message}\nbrowser problems: ${problems.join('\n')}`, {
        cause: error,
      });
    } finally {
      await page.close();
    }
  }, 120_000);
});
