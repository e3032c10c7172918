/**
 * A borrower's whole journey in the app on a 360 × 740 phone, against the real server: sign up,
 * confirm the phone with the SMS code, finish the profile, apply, upload a document; an admin
 * approves, a lender bids; the borrower asks for offers and accepts one; the admin disburses; the
 * borrower sees the schedule and repays (a refused payment first, then a paid one). Every screen
 * is checked with axe on the way, and again in the dark theme at the end.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { rateToBasisPoints } from '@sente/contract/rate';
import { buildSchedule } from '@sente/contract/schedule';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs, failNextPrompt } from './accounts.ts';
import { adminApi } from './admin-session.ts';
import {
  axeViolations,
  checkScreen,
  openAppPage,
  PHONE,
  readSmsCode,
  waitUntilLoaded,
} from './app-session.ts';
import { launchBrowser, openPage } from './harness.ts';
import { disburse, fundedLender } from './marketplace-states.ts';

interface LoanType {
  readonly id: number;
  readonly loan_type_name: string;
  readonly min_amount: string;
  readonly interest_rate: string;
  readonly interest_type: 'FLAT' | 'COMPOUND';
}

const shillings = (wire: string) => Number(wire.replace(/\.00$/, ''));
const grouped = (amount: number) => amount.toLocaleString('en-UG');

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The borrower made by the journey and its ids, for the dark-theme pass. */
const borrower = { email: '', password: 'journey-password-1' };
const made = { applicationId: 0, loanId: 0 };

