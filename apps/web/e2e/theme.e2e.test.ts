import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage } from './harness.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const isDark = (page: Page) => page.evaluate(() => document.documentElement.classList.contains('dark'));

describe('theme', () => {
  it('keeps the theme chosen with the toggle across a reload', async () => {
    const { page, problems, close } = await openPage(browser, { colorScheme: 'light' });
    await page.goto('/');
    expect(await isDark(page)).toBe(false);

    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    expect(await isDark(page)).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('vite-ui-theme'))).toBe('dark');

    await page.reload();
    expect(await isDark(page)).toBe(true);
    await page.getByRole('button', { name: 'Switch to light theme' }).click();
    await page.reload();
    expect(await isDark(page)).toBe(false);
    expect(problems).toEqual([]);
    await close();
  });

  it('follows the system preference by default', async () => {
    const { page, close } = await openPage(browser, { colorScheme: 'dark' });
    await page.goto('/login');
    await page.getByRole('heading', { name: 'Admin Login' }).waitFor();
    expect(await isDark(page)).toBe(true);
    await close();
  });

  it('sets the dark class before any app script runs, so there is no flash of the light theme', async () => {
    const { page, problems, close } = await openPage(browser, { colorScheme: 'light' });
    await page.goto('/');
    await page.evaluate(() => localStorage.setItem('vite-ui-theme', 'dark'));
    // With the app bundle blocked, only public/theme-init.js can have set the class.
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.reload({ waitUntil: 'domcontentloaded' });
    expect(await isDark(page)).toBe(true);
    expect(problems.filter((problem) => problem.includes('Content Security Policy'))).toEqual([]);
    await close();
  });
});
