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

  it('is linked from the landing page and renders, loading nothing from elsewhere', async () => {
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

      // Swagger UI renders every operation at once: slow on a loaded machine.
      await page.waitForFunction(
        () => document.querySelector('.info .title')?.textContent?.includes('workspace API'),
        undefined,
        { timeout: 90_000 },
      );
      expect(await page.locator('.info .title').textContent()).toContain(
        'docs-graph workspace API',
      );
      // An operation of the organizations domain, with its method and path.
      const operation = page.locator('.opblock-get').filter({
        has: page.locator('.opblock-summary-path[data-path="/v1/orgs/{organizationId}"]'),
      });
      await operation.waitFor({ timeout: 60_000 });
      expect(await operation.locator('.opblock-summary-method').textContent()).toBe('GET');
      // Opened, it shows the answer's schema.
      await operation.locator('.opblock-summary').click();
      await operation.locator('.responses-wrapper').waitFor();
      expect(await operation.locator('.responses-wrapper').textContent()).toContain('title');
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
  }, 240_000);
});
