/**
 * Signing in and up in the app, and the line between the app and the back-office: an admin who
 * signs in at /app/login lands in the back-office, a borrower's app session never opens it, and the
 * two sessions are kept apart.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, TEST_ACCOUNT_PASSWORD } from './accounts.ts';
import { openAppPage, PHONE } from './app-session.ts';
import { harness, launchBrowser, openPage } from './harness.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('signing in to the app', () => {
  it('sends an admin to the back-office, signed in there and not in the app', async () => {
    const { adminEmail, adminPassword } = harness();
    const { page, problems, close } = await openPage(browser, PHONE);
    await page.goto('/app/login');
    await page.getByLabel('Email').fill(adminEmail);
    await page.getByLabel('Password').fill(adminPassword);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/dashboard');
    await page.getByText('Admin Dashboard').waitFor();
    const keys = await page.evaluate(() => Object.keys(localStorage).sort());
    expect(keys).toContain('accessToken');
    expect(keys.filter((key) => key.startsWith('sente.app.'))).toEqual([]);
    expect(problems).toEqual([]);
    await close();
  });

  it('says why a wrong password is refused and keeps the email', async () => {
    const { page, close } = await openPage(browser, PHONE);
    await page.goto('/app/login');
    await page.getByLabel('Email').fill('nobody@borrowers.e2e.sente.ug');
    await page.getByLabel('Password').fill('wrong-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').waitFor();
    expect(await page.getByLabel('Email').inputValue()).toBe('nobody@borrowers.e2e.sente.ug');
    await close();
  });

  it('never opens the back-office with a borrower’s app session, and signs out of the app alone', async () => {
    const account = await createAccount(`Apart Borrower ${Date.now()}`, 'borrower');
    const { page, problems, close } = await openAppPage(
      browser,
      { email: account.email, password: TEST_ACCOUNT_PASSWORD },
      '/app',
    );
    await page.getByRole('heading', { name: /^Hello/ }).waitFor();
    await page.goto('/dashboard');
    await page.getByRole('heading', { name: 'Admin Login' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');

    await page.goto('/app');
    await page.getByRole('heading', { name: /^Hello/ }).waitFor();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL('**/app/login');
    expect(
      await page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('sente.app.'))),
    ).toEqual([]);
    // The refresh token was revoked on the server: the app stays signed out after a reload.
    await page.reload();
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    expect(problems).toEqual([]);
    await close();
  });
});

describe('signing up in the app', () => {
  it('starts from the role, then shows the server’s reason under the field it is about', async () => {
    const { page, problems, close } = await openPage(browser, PHONE);
    await page.goto('/lender');
    await page.getByRole('link', { name: 'Sign up as a lender' }).click();
    await page.waitForURL('**/app/register?role=lender');
    await page.getByText('Signing up as').waitFor();
    await page.getByRole('button', { name: 'Change' }).click();
    await page.getByRole('link', { name: /I want funding/ }).click();
    await page.getByLabel('Full name').fill('Field Errors');
    await page.getByLabel('Email').fill(`field.errors.${Date.now()}@borrowers.e2e.sente.ug`);
    await page.getByLabel('Mobile number').fill('12345');
    await page.getByLabel(/^Password/).fill('long-enough-password');
    await page.getByRole('button', { name: 'Create account' }).click();
    const phone = page.getByLabel('Mobile number');
    await page.getByText('Enter a Ugandan mobile number like 0772 123 456').waitFor();
    expect(await phone.getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByLabel('Full name').inputValue()).toBe('Field Errors');
    expect(problems).toEqual([]);
    await close();
  });
});
