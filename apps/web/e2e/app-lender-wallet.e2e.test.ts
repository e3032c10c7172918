/**
 * A verified lender's money in the app on a 360 × 740 phone, against the real server: its home's
 * summary, a refused and a paid deposit (the simulator told to decline the next prompt to its own
 * number, then the same number again), the cash going up, a withdrawal above the cash refused on the
 * phone, one refused by the server (the cash was spent from elsewhere meanwhile), a paid one; a second
 * number added and confirmed by SMS, offered for deposits at once and for withdrawals only 24 hours
 * later; the portfolio with its loan, the status filter and the
 * statement downloaded as CSV. axe runs on every screen, in the light and the dark theme, with no
 * sideways scroll; a borrower who opens the wallet is told it is a lender's screen.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs, failNextPrompt, TEST_ACCOUNT_PASSWORD } from './accounts.ts';
import { adminApi } from './admin-session.ts';
import { checkScreen, figure, openAppPage, readSmsCode } from './app-session.ts';
import { launchBrowser } from './harness.ts';
import { lenderFundedLoan } from './marketplace-states.ts';

const ugx = (amount: number) => `UGX ${amount.toLocaleString('en-UG')}`;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Made by the first test, for the dark-theme pass. */
const made = {
  lender: { email: '', password: TEST_ACCOUNT_PASSWORD },
  borrower: { email: '', password: '' },
};

