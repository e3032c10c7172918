import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminApi,
  countRequests,
  failCall,
  openAdminPage,
  searchParam,
  waitForEveryCell,
} from './admin-session.ts';
import { launchBrowser } from './harness.ts';

interface UserStats {
  readonly total_users: number;
  readonly active_users: number;
  readonly inactive_users: number;
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const usersTable = (page: Page) => page.getByRole('table', { name: 'Users' });
const bodyRows = (page: Page) => usersTable(page).locator('tbody tr:has(td + td)');
const card = (page: Page, label: string) => page.getByRole('group', { name: label, exact: true });

async function search(page: Page, text: string) {
  await page.getByRole('searchbox', { name: 'Search users' }).fill(text);
  await page.waitForFunction((value) => new URL(location.href).searchParams.get('search') === value, text);
}

describe('User Management', () => {
  it('shows the counts, the columns and ten users a page with the pager', async () => {
    const { page, problems, close } = await openAdminPage(browser, '/dashboard/users');
    await page.getByRole('heading', { level: 1, name: 'User Management' }).waitFor();
    const stats = await adminApi<UserStats>('/api/auth/admin/stats/');
    await card(page, 'Total Users').getByText(String(stats.total_users), { exact: true }).waitFor();
    await card(page, 'Active Users').getByText(String(stats.active_users), { exact: true }).waitFor();
    await card(page, 'Inactive Users').getByText(String(stats.inactive_users), { exact: true }).waitFor();

    const headers = await usersTable(page).locator('thead th').allTextContents();
    expect(headers).toEqual(['Name', 'Email', 'Phone Number', 'Registration Date', 'Status', 'Actions']);
    await bodyRows(page).nth(9).waitFor();
    expect(await bodyRows(page).count()).toBe(10);
    expect(await page.getByPlaceholder('Search users...').isVisible()).toBe(true);
    const statusOptions = await page
      .getByRole('combobox', { name: 'Status' })
      .locator('option')
      .allTextContents();
    expect(statusOptions).toEqual(['All Status', 'Active', 'Inactive']);

    const pager = page.getByRole('navigation', { name: 'Pagination' });
    expect(await pager.getByRole('button', { name: 'Previous' }).isDisabled()).toBe(true);
    await pager.getByRole('button', { name: 'Page 2' }).click();
    await page.waitForURL(/page=2/);
    // The URL changes first; the pager marks the new page when the page's answer has drawn it.
    await pager.getByRole('button', { name: 'Page 2' }).and(page.locator('[aria-current="page"]')).waitFor();
    await pager.getByRole('button', { name: 'Next' }).click();
    await page.waitForURL(/page=3/);
    // Back returns to page 2; a reload keeps it.
    await page.goBack();
    await page.waitForURL(/page=2/);
    await page.reload();
    await page.getByRole('button', { name: 'Page 2' }).and(page.locator('[aria-current="page"]')).waitFor();
    expect(problems).toEqual([]);
    await close();
  });

  it('says when a search matches more users than it counts, and how to narrow it', async () => {
    const { page, problems, close } = await openAdminPage(browser, '/dashboard/users');
    // The demo data has far fewer than 1,000 of anyone: the server's answer is widened to a capped one
    // (the server's cap itself is tested in user-list.routes.test.ts).
    await page.route(
      (url) => url.pathname === '/api/auth/admin/users/' && url.searchParams.get('search') === 'a',
      async (route) => {
        const answer = await (await route.fetch()).json();
        await route.fulfill({ json: { ...answer, count: 1000, count_capped: true } });
      },
    );
    await search(page, 'a');
    await page
      .getByText(
        'Page 1 of 100 · over 1,000 users match: add more of the name, email or number to see them all',
        {
          exact: true,
        },
      )
      .waitFor();
    await search(page, 'Okello');
    await page.getByText(/^Page 1 of \d+ · \d+ users?$/).waitFor();
    expect(problems).toEqual([]);
    await close();
  });

  it('searches 500 ms after typing stops, once, back on page 1, and shows the empty text', async () => {
    const { page, problems, close } = await openAdminPage(browser, '/dashboard/users?page=2');
    await bodyRows(page).first().waitFor();
    const searches = countRequests(
      page,
      (url) => url.pathname === '/api/auth/admin/users/' && url.searchParams.has('search'),
    );
    await page.getByRole('searchbox', { name: 'Search users' }).pressSequentially('nakato', { delay: 40 });
    await page.waitForTimeout(200);
    expect(searches()).toBe(0);
    await page.waitForFunction(() => new URL(location.href).searchParams.get('search') === 'nakato');
    expect(searchParam(page, 'page')).toBeNull();
    await usersTable(page).getByRole('cell', { name: 'Nakato Sarah', exact: true }).waitFor();
    expect(searches()).toBe(1);

    await search(page, 'no such person zzz');
    await page.getByText('No users found. Try adjusting your search or filters.', { exact: true }).waitFor();
    expect(problems).toEqual([]);
    await close();
  });

  it('filters by status in the URL and keeps the filter on reload', async () => {
    const { page, problems, close } = await openAdminPage(browser, '/dashboard/users');
    await bodyRows(page).first().waitFor();
    await page.getByRole('combobox', { name: 'Status' }).selectOption('Inactive');
    await page.waitForURL(/status=Inactive/);
    await waitForEveryCell(page, 'tbody tr td:nth-child(5) span', 'Inactive');
    await page.reload();
    // The first row is "Loading..." until the list arrives; wait for a real one.
    await bodyRows(page).locator('td:nth-child(5) span').first().waitFor();
    expect(await page.getByRole('combobox', { name: 'Status' }).inputValue()).toBe('Inactive');
    const statuses = await bodyRows(page).locator('td:nth-child(5) span').allTextContents();
    expect(statuses.length).toBeGreaterThan(0);
    for (const status of statuses) expect(status.startsWith('Inactive')).toBe(true);
    expect(problems).toEqual([]);
    await close();
  });

  it('changes a status only after a confirmation, then reloads the list and the counts', async () => {
    const { page, problems, close } = await openAdminPage(browser, '/dashboard/users?search=Atim');
    const before = await adminApi<UserStats>('/api/auth/admin/stats/');
    const row = bodyRows(page).filter({ hasText: 'Atim Agnes' });
    // The badge is a label, not a button.
    expect(await row.locator('td:nth-child(5) button').count()).toBe(0);
    const deactivate = row.getByRole('button', { name: 'Deactivate Atim Agnes' });
    expect(await deactivate.getAttribute('class')).toContain('text-red-');
    await deactivate.click();
    const dialog = page.getByRole('alertdialog', { name: 'Deactivate user' });
    await dialog.getByText(/^Deactivate Atim Agnes/).waitFor();
    // Cancel changes nothing.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect((await adminApi<UserStats>('/api/auth/admin/stats/')).inactive_users).toBe(before.inactive_users);
    await deactivate.click();
    const confirm = dialog.getByRole('button', { name: 'Deactivate', exact: true });
    expect(await confirm.getAttribute('class')).toContain('bg-red-700');
    await confirm.click();
    await row.getByRole('button', { name: 'Activate Atim Agnes' }).waitFor();
    await card(page, 'Inactive Users')
      .getByText(String(before.inactive_users + 1), { exact: true })
      .waitFor();
    await row.getByRole('button', { name: 'Activate Atim Agnes' }).click();
    await page
      .getByRole('alertdialog', { name: 'Activate user' })
      .getByRole('button', { name: 'Activate' })
      .click();
    await row.getByRole('button', { name: 'Deactivate Atim Agnes' }).waitFor();
    await card(page, 'Inactive Users').getByText(String(before.inactive_users), { exact: true }).waitFor();
    expect(problems).toEqual([]);
    await close();
  });

  it('asks before deleting, and the user leaves the list and the counts', async () => {
    const { page, problems, close } = await openAdminPage(browser, '/dashboard/users?search=Babirye');
    const before = await adminApi<UserStats>('/api/auth/admin/stats/');
    const row = bodyRows(page).filter({ hasText: 'Babirye Sharon' });
    await row.getByRole('button', { name: 'Delete Babirye Sharon' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete user' });
    await dialog.getByText('Are you sure you want to delete this user?', { exact: true }).waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await row.getByRole('button', { name: 'Delete Babirye Sharon' }).click();
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByText('No users found. Try adjusting your search or filters.', { exact: true }).waitFor();
    await card(page, 'Total Users')
      .getByText(String(before.total_users - 1), { exact: true })
      .waitFor();
    expect(problems).toEqual([]);
    await close();
  });

  it('exports the loaded users as CSV', async () => {
    const { page, close } = await openAdminPage(browser, '/dashboard/users?search=Okello');
    await bodyRows(page).filter({ hasText: 'Okello David' }).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^users-\d{4}-\d{2}-\d{2}\.csv$/);
    const path = await download.path();
    const { readFile } = await import('node:fs/promises');
    const text = (await readFile(path, 'utf8')).replace(/^\uFEFF/, '');
    expect(text.split('\r\n')[0]).toBe('Name,Email,Phone Number,Registration Date,Status');
    expect(text).toContain('Okello David,okello.david@example.ug,');
    await close();
  });

  it('shows the red dismissible banners when loading, toggling or deleting fails', async () => {
    const { page, close } = await openAdminPage(browser, '/dashboard/users?search=Okello');
    await bodyRows(page).filter({ hasText: 'Okello David' }).waitFor();

    const restoreToggle = await failCall(page, 'PATCH', /\/toggle-status\/$/);
    await page.getByRole('button', { name: 'Deactivate Okello David' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Deactivate', exact: true }).click();
    const alert = page.getByRole('alert');
    await alert.getByText('Failed to update user status. Please try again.', { exact: true }).waitFor();
    await alert.getByRole('button', { name: 'Dismiss' }).click();
    await alert.waitFor({ state: 'detached' });
    await restoreToggle();

    const restoreDelete = await failCall(page, 'DELETE', /^\/api\/auth\/admin\/users\/\d+\/$/, {
      status: 409,
      error: 'Conflict',
    });
    await page.getByRole('button', { name: 'Delete Okello David' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete', exact: true }).click();
    await alert.getByText('Failed to delete user. Please try again.', { exact: true }).waitFor();
    await alert.getByRole('button', { name: 'Dismiss' }).click();
    await restoreDelete();

    await failCall(page, 'GET', '/api/auth/admin/users/', { status: 403, error: 'Admin role required' });
    await page.reload();
    await alert.getByText('Failed to load users. Please try again.', { exact: true }).waitFor();
    expect(await alert.textContent()).toContain('Admin role required');
    await alert.getByRole('button', { name: 'Dismiss' }).click();
    await alert.waitFor({ state: 'detached' });
    await close();
  });

  it('reports a network failure of the list the same way', async () => {
    const { page, close } = await openAdminPage(browser, '/dashboard/users');
    await failCall(page, 'GET', '/api/auth/admin/users/', 'network');
    await page.getByRole('searchbox', { name: 'Search users' }).fill('kato');
    await page
      .getByRole('alert')
      .getByText('Failed to load users. Please try again.', { exact: true })
      .waitFor({ timeout: 15_000 });
    expect(await page.getByRole('alert').textContent()).toContain(
      'Network error. Please check your connection.',
    );
    await close();
  });
});
