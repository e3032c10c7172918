import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, signInAsAdmin } from './harness.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function violations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'])
    .analyze();
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

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
