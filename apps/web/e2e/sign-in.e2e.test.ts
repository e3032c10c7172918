import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harness, launchBrowser, openPage, signInAsAdmin } from './harness.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('admin sign-in', () => {
  it('lands on /dashboard after signing in with the printed admin', async () => {
    const { page, problems, close } = await openPage(browser);
    await signInAsAdmin(page);

    expect(new URL(page.url()).pathname).toBe('/dashboard');
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? 'null'));
    expect(stored?.email).toBe(harness().adminEmail);
    expect(await sidebar.getByText(stored.username, { exact: true }).isVisible()).toBe(true);
    expect(await sidebar.getByText('Administrator', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByText('Admin Dashboard', { exact: true }).isVisible()).toBe(true);
    for (const entry of [
      'Dashboard',
      'Users',
      'Applications',
      'Loans',
      'Collections',
      'Transactions',
      'Marketplace',
      'Lenders',
    ]) {
      expect(await sidebar.getByRole('link', { name: entry, exact: true }).isVisible()).toBe(true);
    }
    expect(problems).toEqual([]);
    await close();
  });

  it('shows Invalid email or password for a wrong password and stays on /login', async () => {
    const { page, close } = await openPage(browser);
    await page.goto('/login');
    await page.getByLabel('Email').fill(harness().adminEmail);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Login' }).click();

    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toBe('Invalid email or password');
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
    await close();
  });

  it('sends a signed-out visitor of /dashboard/users to /login', async () => {
    const { page, problems, close } = await openPage(browser);
    await page.goto('/dashboard/users');
    await page.waitForURL('**/login');
    await page.getByRole('heading', { level: 1, name: 'Admin Login' }).waitFor();
    expect(problems).toEqual([]);
    await close();
  });

  it('moves between back-office pages from the sidebar and signs out with Logout', async () => {
    const { page, problems, close } = await openPage(browser);
    await signInAsAdmin(page);

    const pages = [
      ['Users', '/dashboard/users', 'User Management'],
      ['Applications', '/dashboard/applications', 'Applications'],
      ['Loans', '/dashboard/loans', 'Loans'],
      ['Collections', '/dashboard/collections', 'Collections'],
      ['Transactions', '/dashboard/transactions', 'All Platform Transactions'],
      ['Marketplace', '/dashboard/marketplace', 'Marketplace'],
      ['Lenders', '/dashboard/lenders', 'Lenders'],
    ] as const;
    const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
    for (const [entry, path, heading] of pages) {
      await sidebar.getByRole('link', { name: entry, exact: true }).click();
      await page.getByRole('heading', { level: 1, name: heading, exact: true }).waitFor();
      expect(new URL(page.url()).pathname).toBe(path);
    }

    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('**/login');
    const storage = await page.evaluate(() =>
      ['accessToken', 'refreshToken', 'user'].map((key) => localStorage.getItem(key)),
    );
    expect(storage).toEqual([null, null, null]);
    await page.goto('/dashboard');
    await page.waitForURL('**/login');
    expect(problems).toEqual([]);
    await close();
  });

  it('keeps a signed-in admin through a reload and shows the back-office not-found page for unknown paths', async () => {
    const { page, problems, close } = await openPage(browser);
    await signInAsAdmin(page);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await page.goto('/dashboard/no-such-page');
    await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
    expect(await page.getByRole('link', { name: 'Back to the dashboard' }).isVisible()).toBe(true);
    expect(problems).toEqual([]);
    await close();
  });

  it('refreshes a rejected access token once against the real server and stays signed in', async () => {
    const { page, problems, close } = await openPage(browser);
    await signInAsAdmin(page);
    // The dashboard's own requests first: one still on its way when the token is spoilt starts a
    // refresh that the reload cuts off after the server rotated the token, and the reload's refresh
    // then presents a used token, which ends the session (seen once with two suites at a time).
    await page.waitForLoadState('networkidle');
    const before = await page.evaluate(() => localStorage.getItem('refreshToken'));
    await page.evaluate(() => localStorage.setItem('accessToken', 'not-a-valid-token'));
    const refreshes: number[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname === '/api/token/refresh/') refreshes.push(response.status());
    });

    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await page.getByText('Administrator', { exact: true }).waitFor();

    expect(refreshes).toEqual([200]);
    const after = await page.evaluate(() => [
      localStorage.getItem('accessToken'),
      localStorage.getItem('refreshToken'),
    ]);
    expect(after[0]).not.toBe('not-a-valid-token');
    expect(after[1]).not.toBe(before);
    expect(problems).toEqual([]);
    await close();
  });

  it('clears the session and goes to /login when the refresh token is refused', async () => {
    const { page, close } = await openPage(browser);
    await signInAsAdmin(page);
    await page.evaluate(() => {
      localStorage.setItem('accessToken', 'not-a-valid-token');
      localStorage.setItem('refreshToken', 'not-a-valid-refresh-token');
    });
    await page.reload();
    await page.waitForURL('**/login');
    await page.getByRole('heading', { level: 1, name: 'Admin Login' }).waitFor();
    const storage = await page.evaluate(() =>
      ['accessToken', 'refreshToken', 'user'].map((key) => localStorage.getItem(key)),
    );
    expect(storage).toEqual([null, null, null]);
    await close();
  });

  it('redirects /admin-login to /login', async () => {
    const { page, close } = await openPage(browser);
    await page.goto('/admin-login');
    await page.waitForURL('**/login');
    await page.getByRole('heading', { level: 1, name: 'Admin Login' }).waitFor();
    await close();
  });
});
