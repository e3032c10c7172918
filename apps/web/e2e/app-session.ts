/**
 * Helpers for the app's browser tests (/app): a phone-sized page, the SMS code as an admin reads it
 * from the simulator, a page opened with an app session already stored, and axe's findings.
 */
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { expect } from 'vitest';
import { adminApi, loginThroughApi } from './admin-session.ts';
import { eventually, type OpenedPage, openPage } from './harness.ts';

/** A mid-range Android phone (decisions for the app: 360 × 740 first). */
export const PHONE: BrowserContextOptions = {
  viewport: { width: 360, height: 740 },
  isMobile: true,
  hasTouch: true,
  deviceScaleFactor: 2,
};

/**
 * The 6-digit code the SMS simulator was last asked to send to `phone` (+2567…). The server sends
 * it once the request that asked for it has committed (or its outbox retries it later), so read
 * right after a click it may not be there yet (CI saw that once with two browser suites at a
 * time): this asks again for up to 20 s.
 */
export async function readSmsCode(phone: string): Promise<string> {
  return eventually(`no code was sent to ${phone}`, 20, async () => {
    const page = await adminApi<{ results: Array<{ text: string }> }>(
      `/api/simulator/sms/?to=${encodeURIComponent(phone)}`,
    );
    return /code is (\d{6})/.exec(page.results[0]?.text ?? '')?.[1];
  });
}

/** A fresh phone-sized page whose app session (sente.app.* keys) belongs to the account. */
export async function openAppPage(
  browser: Browser,
  account: { email: string; password: string },
  path: string,
  options: BrowserContextOptions = {},
): Promise<OpenedPage> {
  const session = await loginThroughApi(account.email, account.password);
  const opened = await openPage(browser, { ...PHONE, ...options });
  await opened.page.addInitScript((stored) => {
    if (sessionStorage.getItem('e2e-app-session-seeded')) return;
    sessionStorage.setItem('e2e-app-session-seeded', '1');
    localStorage.setItem('sente.app.accessToken', stored.access);
    localStorage.setItem('sente.app.refreshToken', stored.refresh);
    localStorage.setItem('sente.app.user', JSON.stringify(stored.user));
  }, session);
  await opened.page.goto(path);
  return opened;
}

/** WCAG 2.2 AA findings on the page as it is now. */
export async function axeViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

export const hasSidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

/** No "Loading ..." status left on the screen. */
export async function waitUntilLoaded(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      ![...document.querySelectorAll('[role="status"]')].some((e) => e.textContent?.startsWith('Loading')),
  );
}

/** Waits for the screen to show `loaded` and finish loading; then axe finds nothing and nothing scrolls sideways. */
export async function checkScreen(page: Page, loaded: string | RegExp): Promise<void> {
  await page.getByText(loaded).first().waitFor();
  await waitUntilLoaded(page);
  const url = new URL(page.url());
  // The query and the anchor too: the same screen filtered, or scrolled to a section, is named apart.
  const path = `${url.pathname}${url.search}${url.hash}`;
  expect({ path, violations: await axeViolations(page) }).toEqual({ path, violations: [] });
  expect({ path, sideways: await hasSidewaysScroll(page) }).toEqual({ path, sideways: false });
}

/** The figure on a labelled card (ui/stat-card.tsx: a group named by its label). */
export const figure = (page: Page, label: string) => page.getByRole('group', { name: label, exact: true });
