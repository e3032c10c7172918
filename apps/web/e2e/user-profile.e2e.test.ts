import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from './accounts.ts';
import { adminApi, countRequests, failCall, openAdminPage } from './admin-session.ts';
import { harness, launchBrowser, openPage } from './harness.ts';

interface UserRow {
  readonly id: number;
  readonly name: string;
  readonly status: string;
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function userId(search: string): Promise<number> {
  const page = await adminApi<{ results: UserRow[] }>(
    `/api/auth/admin/users/?search=${encodeURIComponent(search)}`,
  );
  const user = page.results[0];
  if (!user) throw new Error(`No demo user matches ${search}`);
  return user.id;
}

const tab = (page: Page, name: string | RegExp) => page.getByRole('tab', { name });

describe('User profile', () => {
  it('opens from the list and shows the header, the buttons and the KYC tab with Not provided', async () => {
    const { page, problems, close } = await openAdminPage(browser, '/dashboard/users?search=Lubega');
    await page.getByRole('link', { name: 'View Lubega Ivan' }).click();
    await page.getByRole('heading', { level: 1, name: 'Lubega Ivan' }).waitFor();
    expect(new URL(page.url()).pathname).toMatch(/^\/dashboard\/users\/\d+$/);
    await page.getByText('lubega.ivan@example.ug', { exact: true }).waitFor();
    for (const name of ['Deactivate', 'Reset Password', 'Delete Account']) {
      expect(await page.getByRole('button', { name, exact: true }).isVisible()).toBe(true);
    }
    expect(await tab(page, 'KYC').getAttribute('aria-selected')).toBe('true');
    const panel = page.getByRole('tabpanel');
    for (const label of ['Date of Birth', 'Gender', 'Address', 'National Identification Number']) {
      await panel.getByText(label, { exact: true }).waitFor();
    }
    await panel.getByText('Kisenyi II, Rubaga Division, Kampala', { exact: true }).waitFor();
    expect(await panel.getByText('Not provided', { exact: true }).count()).toBe(3);
    expect(problems).toEqual([]);
    await close();
  });

  it('lets an admin allow a borrower a second open application, and says so', async () => {
    const borrower = await createAccount(`Allowance Borrower ${Date.now()}`, 'borrower');
    const { page, problems, close } = await openAdminPage(browser, `/dashboard/users/${borrower.id}`);
    const allowed = page.getByLabel('Open applications allowed');
    expect(await allowed.inputValue()).toBe('1');
    await allowed.selectOption('2');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page
      .getByRole('status')
      .getByText(`Saved: ${borrower.name} may have up to 2 open applications at once.`)
      .waitFor();
    const detail = await adminApi<{ max_open_applications: number }>(
      `/api/auth/admin/users/${borrower.id}/detail/`,
    );
    expect(detail.max_open_applications).toBe(2);
    expect(problems).toEqual([]);
    await close();
  });

  it('says KYC data is not available for a user without any', async () => {
    const id = await userId('Mugisha Brian');
    const { page, close } = await openAdminPage(browser, `/dashboard/users/${id}`);
    await page.getByText('KYC data not available for this user', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Activate', exact: true }).isVisible()).toBe(true);
    await close();
  });

  it('deactivates and activates from the header, each after a confirmation', async () => {
    const id = await userId('Kato Emmanuel');
    const { page, problems, close } = await openAdminPage(browser, `/dashboard/users/${id}`);
    await page.getByRole('button', { name: 'Deactivate', exact: true }).click();
    await page
      .getByRole('alertdialog', { name: 'Deactivate user' })
      .getByRole('button', { name: 'Deactivate', exact: true })
      .click();
    await page.getByRole('button', { name: 'Activate', exact: true }).waitFor();
    await page.getByText('Inactive', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Activate', exact: true }).click();
    await page
      .getByRole('alertdialog', { name: 'Activate user' })
      .getByRole('button', { name: 'Activate', exact: true })
      .click();
    await page.getByRole('button', { name: 'Deactivate', exact: true }).waitFor();
    expect(problems).toEqual([]);
    await close();
  });

  it('creates a one-time reset link, copies it, and the link sets a new password', async () => {
    const id = await userId('Nalwoga Harriet');
    const { page, problems, close } = await openAdminPage(browser, `/dashboard/users/${id}`);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Password reset link' });
    const link = await dialog.getByRole('textbox', { name: 'Reset link' }).inputValue();
    expect(link).toMatch(/\/reset-password\?token=/);
    await dialog.getByRole('button', { name: 'Copy link' }).click();
    await dialog.getByRole('button', { name: 'Copied' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    await dialog.getByRole('button', { name: 'Done' }).click();
    expect(problems).toEqual([]);
    await close();

    const visitor = await openPage(browser);
    const target = new URL(link);
    await visitor.page.goto(`${target.pathname}${target.search}`);
    await visitor.page.getByRole('heading', { level: 1, name: 'Choose a new password' }).waitFor();
    await visitor.page.getByLabel('New password', { exact: true }).fill('short');
    await visitor.page.getByLabel('Confirm new password').fill('different');
    await visitor.page.getByRole('button', { name: 'Set new password' }).click();
    await visitor.page.getByText('Use at least 12 characters.').waitFor();
    await visitor.page.getByText('The passwords do not match.').waitFor();
    // Typing again clears the messages.
    await visitor.page.getByLabel('New password', { exact: true }).fill('harriet-new-pass-1');
    expect(await visitor.page.getByText('The passwords do not match.').count()).toBe(0);
    await visitor.page.getByLabel('Confirm new password').fill('harriet-new-pass-1');
    await visitor.page.getByRole('button', { name: 'Set new password' }).click();
    await visitor.page.getByText(/Your password has been changed/).waitFor();
    await visitor.page.getByRole('link', { name: 'Go to login' }).click();
    await visitor.page.waitForURL('**/login');

    // The new password works: the borrower signs in and is told there is no admin access.
    await visitor.page.getByLabel('Email').fill('nalwoga.harriet@example.ug');
    await visitor.page.getByLabel('Password').fill('harriet-new-pass-1');
    await visitor.page.getByRole('button', { name: 'Login' }).click();
    await visitor.page.getByText('This account does not have admin access.').waitFor();

    // The link works once.
    await visitor.page.goto(`${target.pathname}${target.search}`);
    await visitor.page.getByLabel('New password', { exact: true }).fill('another-pass-2');
    await visitor.page.getByLabel('Confirm new password').fill('another-pass-2');
    await visitor.page.getByRole('button', { name: 'Set new password' }).click();
    await visitor.page
      .getByRole('alert')
      .getByText(/invalid, used or expired/)
      .waitFor();
    expect(visitor.problems).toEqual([]);
    await visitor.close();
  });

  it('asks before closing the account, then returns to the users and says it was closed', async () => {
    const id = await userId('Ainomugisha Collins');
    const { page, problems, close } = await openAdminPage(browser, `/dashboard/users/${id}`);
    await page.getByRole('button', { name: 'Delete Account' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete Account' });
    await dialog
      .getByText('Are you sure you want to delete this user account? This action cannot be undone.', {
        exact: true,
      })
      .waitFor();
    await dialog.getByRole('button', { name: 'Delete Account' }).click();
    await page.waitForURL('**/dashboard/users');
    await page.getByText(/The account of Ainomugisha Collins was closed/).waitFor();
    await page.goto(`/dashboard/users/${id}`);
    await page.getByRole('heading', { level: 1, name: 'User not found' }).waitFor();
    expect(problems).toEqual([]);
    await close();
  });

  it('shows the profile error messages when a call fails', async () => {
    const id = await userId('Odongo Patrick');
    const { page, close } = await openAdminPage(browser, '/dashboard');
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();

    const restoreDetail = await failCall(page, 'GET', `/api/auth/admin/users/${id}/detail/`, {
      status: 403,
      error: 'Forbidden',
    });
    await page.goto(`/dashboard/users/${id}`);
    await page.getByRole('alert').getByText('Failed to load user details', { exact: true }).waitFor();
    await restoreDetail();
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('heading', { level: 1, name: 'Odongo Patrick' }).waitFor();

    await failCall(page, 'PATCH', /toggle-status\/$/, { status: 409, error: 'Not now' });
    await page.getByRole('button', { name: 'Deactivate', exact: true }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Deactivate', exact: true }).click();
    await page.getByRole('alert').getByText('Failed to update user status', { exact: true }).waitFor();
    await page.getByRole('alert').getByRole('button', { name: 'Dismiss' }).click();

    await failCall(page, 'DELETE', `/api/auth/admin/users/${id}/`, { status: 409, error: 'Not now' });
    await page.getByRole('button', { name: 'Delete Account' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete Account' }).click();
    await page.getByRole('alert').getByText('Failed to delete user account', { exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/dashboard/users/${id}`);

    await page.goto('/dashboard/users/999999');
    await page.getByRole('alert').getByText('User not found', { exact: true }).waitFor();
    await close();
  });

  it('loads loan and transaction history the first time their tabs open, with counts in the labels', async () => {
    const id = await userId('Nakato Sarah');
    const loans = await adminApi<{ count: number }>(`/api/loans/user/${id}/loans/`);
    const transactions = await adminApi<{ count: number }>(
      `/api/wallet/user/${id}/transactions/?page_size=50`,
    );
    const { page, problems, close } = await openAdminPage(browser, '/dashboard');
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    const loanCalls = countRequests(page, (url) => url.pathname === `/api/loans/user/${id}/loans/`);
    const transactionCalls = countRequests(
      page,
      (url) => url.pathname === `/api/wallet/user/${id}/transactions/`,
    );
    await page.goto(`/dashboard/users/${id}`);
    await page.getByRole('heading', { level: 1, name: 'Nakato Sarah' }).waitFor();
    await tab(page, 'KYC').waitFor();
    expect([loanCalls(), transactionCalls()]).toEqual([0, 0]);

    // Arrow keys move between tabs (WAI-ARIA tabs); the tab lives in the URL.
    await tab(page, 'KYC').focus();
    await page.keyboard.press('ArrowRight');
    await tab(page, `Loan History (${loans.count})`).waitFor();
    expect(await tab(page, /^Loan History/).getAttribute('aria-selected')).toBe('true');
    await page.waitForURL(/tab=loans/);
    await page
      .getByRole('tabpanel')
      .getByText(/% paid$/)
      .first()
      .waitFor();
    expect(await page.getByRole('tabpanel').getByText('Days in arrears').count()).toBe(loans.count);

    await page.keyboard.press('ArrowRight');
    await tab(page, `Transaction History (${transactions.count})`).waitFor();
    await page
      .getByRole('tabpanel')
      .getByText(/^[+\u2212]UGX [\d,]+$/)
      .first()
      .waitFor();
    await page.keyboard.press('Home');
    await page.keyboard.press('End');
    await tab(page, /^Loan History/).click();
    await tab(page, /^Transaction History/).click();
    expect([loanCalls(), transactionCalls()]).toEqual([1, 1]);
    expect(problems).toEqual([]);
    await close();
  });

  it('offers Try Again when the loan or transaction history fails to load', async () => {
    const id = await userId('Okello David');
    const { page, close } = await openAdminPage(browser, '/dashboard');
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    const restoreLoans = await failCall(page, 'GET', `/api/loans/user/${id}/loans/`, { status: 403 });
    await failCall(page, 'GET', `/api/wallet/user/${id}/transactions/`, {
      status: 404,
      error: 'User not found',
    });
    await page.goto(`/dashboard/users/${id}?tab=loans`);
    const panel = page.getByRole('tabpanel');
    await panel
      .getByText('Failed to load loan history. The user may not have any loans yet.', { exact: true })
      .waitFor();
    await restoreLoans();
    await panel.getByRole('button', { name: 'Try Again' }).click();
    await panel
      .getByText(/% paid$/)
      .first()
      .waitFor();
    await tab(page, /^Transaction History/).click();
    await panel
      .getByText('Failed to load transaction history. The user may not have any transactions yet.', {
        exact: true,
      })
      .waitFor();
    expect(await panel.getByRole('button', { name: 'Try Again' }).isVisible()).toBe(true);
    await close();
  });

  it('tells a visitor with no token that the reset link is incomplete', async () => {
    const { page, problems, close } = await openPage(browser);
    await page.goto(`${harness().baseUrl}/reset-password`);
    await page.getByText('This password reset link is incomplete. Ask an admin for a new one.').waitFor();
    expect(problems).toEqual([]);
    await close();
  });
});