describe("the lender's wallet and portfolio in the app", () => {
  it('deposits, withdraws and downloads the statement', async () => {
    const label = `Wallet ${randomInt(1_000_000)}`;
    // The lender's whole first deposit is lent out in one loan: its cash starts at 0.
    const { lender, borrower, loanId, amount } = await lenderFundedLoan(label);
    made.lender.email = lender.email;
    made.borrower.email = borrower.email;
    made.borrower.password = TEST_ACCOUNT_PASSWORD;
    const loan = await adminApi<{ loan_id: string }>(`/api/loans/loans/${loanId}/`);
    const own = lender.phone;
    const ownChoice = () => page.getByRole('radio', { name: `${own} (the number on your account)` });

    const { page, problems, close } = await openAppPage(browser, made.lender, '/app', {
      colorScheme: 'light',
    });
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/api/wallet/')) sent.push(request.url());
    });

    // Home: the status, and the money once verified.
    await checkScreen(page, 'Your account is verified');
    await figure(page, 'Cash available').getByText(ugx(0), { exact: true }).waitFor();
    await figure(page, 'Outstanding').getByText(ugx(amount), { exact: true }).waitFor();
    const tabs = page.getByRole('navigation', { name: 'Main' }).getByRole('link');
    const tabNames = await tabs.evaluateAll((links) =>
      links.map((link) => link.querySelector('span')?.textContent),
    );
    expect(tabNames).toEqual(['Home', 'Market', 'Wallet', 'Inbox', 'Profile']);

    // A deposit the lender declines on the phone (the simulator told to) is refused, with the reason.
    await tabs.filter({ hasText: 'Wallet' }).click();
    await page.waitForURL('**/app/wallet');
    await checkScreen(page, 'What do you want to do?');
    await page.getByRole('region', { name: 'History' }).getByText(ugx(amount)).first().waitFor();
    await figure(page, 'Available').getByText(ugx(0), { exact: true }).waitFor();
    await page.getByLabel('Amount (UGX)').fill('300,000');
    // Only the lender's own number is offered, chosen already.
    expect(await page.getByRole('radio', { name: /^\+256/ }).count()).toBe(1);
    expect(await ownChoice().isChecked()).toBe(true);
    await failNextPrompt(own);
    await page.getByRole('button', { name: 'Deposit' }).click();
    await page.getByText('Approve the payment on your phone').waitFor();
    await page
      .getByRole('alert')
      .getByText('The payment was not approved on your phone. No money was taken.')
      .waitFor({ timeout: 30_000 });
    await page.waitForFunction(() => document.activeElement?.id === 'payment-title');
    await checkScreen(page, 'The deposit did not go through');
    await figure(page, 'Available').getByText(ugx(0), { exact: true }).waitFor();

    // Then again, approved this time: paid, and the cash goes up.
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByLabel('Amount (UGX)').fill('300,000');
    await ownChoice().check();
    await page.getByRole('button', { name: 'Deposit' }).click();
    await page.getByText('Deposited: UGX 300,000').waitFor({ timeout: 30_000 });
    await page.waitForFunction(() => document.activeElement?.id === 'payment-title');
    await figure(page, 'Available').getByText(ugx(300_000), { exact: true }).waitFor();
    const history = page.getByRole('region', { name: 'History' });
    await history
      .getByRole('listitem')
      .filter({ hasText: 'Done' })
      .filter({ hasText: '+UGX 300,000' })
      .waitFor();
    // The refused one moved nothing, and says why.
    const refused = history.getByRole('listitem').filter({ hasText: 'Failed' });
    await refused.getByText(ugx(300_000), { exact: true }).waitFor();
    await refused.getByText('The payment was not approved on your phone. No money was taken.').waitFor();
    await checkScreen(page, 'The money is in your wallet, ready to lend.');
    await page.getByRole('button', { name: 'Done' }).click();

    // More than the cash: refused on the phone, nothing sent.
    const before = sent.length;
    await page.getByRole('radio', { name: /^Withdraw/ }).check();
    await page.getByText(`You can withdraw up to ${ugx(300_000)}.`).waitFor();
    await page.getByLabel('Amount (UGX)').fill('400,000');
    await page.getByRole('group', { name: 'Mobile-money number to send to' }).waitFor();
    await ownChoice().check();
    await page.getByRole('button', { name: 'Withdraw' }).click();
    await page.getByText(`You have ${ugx(300_000)} available; withdraw that or less`).waitFor();
    await page.waitForFunction(() => document.activeElement?.getAttribute('name') === 'amount');
    expect(sent.length).toBe(before);
    await checkScreen(page, 'withdraw that or less');

    // Spent from elsewhere meanwhile: the server refuses in plain words and the cash is read again.
    await callAs(lender, 'POST', '/api/wallet/withdraw/', {
      body: { amount: 100_000, phone_number: own },
      headers: { 'idempotency-key': randomUUID() },
    });
    await page.getByLabel('Amount (UGX)').fill('250,000');
    await page.getByRole('button', { name: 'Withdraw' }).click();
    await page.getByText(`You can withdraw at most ${ugx(200_000)}`).waitFor();
    expect(sent.length).toBe(before + 1);
    await figure(page, 'Available').getByText(ugx(200_000), { exact: true }).waitFor();
    // What was typed is kept.
    expect(await page.getByLabel('Amount (UGX)').inputValue()).toBe('250,000');
    expect(await ownChoice().isChecked()).toBe(true);

    // A valid amount is sent to the phone.
    await page.getByLabel('Amount (UGX)').fill('150,000');
    await page.getByRole('button', { name: 'Withdraw' }).click();
    await page.getByText('Sent: UGX 150,000').waitFor({ timeout: 30_000 });
    await figure(page, 'Available').getByText(ugx(50_000), { exact: true }).waitFor();
    await history
      .getByRole('listitem')
      .filter({ hasText: '\u2212UGX 150,000' })
      .filter({ hasText: 'Done' })
      .waitFor();
    await checkScreen(page, 'The money is on your mobile-money account.');
    await page.getByRole('button', { name: 'Done' }).click();

    // A second number, added and confirmed with the code sent to it: offered for deposits at once,
    // for withdrawals only 24 hours later.
    await page.getByRole('link', { name: 'Add or change a number' }).click();
    await page.waitForURL('**/app/numbers');
    await checkScreen(page, 'Another number');
    const second = `0752${String(randomInt(1_000_000)).padStart(6, '0')}`;
    const secondE164 = `+256${second.slice(1)}`;
    await page.getByLabel('Mobile-money number to add').fill(second);
    await page.getByRole('button', { name: 'Send a code' }).click();
    await page.getByLabel('6-digit code').fill(await readSmsCode(secondE164));
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText(/Withdrawals to it start on .+, 24 hours after you confirmed it\./).waitFor();
    await checkScreen(page, 'You can pay from it now.');
    await tabs.filter({ hasText: 'Wallet' }).click();
    await page.getByRole('radio', { name: /^Deposit/ }).check();
    await page.getByRole('radio', { name: secondE164, exact: true }).waitFor();
    await page.getByRole('radio', { name: /^Withdraw/ }).check();
    await page.getByText(`Withdrawals to ${secondE164} start on `, { exact: false }).waitFor();
    expect(await page.getByRole('radio', { name: secondE164, exact: true }).count()).toBe(0);
    await checkScreen(page, 'Add or change a number');

    // The portfolio, from Home.
    await tabs.filter({ hasText: 'Home' }).click();
    await page.getByRole('link', { name: 'See your portfolio' }).click();
    await page.waitForURL('**/app/portfolio');
    await checkScreen(page, `Loan ${loan.loan_id}`);
    await figure(page, 'Cash available').getByText(ugx(50_000), { exact: true }).waitFor();
    await figure(page, 'Outstanding principal').getByText(ugx(amount), { exact: true }).waitFor();
    await figure(page, 'Loans').getByText('1 active, 0 overdue, 0 in default, 0 fully paid').waitFor();
    const shares = page.getByRole('region', { name: 'Your loans' });
    const share = shares.getByRole('listitem').filter({ hasText: `Loan ${loan.loan_id}` });
    await share.getByText('Active', { exact: true }).waitFor();
    await share.getByText(ugx(amount), { exact: true }).first().waitFor();
    // Nothing of the borrower's own is shown.
    expect(await page.getByText(borrower.name).count()).toBe(0);
    await page.getByLabel('Show').selectOption('FULLY_PAID');
    await page.getByText('No loans that are fully paid.').waitFor();
    expect(new URL(page.url()).searchParams.get('status')).toBe('FULLY_PAID');
    await page.getByLabel('Show').selectOption('');
    await share.waitFor();

    // The statement of this month so far, on screen and as a CSV file named with the range.
    const from = await page.getByLabel('First day').inputValue();
    const to = await page.getByLabel('Last day').inputValue();
    await page.getByLabel('First day').fill(to);
    await page.getByLabel('Last day').fill(from === to ? '2000-01-01' : from);
    await page.getByRole('button', { name: 'Show statement' }).click();
    await page.getByText('The first day must be on or before the last day').waitFor();
    await page.getByLabel('First day').fill(from);
    await page.getByLabel('Last day').fill(to);
    await page.getByRole('button', { name: 'Show statement' }).click();
    await page.getByText(`Lent: ${ugx(amount)}.`).waitFor();
    await checkScreen(page, 'Download as CSV');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download as CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`sente-statement-${from}-${to}.csv`);
    const csv = (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '');
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe('Date,Kind,Description,Amount (UGX)');
    const lent = lines.filter((line) => line.includes(',LENT,'));
    expect(lent).toHaveLength(1);
    expect(lent[0]).toContain('Loan payout');
    expect(lent[0]?.endsWith(`,-${amount}.00`)).toBe(true);
    await page.getByText(`Saved sente-statement-${from}-${to}.csv to your downloads.`).waitFor();

    expect(problems).toEqual([]);
    await close();
  }, 240_000);

  it('shows the lender screens without WCAG 2.2 AA violations in the dark theme', async () => {
    expect(made.lender.email).not.toBe('');
    const { page, problems, close } = await openAppPage(browser, made.lender, '/app', {
      colorScheme: 'dark',
    });
    for (const [path, loaded] of [
      ['/app', 'Net annual return'],
      ['/app/wallet', 'Withdrawal'],
      ['/app/portfolio', 'Outstanding principal'],
    ] as const) {
      await page.goto(path);
      await checkScreen(page, loaded);
    }
    await page.getByRole('button', { name: 'Show statement' }).click();
    await checkScreen(page, 'Download as CSV');
    expect(problems).toEqual([]);
    await close();
  }, 120_000);

  it('tells a borrower that the wallet and the portfolio are for lenders', async () => {
    expect(made.borrower.email).not.toBe('');
    const { page, problems, close } = await openAppPage(browser, made.borrower, '/app/wallet');
    await checkScreen(page, 'This screen is for lenders');
    await page.goto('/app/portfolio');
    await checkScreen(page, 'This screen is for lenders');
    await page.getByRole('link', { name: 'Go to your home screen' }).click();
    await page.waitForURL(/\/app$/);
    expect(problems).toEqual([]);
    await close();
  }, 60_000);
});
