import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './axe.ts';
import { launchBrowser, openPage } from './harness.ts';
import { publicPages } from './public-pages.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

// The public site also runs the WCAG 2.1 A rules.
const violations = (page: Page) =>
  axeViolations(page, ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']);

describe.each(['light', 'dark'] as const)('public site accessibility in the %s theme', (colorScheme) => {
  it('finds no WCAG 2.2 AA violations on any public page, including the 404 page', async () => {
    // Reduced motion: every block is in its final place, so axe checks what a reader finally sees.
    const { page, close } = await openPage(browser, { colorScheme, reducedMotion: 'reduce' });
    for (const [path] of [...publicPages, ['/no-such-page', 'Page not found'] as const]) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      expect(await violations(page), `${colorScheme} ${path}`).toEqual([]);
    }
    await close();
  }, 240_000);

  it('finds none with the phone menu, an FAQ answer and form errors open', async () => {
    const { page, close } = await openPage(browser, {
      colorScheme,
      reducedMotion: 'reduce',
      viewport: { width: 390, height: 844 },
    });
    await page.goto('/faq');
    await page.waitForLoadState('networkidle');
    await page.getByRole('main').getByRole('button').first().click();
    await page.getByRole('button', { name: 'Open menu' }).click();
    expect(await violations(page)).toEqual([]);
    await page.goto('/contact');
    await page.waitForLoadState('networkidle');
    await page.getByRole('button', { name: 'Send message' }).click();
    await page.getByText('Enter your full name').waitFor();
    expect(await violations(page)).toEqual([]);
    await close();
  });
});
