import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXAMPLE_QUERY } from '../../src/gateway/yoga.ts';
import { type E2EStack, startE2E } from '../support/gateway.ts';
import { launchChromium, openPage, screenshot, skipReason } from './support.ts';

/** Monaco renders spaces as no-break spaces. */
const text = (value: string | null) => (value ?? '').replaceAll('\u00a0', ' ');

describe.skipIf(skipReason !== undefined)('GraphiQL in headless Chromium', () => {
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

  it('the landing page links GraphiQL, which runs its default query with the demo token', async () => {
    const { page, problems } = await openPage(browser);
    try {
      await page.goto(`${e2e.stack.url}/`);
      await page.getByRole('link', { name: 'GraphiQL' }).click();
      await page.waitForURL(`${e2e.stack.url}/graphql`);

      // The editor opens with the example query; the headers editor holds the demo token.
      await page.locator('.graphiql-container').first().waitFor({ timeout: 60_000 });
      await expect
        .poll(
          async () =>
            text(await page.locator('.graphiql-query-editor .view-lines').first().textContent()),
          {
            timeout: 30_000,
          },
        )
        .toContain('query Dashboard');
      await page.locator('.graphiql-execute-button').first().click();

      const result = page.locator('.graphiql-response').first();
      await expect
        .poll(async () => text(await result.textContent()), { timeout: 30_000, interval: 250 })
        .toContain('Acme Docs');
      const answer = text(await result.textContent());
      expect(answer).toContain('"organizations"');
      expect(answer).toContain('"changeRequests"');
      expect(answer).not.toContain('"errors"');
      await screenshot(page, 'graphiql');
      expect(EXAMPLE_QUERY).toContain('query Dashboard');
      expect(problems).toEqual([]);
    } catch (error) {
      await screenshot(page, 'graphiql-failure').catch(() => undefined);
      throw new Error(`${(error as Error).message}\nbrowser problems: ${problems.join('\n')}`, {
        cause: error,
      });
    } finally {
      await page.close();
    }
  }, 120_000);
});
