import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage } from './harness.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('public site', () => {
  it('serves the landing page without loading the back-office chunk', async () => {
    const { page, problems, close } = await openPage(browser);
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto('/', { waitUntil: 'networkidle' });

    await page.getByRole('heading', { level: 1, name: 'Funding For Small Business Growth' }).waitFor();
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const entry of ['Products', 'How It Works', 'About Us', 'FAQ']) {
      expect(await nav.getByRole('link', { name: entry }).isVisible()).toBe(true);
    }
    expect(scripts.some((script) => script.includes('admin-entry'))).toBe(false);
    expect(problems).toEqual([]);
    await close();
  });

  it('answers an unknown path with HTTP 404 and a Page not found page that links home', async () => {
    const { page, problems, close } = await openPage(browser);
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
    await page.getByRole('link', { name: 'Go to the home page' }).click();
    await page.getByRole('heading', { level: 1, name: 'Funding For Small Business Growth' }).waitFor();
    expect(problems).toEqual([]);
    await close();
  });

  it('redirects /privacy to /privacy-policy', async () => {
    const { page, close } = await openPage(browser);
    await page.goto('/privacy');
    await page.waitForURL('**/privacy-policy');
    await close();
  });
});
