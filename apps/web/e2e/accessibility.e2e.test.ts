import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './axe.ts';
import { launchBrowser, openPage, signInAsAdmin } from './harness.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const violations = (page: Page) => axeViolations(page);

describe.each(['light', 'dark'] as const)('accessibility in the %s theme', (colorScheme) => {
  it('finds no WCAG 2.2 AA violations on the landing, login and dashboard pages', async () => {
    const { page, close } = await openPage(browser, { colorScheme });
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await violations(page)).toEqual([]);

    await page.goto('/login');
    await page.getByRole('heading', { name: 'Admin Login' }).waitFor();
    expect(await violations(page)).toEqual([]);

    await signInAsAdmin(page);
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    expect(await violations(page)).toEqual([]);
    await close();
  });
});
