/**
 * A lender's marketplace in the app on a 360 × 740 phone, against the real server: a verified lender
 * filters the open listings (Back undoes a filter), opens one, bids (refused on the phone above the
 * listing's rate, refused below the platform's smallest bid, then placed), changes the bid, finds
 * both bids in My bids, withdraws the live one and saves auto-invest rules that a reload shows again.
 * An unverified lender sees what is missing; a borrower is told the screens are for lenders. axe on
 * every screen, light and dark, and no sideways scroll.
 *
 * The server is shared with other suites (and their auto-invest rules bid on new listings within a
 * minute), so the test makes its own loan type and listings and asserts only on its own bids.
 */
import { randomInt } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs, createAccount, TEST_ACCOUNT_PASSWORD, type TestAccount } from './accounts.ts';
import { axeViolations, checkScreen, openAppPage } from './app-session.ts';
import { launchBrowser } from './harness.ts';
import { createLender } from './lender-accounts.ts';
import { fundedLender, ownLoanType, secretListing } from './marketplace-states.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const run = randomInt(1_000_000);
/** What the journey made, for the dark-theme pass. */
const made = { lender: null as TestAccount | null, loanType: 0, listing: 0 };

const as = (account: TestAccount) => ({ email: account.email, password: TEST_ACCOUNT_PASSWORD });

