import { buildSchedule, formatUgx, type LoanTypeDto, STANDARD_LOAN_TYPES } from '@sente/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage } from './harness.ts';

const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
const desktop = { viewport: { width: 1280, height: 800 } };

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const headerIsShrunk = (page: Page) =>
  page.getByRole('banner').evaluate((header) => header.getAttribute('data-shrunk') === 'true');

/** Waits until the prerendered page has hydrated: the header's effects have run. */
async function hydrated(page: Page) {
  await page.waitForFunction(() => document.querySelector('header[data-shrunk]') !== null);
  await page.waitForLoadState('networkidle');
}

describe('header', () => {
  it('shrinks into a narrower floating bar past 100 px of scroll and grows back', async () => {
    const { page, problems, close } = await openPage(browser, desktop);
    await page.goto('/');
    await hydrated(page);
    const fullWidth = (await page.getByRole('banner').boundingBox())?.width ?? 0;
    expect(await headerIsShrunk(page)).toBe(false);

    await page.evaluate(() => window.scrollTo(0, 90));
    await page.waitForTimeout(100);
    expect(await headerIsShrunk(page)).toBe(false);

    await page.evaluate(() => window.scrollTo(0, 400));
    await page.waitForFunction(
      () => document.querySelector('header')?.getAttribute('data-shrunk') === 'true',
    );
    await page.waitForTimeout(300);
    const floatingWidth = (await page.getByRole('banner').boundingBox())?.width ?? 0;
    expect(floatingWidth).toBeLessThan(fullWidth);

    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForFunction(
      () => document.querySelector('header')?.getAttribute('data-shrunk') === 'false',
    );
    expect(problems).toEqual([]);
    await close();
  });

  it('opens the phone menu with Become a Lender and closes it on a link click or an outside click', async () => {
    const { page, close } = await openPage(browser, phone);
    await page.goto('/products');
    await hydrated(page);
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    expect(await menu.isVisible()).toBe(false);

    await page.getByRole('button', { name: 'Open menu' }).click();
    expect(await menu.isVisible()).toBe(true);
    expect(await menu.getByRole('link', { name: 'Become a Lender' }).getAttribute('href')).toBe('/lender');
    await page.mouse.click(200, 830);
    expect(await menu.isVisible()).toBe(false);

    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('button', { name: 'Close menu' }).click();
    expect(await menu.isVisible()).toBe(false);

    await page.getByRole('button', { name: 'Open menu' }).click();
    await menu.getByRole('link', { name: 'FAQ' }).click();
    await page.waitForURL('**/faq');
    await page.getByRole('heading', { level: 1, name: 'Frequently Asked Questions' }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Mobile' }).isVisible()).toBe(false);
    await close();
  });
});

describe('FAQ', () => {
  it('opens one answer at a time and closes it again on the full FAQ page', async () => {
    const { page, problems, close } = await openPage(browser, desktop);
    await page.goto('/faq');
    await hydrated(page);
    const questions = page.getByRole('main').getByRole('button');
    expect(await questions.count()).toBe(8);

    const first = page.getByRole('button', { name: /Who can apply for a Sente loan\?/ });
    const second = page.getByRole('button', { name: /Do I need collateral/ });
    await first.click();
    expect(await first.getAttribute('aria-expanded')).toBe('true');
    expect(
      await page
        .getByText(/operating for at least 6 months/)
        .first()
        .isVisible(),
    ).toBe(true);
    await second.click();
    expect(await first.getAttribute('aria-expanded')).toBe('false');
    expect(await second.getAttribute('aria-expanded')).toBe('true');
    await second.click();
    expect(await page.getByRole('main').getByRole('region').count()).toBe(0);
    expect(problems).toEqual([]);
    await close();
  });

  it('shows the first four questions on the landing page with View all FAQs', async () => {
    const { page, close } = await openPage(browser, desktop);
    await page.goto('/');
    const teaser = page.locator('section[aria-labelledby="faq-title"]');
    expect(await teaser.getByRole('button').count()).toBe(4);
    expect(await teaser.getByRole('link', { name: 'View all FAQs' }).getAttribute('href')).toBe('/faq');
    await close();
  });
});

describe('loan calculator', () => {
  const figures = (schedule: ReturnType<typeof buildSchedule>) => [
    `Weekly installment${formatUgx(schedule.weeklyRepayment)}`,
    `Number of installments${schedule.weeks} weeks`,
    `Total interest${formatUgx(schedule.totalInterest)}`,
    `Total payment${formatUgx(schedule.totalPayable)}`,
  ];

  it('prices each published loan type with buildSchedule, weekly, within the type’s range', async () => {
    const { page, problems, close } = await openPage(browser, desktop);
    await page.goto('/');
    await hydrated(page);
    const calculator = page.locator('#calculator');
    const type = calculator.getByLabel('Loan type');
    const amount = calculator.getByLabel('Loan amount (UGX)');
    const term = calculator.getByLabel('Loan term (months)');
    // The spec's defaults: the business loan type, 1,000,000 over 6 months.
    expect(await type.locator('option:checked').textContent()).toBe('Business Term Loan');
    expect(await amount.getAttribute('min')).toBe('1000000');
    expect(await amount.getAttribute('max')).toBe('5000000');
    expect(await amount.getAttribute('step')).toBe('50000');
    expect(await amount.inputValue()).toBe('1000000');
    expect(await term.inputValue()).toBe('6');

    const results = calculator.locator('dl').first();
    const compound = buildSchedule({
      principal: 1_000_000,
      monthlyRateBasisPoints: 280,
      months: 6,
      interestType: 'COMPOUND',
    });
    for (const figure of figures(compound)) expect(await results.textContent()).toContain(figure);
    expect(await calculator.textContent()).toContain('2.8% per month, reducing balance');
    expect(await calculator.textContent()).toContain('Up to 48 hours');

    await amount.fill('4500000');
    await term.fill('3');
    await type.selectOption({ label: 'Working Capital Loans' });
    expect(await amount.getAttribute('max')).toBe('3000000');
    expect(await amount.inputValue()).toBe('3000000');
    expect(await calculator.textContent()).toContain(
      'Amounts for Working Capital Loans run from UGX 350,000 to UGX 3,000,000, so this estimate uses UGX 3,000,000.',
    );
    const flat = buildSchedule({
      principal: 3_000_000,
      monthlyRateBasisPoints: 280,
      months: 3,
      interestType: 'FLAT',
    });
    for (const figure of figures(flat)) expect(await results.textContent()).toContain(figure);
    expect(await results.textContent()).toContain('Total interestUGX 252,000'); // 3,000,000 × 0.028 × 3
    expect(await calculator.textContent()).toContain('2.8% per month, flat rate');
    expect(await calculator.textContent()).toContain('Under 24 hours');
    expect(await calculator.getByRole('link', { name: 'Apply Now' }).getAttribute('href')).toBe('/apply');
    expect(problems).toEqual([]);
    await close();
  });

  it('is published with the loan types the demo database offers (GET /api/public/loan-types/)', async () => {
    const { page, close } = await openPage(browser, desktop);
    await page.goto('/how-it-works');
    const block = await page.locator('#sente-loan-types').textContent();
    const published = (JSON.parse(block ?? '{}') as { results: LoanTypeDto[] }).results;
    const answer = (await (await page.request.get('/api/public/loan-types/')).json()) as {
      results: LoanTypeDto[];
    };
    const names = new Set<string>(STANDARD_LOAN_TYPES.map((type) => type.name));
    expect(published.map((type) => type.loan_type_name).sort()).toEqual([...names].sort());
    // Ids, order and every field as the seeded server answers (other suites may add types of their own).
    expect(published).toEqual(answer.results.filter((type) => names.has(type.loan_type_name)));
    const options = page.getByLabel('Loan type').locator('option');
    expect(await options.allTextContents()).toEqual(published.map((type) => type.loan_type_name));
    await close();
  });
});

describe('products', () => {
  it('has the six anchors, and an anchor lands below the fixed header', async () => {
    const { page, close } = await openPage(browser, phone);
    await page.goto('/products');
    for (const anchor of [
      'receivable',
      'term-loan',
      'short-term',
      'merchant-cash',
      'equipment',
      'working-capital',
    ]) {
      expect(await page.locator(`section#${anchor} h2`).count(), anchor).toBe(1);
    }
    await page.goto('/products#equipment');
    await hydrated(page);
    await page.waitForTimeout(600);
    const headingTop = (await page.locator('#equipment h2').boundingBox())?.y ?? -1;
    const headerBottom = await page
      .getByRole('banner')
      .evaluate((header) => header.getBoundingClientRect().bottom);
    expect(headingTop).toBeGreaterThanOrEqual(headerBottom);
    await close();
  });
});

describe('success stories carousel', () => {
  it('moves between the six stories and can be paused', async () => {
    const { page, close } = await openPage(browser, { ...desktop, reducedMotion: 'no-preference' });
    await page.goto('/');
    await hydrated(page);
    const carousel = page.getByRole('region', { name: 'Success stories' });
    await carousel.getByRole('button', { name: 'Pause the success stories' }).click();
    expect(await carousel.getByRole('button', { name: 'Play the success stories' }).isVisible()).toBe(true);
    expect(await carousel.getByText('Story 1 of 6').isVisible()).toBe(true);
    await carousel.getByRole('button', { name: 'Next story' }).click();
    expect(await carousel.getByText('Story 2 of 6').isVisible()).toBe(true);
    await carousel.getByRole('button', { name: 'Previous story' }).click();
    await carousel.getByRole('button', { name: 'Previous story' }).click();
    expect(await carousel.getByText('Story 6 of 6').isVisible()).toBe(true);
    await close();
  });
});

describe('contact and lender forms', () => {
  it('shows field errors from the shared rules and then sends the message', async () => {
    const { page, problems, close } = await openPage(browser, desktop);
    await page.goto('/contact');
    await hydrated(page);
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByRole('button', { name: 'Send message' }).click();
    await page.getByText('Enter a valid email address like name@example.com').waitFor();
    expect(await page.getByText('Enter your full name').isVisible()).toBe(true);
    expect(await page.getByLabel('Full name').getAttribute('aria-invalid')).toBe('true');

    await page.getByLabel('Full name').fill('Grace Nakato');
    await page.getByLabel('Email').fill('grace@example.ug');
    await page.getByLabel('Phone number (optional)').fill('0772 123 456');
    await page
      .getByLabel('Message', { exact: true })
      .fill('I would like to borrow 2,000,000 UGX for my juice business.');
    await page.getByRole('button', { name: 'Send message' }).click();
    await page.getByText(/received your message/).waitFor();
    expect(problems).toEqual([]);
    await close();
  });

  it('registers a lender', async () => {
    const { page, problems, close } = await openPage(browser, phone);
    await page.goto('/lender');
    await hydrated(page);
    await page.getByLabel('Full name').fill('Daniel Okello');
    await page.getByLabel('Email').fill('daniel@okello-capital.ug');
    await page.getByLabel('Phone number').fill('0701234567');
    await page.getByLabel('I am lending as').selectOption('company');
    await page.getByRole('button', { name: 'Register interest' }).click();
    await page
      .getByText(/Our lender team will call you/)
      .last()
      .waitFor();
    expect(problems).toEqual([]);
    await close();
  });
});

describe('not found', () => {
  it('answers HTTP 404 with the prerendered Page not found page', async () => {
    const { page, problems, close } = await openPage(browser, phone);
    const response = await page.goto('/loans-for-everyone');
    expect(response?.status()).toBe(404);
    expect(await response?.text()).toContain('Page not found');
    await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
    expect(await page.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
    expect(problems).toEqual([]);
    await close();
  });
});
