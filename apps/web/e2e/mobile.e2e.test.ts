import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, signInAsAdmin } from './harness.ts';

const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 3 };

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const hasHorizontalScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

describe('on a 390×844 phone', () => {
  it('renders the login page without horizontal scroll', async () => {
    const { page, problems, close } = await openPage(browser, phone);
    await page.goto('/login');
    await page.getByRole('heading', { name: 'Admin Login' }).waitFor();
    expect(await hasHorizontalScroll(page)).toBe(false);
    expect(await page.getByRole('button', { name: 'Login' }).isVisible()).toBe(true);
    expect(problems).toEqual([]);
    await close();
  });

  it('renders the landing page without horizontal scroll and opens the menu with Become a Lender', async () => {
    const { page, close } = await openPage(browser, phone);
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await hasHorizontalScroll(page)).toBe(false);

    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    expect(await menu.getByRole('link', { name: 'Become a Lender' }).isVisible()).toBe(true);
    // An outside click (below the open menu) closes it; so does Escape.
    await page.mouse.click(380, 830);
    expect(await menu.isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.keyboard.press('Escape');
    expect(await menu.isVisible()).toBe(false);
    await close();
  });

  it('collapses the back-office sidebar behind a menu button', async () => {
    const { page, close } = await openPage(browser, phone);
    await signInAsAdmin(page);
    const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
    expect(await sidebar.isVisible()).toBe(false);
    expect(await hasHorizontalScroll(page)).toBe(false);

    // Keyboard: opening moves focus into the drawer; Escape closes it and returns focus.
    // The drawer opens and closes on the next render, and focus moves after it: wait for each
    // rather than sampling mid-update (the machine may be busy).
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label'));
    await page.getByRole('button', { name: 'Open menu' }).click();
    await sidebar.waitFor({ state: 'visible', timeout: 5_000 });
    await expect.poll(focused, { timeout: 5_000 }).toBe('Close menu');
    await page.keyboard.press('Escape');
    await sidebar.waitFor({ state: 'hidden', timeout: 5_000 });
    await expect.poll(focused, { timeout: 5_000 }).toBe('Open menu');

    await page.getByRole('button', { name: 'Open menu' }).click();
    await sidebar.getByRole('link', { name: 'Users', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'User Management' }).waitFor();
    await sidebar.waitFor({ state: 'hidden', timeout: 5_000 });
    await close();
  });

  it('draws the dashboard chart at the size of the phone: labels drawn 12 px high or more, none overlapping', async () => {
    const { page, close } = await openPage(browser, phone);
    await signInAsAdmin(page);
    const chart = page.locator('figure svg').first();
    await chart.waitFor();
    const labels = await chart.evaluate((svg) =>
      [...svg.querySelectorAll('text')].map((text) => {
        const box = text.getBoundingClientRect();
        // The rendered height, not the CSS font size: a drawing scaled down to fit shrinks its text.
        return {
          size: box.height,
          left: box.left,
          right: box.right,
          top: box.top,
        };
      }),
    );
    expect(labels.length).toBeGreaterThan(5);
    expect(labels.filter((label) => label.size < 12)).toEqual([]);
    // The week labels share one baseline: none may reach into the next.
    const bottom = Math.max(...labels.map((label) => label.top));
    const weeks = labels.filter((label) => label.top === bottom).sort((a, b) => a.left - b.left);
    const touching = weeks.filter((week, index) => index > 0 && week.left < (weeks[index - 1]?.right ?? 0));
    expect({ weeks: weeks.length, touching }).toEqual({ weeks: weeks.length, touching: [] });
    expect(await hasHorizontalScroll(page)).toBe(false);
    await close();
  });
});