describe('the lender’s marketplace in the app', () => {
  it('filters, bids, changes and withdraws a bid, and keeps auto-invest rules', async () => {
    const type = await ownLoanType(`Market Test ${run}`);
    const short = await secretListing(type.id, 3, run);
    await secretListing(type.id, 12, run);
    made.loanType = type.id;
    made.listing = short;
    const lender = await fundedLender(`Market Lender ${run}`, 1_000_000);
    made.lender = lender;

    const { page, problems, close } = await openAppPage(browser, as(lender), '/app', {
      colorScheme: 'light',
    });
    const tabs = page.getByRole('navigation', { name: 'Main' });
    await tabs.getByRole('link', { name: 'Market' }).waitFor();
    // Each tab's label (the Inbox's unread count follows on a line of its own).
    const labels = (await tabs.getByRole('link').allInnerTexts()).map((text) => text.split('\n')[0]);
    expect(labels).toEqual(['Home', 'Market', 'Wallet', 'Inbox', 'Profile']);
    await tabs.getByRole('link', { name: 'Market' }).click();
    await page.waitForURL('**/app/market');
    await checkScreen(page, /open listings?, soonest to close first|No listing is open/);

    // Filters go into the URL; Back takes the last one off again.
    await page.getByLabel('Loan type').selectOption({ label: type.name });
    await page.getByText('2 open listings match these filters').waitFor();
    expect(new URL(page.url()).searchParams.get('loan_type')).toBe(String(type.id));
    await page.getByLabel('Longest term').selectOption({ label: 'Up to 6 months' });
    await page.getByText('1 open listing matches these filters').waitFor();
    expect(new URL(page.url()).searchParams.get('max_term_months')).toBe('6');
    await checkScreen(page, '1 open listing matches these filters');
    await page.goBack();
    await page.getByText('2 open listings match these filters').waitFor();
    expect(await page.getByLabel('Longest term').inputValue()).toBe('');
    await page.goForward();
    await page.getByText('1 open listing matches these filters').waitFor();
    // A rate above every listing's maximum of 2.65% leaves none; clearing shows them all again.
    await page.getByLabel('Rate you want').selectOption('4.00');
    await page.getByText('No open listing matches these filters.').waitFor();
    await page.goBack();
    await page.getByText('1 open listing matches these filters').waitFor();
    // Nothing that names or locates the borrower.
    const text = await page.locator('main').innerText();
    for (const secret of ['Secret Traders', 'Secret Street', 'Market Borrower', 'CF90010112345A']) {
      expect(text).not.toContain(secret);
    }

    // The listing: details, bids so far, time left.
    await page.getByRole('link', { name: /UGX 600,000 over 3 months/ }).click();
    await page.waitForURL(`**/app/market/${short}`);
    await checkScreen(page, 'Bids so far');
    await page.getByText(/Bidding closes: \d+ h \d+ min left/).waitFor();
    await page.getByText('Hardware shop in Kampala').first().waitFor();
    expect(await page.locator('main').innerText()).not.toContain('Secret');

    // Above the listing's maximum rate: refused on the phone, under the rate, with focus there.
    await page.getByLabel('Amount (UGX)').fill('200,000');
    await page.getByLabel('Rate you ask (% per month)').fill('3.5');
    await page.getByRole('button', { name: 'Place bid' }).click();
    await page.getByText("The rate is from 1% per month up to this listing's 2.65% per month").waitFor();
    await page.waitForFunction(() => document.activeElement?.getAttribute('name') === 'rate');
    await checkScreen(page, 'Your bid needs a change');
    // Below the smallest bid (MIN_BID, which the listing carries): the server's words, said on the phone.
    await page.getByLabel('Amount (UGX)').fill('10,000');
    await page.getByLabel('Rate you ask (% per month)').fill('2.5');
    await page.getByRole('button', { name: 'Place bid' }).click();
    await page.getByText('A bid is at least UGX 50,000').waitFor();
    await page.waitForFunction(() => document.activeElement?.getAttribute('name') === 'amount');
    expect(await page.getByLabel('Rate you ask (% per month)').inputValue()).toBe('2.5');

    // The answer is lost on the way back (the server placed the bid): what was typed stays, and the
    // retry sends the same Idempotency-Key, so the server answers it instead of bidding again.
    const bidsUrl = `**/api/marketplace/listings/${short}/bids/`;
    await page.route(bidsUrl, async (route) => {
      await route.fetch();
      await route.abort('connectionreset');
    });
    await page.getByLabel('Amount (UGX)').fill('200,000');
    await page.getByRole('button', { name: 'Place bid' }).click();
    await page.getByText('Your bid: UGX 200,000 at 2.5% per month').waitFor();
    await page.unroute(bidsUrl);
    expect(await page.getByLabel('Amount (UGX)').inputValue()).toBe('200,000');
    expect(await page.getByLabel('Rate you ask (% per month)').inputValue()).toBe('2.5');
    await page.getByRole('button', { name: 'Change my bid' }).click();
    // Placed: said so, with focus on the message, and the bid shown.
    const placed = page.getByText('Your bid of UGX 200,000 at 2.5% per month is placed.');
    await placed.waitFor();
    const mine = await callAs<{ results: { listing: number; amount: string; status: string }[] }>(
      lender,
      'GET',
      '/api/marketplace/bids/?page_size=100',
    );
    expect(mine.results.filter((bid) => bid.listing === short)).toEqual([
      expect.objectContaining({ amount: '200000.00', status: 'LIVE' }),
    ]);
    await page.waitForFunction(() =>
      document.activeElement?.textContent?.startsWith('Your bid of UGX 200,000'),
    );
    await page.getByText('Your bid: UGX 200,000 at 2.5% per month').waitFor();
    await checkScreen(page, 'A new bid replaces your current one');

    // Changed: the new bid replaces the old one.
    await page.getByLabel('Amount (UGX)').fill('300,000');
    await page.getByLabel('Rate you ask (% per month)').fill('2.40');
    await page.getByRole('button', { name: 'Change my bid' }).click();
    await page.getByText('Your bid is changed to UGX 300,000 at 2.4% per month.').waitFor();
    await page.getByText('Your bid: UGX 300,000 at 2.4% per month').waitFor();

    // My bids: the live one and the one it replaced, each linking to its listing.
    await page.getByRole('link', { name: 'Back to the marketplace' }).click();
    await page.getByText('1 open listing matches these filters').waitFor();
    await page.getByRole('link', { name: 'My bids' }).click();
    await page.waitForURL('**/app/market/bids');
    await checkScreen(page, 'Your bids, newest first');
    await page.getByLabel('Show').selectOption('REPLACED');
    await page.getByText('UGX 200,000 at 2.5% per month').waitFor();
    await page.getByLabel('Show').selectOption('LIVE');
    await page.getByText('UGX 300,000 at 2.4% per month').waitFor();
    expect(new URL(page.url()).searchParams.get('status')).toBe('LIVE');
    await checkScreen(page, '1 bid.');

    // Withdrawn after a confirmation.
    await page.getByRole('link', { name: `See listing ${short}` }).click();
    await page.waitForURL(`**/app/market/${short}`);
    await page.getByRole('button', { name: 'Withdraw my bid' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Withdraw your bid?' });
    await dialog.waitFor();
    expect({ path: 'withdraw dialog', violations: await axeViolations(page) }).toEqual({
      path: 'withdraw dialog',
      violations: [],
    });
    await dialog.getByRole('button', { name: 'Withdraw bid' }).click();
    await page.getByText('Your bid is withdrawn. UGX 300,000 is back in your available cash.').waitFor();
    await page.getByRole('button', { name: 'Place bid' }).waitFor();
    const bids = await callAs<{ results: { listing: number }[] }>(
      lender,
      'GET',
      '/api/marketplace/bids/?status=LIVE',
    );
    expect(bids.results.filter((bid) => bid.listing === short)).toEqual([]);

    // Auto-invest: on without a grade is refused; then saved, and a reload shows it.
    await page.getByRole('link', { name: 'Back to the marketplace' }).click();
    await page.getByRole('link', { name: 'Auto-invest rules' }).click();
    await page.waitForURL('**/app/auto-invest');
    await checkScreen(page, 'Save rules');
    await page.getByLabel('Bid for me automatically').check();
    await page.getByRole('button', { name: 'Save rules' }).click();
    await page.getByText('Choose at least one risk grade to turn auto-invest on').waitFor();
    await page.getByLabel('A: credit score 85 or more').check();
    await page.getByLabel('B: credit score 70 to 84').check();
    await page.getByLabel(type.name).check();
    await page.getByLabel('Longest term (months)').fill('6');
    await page.getByLabel('Lowest rate (% per month)').fill('2.75');
    await page.getByLabel('Amount per loan (UGX)').fill('100,000');
    await page.getByLabel('Most of one listing (%)').fill('20');
    await page.getByLabel('Cash to keep (UGX)').fill('500,000');
    await page.getByRole('button', { name: 'Save rules' }).click();
    await page.getByText('Your auto-invest rules are saved. Auto-invest is on').waitFor();
    await checkScreen(page, 'Auto-invest is on. Rules last saved');
    await page.reload();
    await page.getByText('Auto-invest is on. Rules last saved').waitFor();
    expect(await page.getByLabel('Bid for me automatically').isChecked()).toBe(true);
    expect(await page.getByLabel('A: credit score 85 or more').isChecked()).toBe(true);
    expect(await page.getByLabel('C: credit score 55 to 69').isChecked()).toBe(false);
    expect(await page.getByLabel(type.name).isChecked()).toBe(true);
    expect(await page.getByLabel('Longest term (months)').inputValue()).toBe('6');
    expect(await page.getByLabel('Lowest rate (% per month)').inputValue()).toBe('2.75');
    expect(await page.getByLabel('Amount per loan (UGX)').inputValue()).toBe('100,000');
    expect(await page.getByLabel('Most of one listing (%)').inputValue()).toBe('20');
    expect(await page.getByLabel('Cash to keep (UGX)').inputValue()).toBe('500,000');
    const rule = await callAs<Record<string, unknown>>(lender, 'GET', '/api/marketplace/auto-invest/');
    expect(rule).toMatchObject({
      enabled: true,
      risk_grades: ['A', 'B'],
      loan_types: [type.id],
      max_term_months: 6,
      min_rate: '2.75',
      amount_per_loan: '100000.00',
      max_share_percent: 20,
      keep_cash: '500000.00',
    });

    expect(problems).toEqual([]);
    await close();
  }, 240_000);

  it('tells an unverified lender what is missing, and a borrower that the screens are for lenders', async () => {
    expect(made.listing).toBeGreaterThan(0);
    const unverified = await createLender(`Market Newcomer ${run}`, { isReady: false });
    const { page, problems, close } = await openAppPage(browser, as(unverified), '/app/market');
    await checkScreen(page, 'You cannot bid yet');
    await page.getByText('Complete your KYC details').waitFor();
    await page.goto(`/app/market/${made.listing}`);
    await checkScreen(page, 'Bids so far');
    await page.getByText('Accept the lender terms').waitFor();
    await page.getByText('Wait for Sente to verify your account').waitFor();
    expect(await page.getByRole('button', { name: 'Place bid' }).count()).toBe(0);
    await page.getByRole('link', { name: 'profile', exact: true }).click();
    await page.waitForURL('**/app/profile');
    expect(problems).toEqual([]);
    await close();

    const borrower = await createAccount(`Market Onlooker ${run}`, 'borrower');
    const seen = await openAppPage(browser, as(borrower), '/app/market');
    await checkScreen(seen.page, 'This screen is for lenders');
    await seen.page.getByRole('link', { name: 'Go to your home screen' }).click();
    await seen.page.waitForURL(/\/app$/);
    expect(seen.problems).toEqual([]);
    await seen.close();
  }, 120_000);

  it('shows the lender’s screens without WCAG 2.2 AA violations in the dark theme', async () => {
    const lender = made.lender;
    if (!lender) throw new Error('the journey did not run');
    const { page, problems, close } = await openAppPage(browser, as(lender), '/app', { colorScheme: 'dark' });
    for (const [path, loaded] of [
      [`/app/market?loan_type=${made.loanType}`, 'open listings match these filters'],
      [`/app/market/${made.listing}`, 'Bids so far'],
      ['/app/market/bids', 'Your bids, newest first'],
      ['/app/auto-invest', 'Auto-invest is on'],
    ] as const) {
      await page.goto(path);
      await checkScreen(page, loaded);
    }
    expect(problems).toEqual([]);
    await close();
  }, 120_000);
});
