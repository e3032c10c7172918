/**
 * A lender's whole journey in the app on a 360 × 740 phone, against the real server: sign up from
 * the public /lender page, confirm the phone with the SMS code, give an institution's KYC, accept
 * the lender terms and risk statement, wait for verification while an admin verifies in the
 * back-office, and read the inbox message that says so; then deposit by mobile money, bid on a
 * listing, set auto-invest rules, read the portfolio and withdraw. Every screen is checked with axe
 * on the way, and again in the dark theme at the end.
 */
import { randomInt } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAdminPage } from './admin-session.ts';
import { checkScreen, figure, openAppPage, PHONE, readSmsCode } from './app-session.ts';
import { launchBrowser, openPage } from './harness.ts';
import { ownLoanType, secretListing } from './marketplace-states.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The lender made by the journey, for the dark-theme pass. */
const lender = { name: '', email: '', password: 'lender-journey-password-7' };

const tab = (page: Page, name: string | RegExp) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name });

async function verifyInBackOffice(email: string, name: string): Promise<void> {
  const { page, problems, close } = await openAdminPage(
    browser,
    `/dashboard/lenders?verified=false&search=${encodeURIComponent(email)}`,
  );
  await page.getByRole('button', { name: `Verify ${name}`, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Verify lender' });
  await dialog
    .getByLabel('What was checked')
    .fill('URSB certificate and the contact person checked by phone');
  await dialog.getByRole('button', { name: 'Verify', exact: true }).click();
  await page.getByRole('status').getByText(`${name} is verified and may now bid on listings.`).waitFor();
  expect(problems).toEqual([]);
  await close();
}

describe('the lender journey in the app', () => {
  it('goes from sign-up on /lender through verification to a deposit, a bid, auto-invest, the portfolio and a withdrawal', async () => {
    const { page, problems, close } = await openPage(browser, { ...PHONE, colorScheme: 'light' });
    const local = `0701${String(randomInt(1_000_000)).padStart(6, '0')}`;
    const phone = `+256${local.slice(1)}`;
    lender.name = `Kampala Savers ${randomInt(1_000_000)}`;
    lender.email = `savers.${randomInt(1_000_000_000)}@lenders.e2e.sente.ug`;

    // Sign up from the public page for lenders.
    await page.goto('/lender');
    await page.getByRole('link', { name: 'Sign up as a lender' }).first().click();
    await page.waitForURL('**/app/register?role=lender');
    await checkScreen(page, 'Signing up as');
    await page.getByLabel('Full name').fill(lender.name);
    await page.getByLabel('Email').fill(lender.email);
    await page.getByLabel('Mobile number').fill(local);
    await page.getByLabel(/^Password/).fill(lender.password);
    await page.getByRole('button', { name: 'Create account' }).click();

    await page.waitForURL('**/app/verify-phone');
    await checkScreen(page, '5 tries left');
    await page.getByLabel('6-digit code').fill(await readSmsCode(phone));
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.waitForURL(/\/app$/);

    // Home: the steps before bidding, the phone done and the rest to do.
    await checkScreen(page, 'Before you can bid:');
    await page.getByRole('link', { name: 'Fill them in on your profile' }).click();
    await checkScreen(page, 'Your details (KYC)');

    // KYC as an institution: a malformed registration number is refused on the phone first.
    await page.getByRole('radio', { name: 'A company, SACCO or other organisation' }).check();
    await page.getByLabel('Registration number (URSB)').fill('#12');
    await page.getByLabel('Contact person').fill('Grace Nakato');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page
      .getByText('A registration number is 3 to 40 letters and digits (spaces, "/", "-" and "." allowed)')
      .waitFor();
    await page.waitForFunction(() => document.activeElement?.getAttribute('name') === 'registration_number');
    await page.getByLabel('Registration number (URSB)').fill('ursb/2021/00417');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.getByText('Your details are saved.').waitFor();
    await page.reload();
    await expect
      .poll(() => page.getByLabel('Registration number (URSB)').inputValue())
      .toBe('URSB/2021/00417');

    // The terms: accepting without ticking the box says why; then they are accepted.
    const terms = page.getByRole('region', { name: 'Lender terms and risk statement' });
    await terms.getByText('Your money is at risk.', { exact: false }).waitFor();
    await terms
      .getByText('Sente keeps 10% of the interest you earn as its service fee.', { exact: false })
      .waitFor();
    await terms.getByRole('button', { name: 'Accept the terms' }).click();
    await terms.getByText('Tick the box to show you have read the terms.').waitFor();
    await terms.getByLabel('I have read the lender terms and risk statement and I accept them.').check();
    await terms.getByRole('button', { name: 'Accept the terms' }).click();
    await terms.getByText(/^You accepted these terms on /).waitFor();
    const account = page.getByRole('region', { name: 'Your lender account' });
    await account.getByText(/^Waiting for verification: Sente is checking your details/).waitFor();
    await checkScreen(page, 'You accepted these terms on');

    // The admin verifies it in the back-office; the lender's home and inbox say so.
    await verifyInBackOffice(lender.email, lender.name);
    await tab(page, 'Home').click();
    await page.waitForURL(/\/app$/);
    // Read again: the status was loaded before the admin verified.
    await page.reload();
    await checkScreen(page, 'Your account is verified: you may bid on the marketplace.');
    await tab(page, /Inbox/).click();
    await checkScreen(page, 'Your lender account is verified');

    // Deposit from the lender's own number: the collection's state, then the cash.
    await tab(page, 'Wallet').click();
    await checkScreen(page, 'What do you want to do?');
    await page.getByLabel('Amount (UGX)').fill('500,000');
    expect(await page.getByRole('radio', { name: `${phone} (the number on your account)` }).isChecked()).toBe(
      true,
    );
    await page.getByRole('button', { name: 'Deposit' }).click();
    await page.getByText('Approve the payment on your phone').waitFor();
    await page.getByText('Deposited: UGX 500,000').waitFor({ timeout: 30_000 });
    await figure(page, 'Available').getByText('UGX 500,000', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Done' }).click();

    // Bid on a listing of this run's own loan type.
    const run = randomInt(1_000_000);
    const type = await ownLoanType(`Journey Type ${run}`);
    const listing = await secretListing(type.id, 3, run);
    await tab(page, 'Market').click();
    await page.getByLabel('Loan type').selectOption({ label: type.name });
    await page.getByText('1 open listing matches these filters').waitFor();
    await checkScreen(page, '1 open listing matches these filters');
    await page.getByRole('link', { name: /UGX 600,000 over 3 months/ }).click();
    await page.waitForURL(`**/app/market/${listing}`);
    await checkScreen(page, 'Bids so far');
    await page.getByLabel('Amount (UGX)').fill('200,000');
    await page.getByLabel('Rate you ask (% per month)').fill('2.6');
    await page.getByRole('button', { name: 'Place bid' }).click();
    await page.getByText('Your bid of UGX 200,000 at 2.6% per month is placed.').waitFor();

    // Auto-invest, keeping every shilling left uninvested so it never bids on other suites' listings.
    await page.getByRole('link', { name: 'Back to the marketplace' }).click();
    await page.getByRole('link', { name: 'Auto-invest rules' }).click();
    await page.waitForURL('**/app/auto-invest');
    await page.getByLabel('Bid for me automatically').check();
    await page.getByLabel('A: credit score 85 or more').check();
    await page.getByLabel('Amount per loan (UGX)').fill('100,000');
    await page.getByLabel('Cash to keep (UGX)').fill('300,000');
    await page.getByRole('button', { name: 'Save rules' }).click();
    await page.getByText('Your auto-invest rules are saved. Auto-invest is on').waitFor();
    await checkScreen(page, 'Auto-invest is on. Rules last saved');

    // The portfolio: the bid is reserved, the rest available.
    await tab(page, 'Home').click();
    await page.getByRole('link', { name: 'See your portfolio' }).click();
    await page.waitForURL('**/app/portfolio');
    await figure(page, 'Reserved').getByText('UGX 200,000', { exact: true }).waitFor();
    await checkScreen(page, 'Portfolio');

    // Withdraw part of what is free to the lender's own number.
    await tab(page, 'Wallet').click();
    await page.getByRole('radio', { name: /^Withdraw/ }).check();
    await page.getByText('You can withdraw up to UGX 300,000.').waitFor();
    await page.getByLabel('Amount (UGX)').fill('100,000');
    await page.getByRole('radio', { name: `${phone} (the number on your account)` }).check();
    await page.getByRole('button', { name: 'Withdraw' }).click();
    await page.getByText('Sent: UGX 100,000').waitFor({ timeout: 30_000 });
    await figure(page, 'Available').getByText('UGX 200,000', { exact: true }).waitFor();
    await checkScreen(page, 'Sent: UGX 100,000');

    expect(problems).toEqual([]);
    await close();
  }, 240_000);

  it('shows the lender screens without WCAG 2.2 AA violations in the dark theme', async () => {
    const { page, problems, close } = await openAppPage(browser, lender, '/app', { colorScheme: 'dark' });
    await checkScreen(page, 'Your account is verified');
    await page.goto('/app/profile');
    await checkScreen(page, 'You accepted these terms on');
    await page.goto('/app/wallet');
    await checkScreen(page, 'What do you want to do?');
    await page.goto('/app/portfolio');
    await checkScreen(page, 'Portfolio');
    await page.goto('/app/auto-invest');
    await checkScreen(page, 'Auto-invest is on. Rules last saved');
    await page.goto('/app/numbers');
    await checkScreen(page, 'Another number');
    expect(problems).toEqual([]);
    await close();
  }, 120_000);
});