describe('the borrower journey in the app', () => {
  it('goes from sign-up to a repaid installment', async () => {
    const types = await adminApi<{ results: LoanType[] }>(
      '/api/loans/loan-types/?status=ACTIVE&page_size=100',
    );
    const type = types.results.toSorted((a, b) => shillings(a.min_amount) - shillings(b.min_amount))[0];
    if (!type) throw new Error('no active loan type');
    const amount = shillings(type.min_amount);
    const lender = await fundedLender(`Journey Lender ${randomInt(1_000_000)}`, amount);

    const { page, problems, close } = await openPage(browser, { ...PHONE, colorScheme: 'light' });
    const local = `0772${String(randomInt(1_000_000)).padStart(6, '0')}`;
    const phone = `+256${local.slice(1)}`;
    borrower.email = `journey.${randomInt(1_000_000_000)}@borrowers.e2e.sente.ug`;

    // Sign up from the public /apply page.
    await page.goto('/apply');
    await page.getByRole('link', { name: 'Create your account' }).click();
    await page.waitForURL('**/app/register?role=borrower');
    await checkScreen(page, 'Signing up as');
    await page.getByLabel('Full name').fill('Journey Nansubuga');
    await page.getByLabel('Email').fill(borrower.email);
    await page.getByLabel('Mobile number').fill(local);
    await page.getByLabel(/^Password/).fill(borrower.password);
    await page.getByRole('button', { name: 'Create account' }).click();

    // Confirm the phone: a wrong code first, then the one the SMS simulator sent.
    await page.waitForURL('**/app/verify-phone');
    await checkScreen(page, '5 tries left');
    await page.getByLabel('6-digit code').fill((await readSmsCode(phone)) === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('4 tries left').first().waitFor();
    await page.getByLabel('6-digit code').fill(await readSmsCode(phone));
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.waitForURL(/\/app$/);
    await checkScreen(page, 'Finish your profile');

    // The profile: an under-18 date is refused on the phone, then the record is saved.
    await page.getByRole('link', { name: 'Finish your profile' }).click();
    await checkScreen(page, 'Your details (KYC)');
    await page.getByLabel('Date of birth').fill('2015-01-01');
    await page.getByLabel('Gender').selectOption('Female');
    await page.getByLabel('Home address').fill('Plot 9, Kira Road, Kampala');
    await page.getByLabel(/National Identification Number/).fill('cf 9001 0112 345a');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.getByText('You must be at least 18 years old').waitFor();
    // Focus goes to the first field to fix.
    await page.waitForFunction(() => document.activeElement?.getAttribute('name') === 'date_of_birth');
    await page.getByLabel('Date of birth').fill('1990-01-31');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.getByText('Your details are saved.').waitFor();

    // Apply: the home now says so; the NIN comes from the profile.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
    await page.getByRole('link', { name: 'Start your application' }).click();
    await checkScreen(page, 'Send application');
    await page.getByRole('radio', { name: new RegExp(type.loan_type_name) }).check();
    await page.getByLabel('Amount (UGX)').fill('99,000,000');
    await page.getByLabel('Term', { exact: true }).selectOption('3');
    await page.getByLabel('What is the loan for?').fill('Stock for the market stall');
    await page.getByLabel('Business name').fill('Nansubuga Fresh Produce');
    await page.getByLabel('Business location').fill('Kampala, Nakasero Market');
    await page.getByLabel(/Monthly income/).fill('2,000,000');
    expect(await page.getByLabel(/National Identification Number/).inputValue()).toBe('CF90010112345A');
    await page.getByRole('button', { name: 'Send application' }).click();
    await page.getByText(`lends from UGX ${grouped(amount)}`).waitFor();
    await page.getByText('enter an amount in its range to see the weekly installment').waitFor();
    // A reload keeps what was typed (the draft), and the amount is fixed.
    await page.reload();
    expect(await page.getByLabel('Business name').inputValue()).toBe('Nansubuga Fresh Produce');
    await page.getByLabel('Amount (UGX)').fill(grouped(amount));
    // The live quote is the loan's own schedule maths at the type's rate.
    const quote = buildSchedule({
      principal: amount,
      monthlyRateBasisPoints: rateToBasisPoints(type.interest_rate),
      months: 3,
      interestType: type.interest_type,
    });
    const estimate = page.getByRole('region', { name: 'Your estimate' });
    await estimate.getByText(`UGX ${grouped(quote.weeklyRepayment)}`).waitFor();
    await estimate.getByText(`UGX ${grouped(quote.totalPayable)}`).waitFor();
    await page.getByRole('button', { name: 'Send application' }).click();
    await page.waitForURL(/\/app\/applications\/\d+$/);
    const applicationId = Number(/applications\/(\d+)/.exec(page.url())?.[1]);
    made.applicationId = applicationId;
    await checkScreen(page, 'Your application is sent. Now add your documents.');

    // A document from a file, with the count going up.
    await page.getByLabel('Choose a file for your National ID').setInputFiles({
      name: 'national-id.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'),
    });
    await page.getByText('Sent: national-id.pdf').waitFor();
    await page.getByText('Sente has 1 document').waitFor();

    // The admin approves with a reason; a verified lender bids the whole amount.
    await adminApi(`/api/loans/applications/${applicationId}/approve/`, {
      method: 'POST',
      body: { admin_notes: 'Good cash flow for the amount (staff only)' },
    });
    const application = await adminApi<{ listing: { id: number } }>(
      `/api/loans/applications/${applicationId}/`,
    );
    const listing = await adminApi<{ max_rate: string }>(
      `/api/marketplace/listings/${application.listing.id}/`,
    );
    await callAs(lender, 'POST', `/api/marketplace/listings/${application.listing.id}/bids/`, {
      body: { amount, rate: listing.max_rate },
      headers: { 'idempotency-key': randomUUID() },
    });

    // Offers: asked for early, compared, accepted after the confirmation.
    await page.reload();
    await checkScreen(page, 'Approved on');
    await page.getByText('is covered so far').waitFor();
    await page.getByRole('button', { name: 'Ask for offers now' }).click();
    await page.getByRole('button', { name: 'Accept this offer' }).first().waitFor();
    await checkScreen(page, 'Total to repay');
    await page.getByText('Allowed at any time, with no penalty').first().waitFor();
    await page.getByRole('button', { name: 'Accept this offer' }).first().click();
    const dialog = page.getByRole('alertdialog', { name: 'Accept this offer?' });
    await dialog.waitFor();
    expect({ path: 'accept dialog', violations: await axeViolations(page) }).toEqual({
      path: 'accept dialog',
      violations: [],
    });
    await dialog.getByRole('button', { name: 'Accept', exact: true }).click();
    await page.getByText('You accepted an offer.').waitFor();

    // The admin pays it out; the home points at the first installment.
    const loanId = await disburse(applicationId);
    made.loanId = loanId;
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
    await page.getByText('Your next installment').waitFor();
    await page.getByRole('link', { name: 'See your loan' }).click();
    await page.waitForURL(`**/app/loans/${loanId}`);
    await checkScreen(page, 'left to repay');
    const schedule = page.getByRole('table', { name: /Repayment schedule/ });
    expect(await schedule.getByRole('row').count()).toBeGreaterThan(10);
    expect(await schedule.locator('tbody').getByText('Paid', { exact: true }).count()).toBe(0);

    // Repay from the borrower's own number (the only one offered): declined on the phone first (the
    // simulator told to), then approved.
    await page.getByRole('link', { name: 'Repay' }).click();
    await checkScreen(page, 'The next installment');
    const ownChoice = page.getByRole('radio', { name: `${phone} (the number on your account)` });
    expect(await ownChoice.isChecked()).toBe(true);
    await failNextPrompt(phone);
    await page.getByRole('button', { name: 'Pay' }).click();
    await page.getByText('Approve the payment on your phone').waitFor();
    await page.getByText('The payment was not approved on your phone. No money was taken.').waitFor({
      timeout: 30_000,
    });
    await checkScreen(page, 'The payment did not go through');
    await page.getByRole('button', { name: 'Try again' }).click();
    await ownChoice.check();
    await page.getByRole('button', { name: 'Pay' }).click();
    await page.getByText(/^Paid: UGX/).waitFor({ timeout: 30_000 });
    await checkScreen(page, 'Your payment is on your loan');
    await page.getByRole('link', { name: 'Back to your loan' }).click();
    await page
      .getByRole('table', { name: /Repayment schedule/ })
      .getByText('Paid', { exact: true })
      .first()
      .waitFor();

    // The inbox has the payment's notifications.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /Inbox/ }).click();
    await checkScreen(page, 'unread');

    expect(problems).toEqual([]);
    await close();
  }, 240_000);

  it('shows the same screens without WCAG 2.2 AA violations in the dark theme', async () => {
    expect(made.loanId).toBeGreaterThan(0);
    const signedOut = await openPage(browser, { ...PHONE, colorScheme: 'dark' });
    for (const [path, loaded] of [
      ['/app/login', 'New to Sente?'],
      ['/app/register', 'I want funding for my business'],
      ['/app/register?role=lender', 'Signing up as'],
    ] as const) {
      await signedOut.page.goto(path);
      await signedOut.page.getByText(loaded).first().waitFor();
      expect({ path, violations: await axeViolations(signedOut.page) }).toEqual({ path, violations: [] });
    }
    expect(signedOut.problems).toEqual([]);
    await signedOut.close();

    const { page, problems, close } = await openAppPage(browser, borrower, '/app', { colorScheme: 'dark' });
    for (const [path, loaded] of [
      ['/app', 'Your next installment'],
      ['/app/verify-phone', 'Your phone is confirmed'],
      ['/app/profile', 'Your details (KYC)'],
      ['/app/apply', 'Send application'],
      [`/app/applications/${made.applicationId}`, 'Total to repay'],
      [`/app/loans/${made.loanId}`, 'left to repay'],
      [`/app/loans/${made.loanId}/repay`, 'The next installment'],
      ['/app/notifications', 'unread'],
    ] as const) {
      await page.goto(path);
      await page.getByText(loaded).first().waitFor();
      await waitUntilLoaded(page);
      expect({ path, violations: await axeViolations(page) }).toEqual({ path, violations: [] });
    }
    expect(problems).toEqual([]);
    await close();
  }, 120_000);
});
