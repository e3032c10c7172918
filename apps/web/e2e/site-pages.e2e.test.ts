import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage } from './harness.ts';
import { publicPages } from './public-pages.ts';

const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
const desktop = { viewport: { width: 1280, height: 800 } };

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const hasHorizontalScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

const footerHrefs = (page: Page, group: string) =>
  page
    .getByRole('navigation', { name: group })
    .getByRole('link')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href')));

describe.each([
  ['desktop', desktop],
  ['phone', phone],
] as const)('public pages on a %s', (size, options) => {
  it('serve every route prerendered with its heading, title, description and the shared layout', async () => {
    const { page, problems, close } = await openPage(browser, options);
    for (const [path, heading] of publicPages) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      // Prerendered: the heading is in the HTML the server sent, before any script runs.
      expect(await response?.text()).toContain(heading.replaceAll('&', '&amp;'));
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      expect(await page.title()).toBe(`${heading} · Sente`);
      expect(await page.locator('meta[name="description"]').getAttribute('content')).toBeTruthy();
      expect(await page.locator('meta[property="og:title"]').getAttribute('content')).toBe(heading);
      expect(await hasHorizontalScroll(page), `${path} scrolls sideways`).toBe(false);

      if (size === 'desktop') {
        const nav = page.getByRole('navigation', { name: 'Main' });
        for (const entry of ['Products', 'How It Works', 'About Us', 'FAQ']) {
          expect(await nav.getByRole('link', { name: entry }).isVisible()).toBe(true);
        }
        expect(
          await page.getByRole('banner').getByRole('link', { name: 'Apply Now' }).getAttribute('href'),
        ).toBe('/apply');
        expect(
          await page.getByRole('banner').getByRole('link', { name: 'Download App' }).getAttribute('href'),
        ).toBe('/download');
      } else {
        expect(await page.getByRole('button', { name: 'Open menu' }).isVisible()).toBe(true);
      }
    }
    expect(problems).toEqual([]);
    await close();
  });
});

describe('the shared footer', () => {
  it('links the six products, the resources and the company pages of the spec', async () => {
    const { page, close } = await openPage(browser, desktop);
    await page.goto('/about');
    expect(await footerHrefs(page, 'Products')).toEqual([
      '/products#receivable',
      '/products#term-loan',
      '/products#short-term',
      '/products#merchant-cash',
      '/products#equipment',
      '/products#working-capital',
    ]);
    expect(await footerHrefs(page, 'Resources')).toEqual([
      '/how-it-works',
      '/faq',
      '/blog',
      '/success-stories',
      '/admin-login',
    ]);
    expect(await footerHrefs(page, 'Company')).toEqual([
      '/about',
      '/contact',
      '/lender',
      '/privacy',
      '/terms',
    ]);
    expect(await page.getByRole('list', { name: 'Social media' }).getByRole('link').count()).toBe(4);
    await close();
  });

  it('shows the landing sections in the order of the spec', async () => {
    const { page, close } = await openPage(browser, desktop);
    await page.goto('/');
    const headings = await page.locator('main h2').allTextContents();
    const order = [
      'Quick Application',
      'Fast Funding',
      'Flexible Options',
      'Financing that fits your business',
      'From application to funding in five steps',
      'Credit built for small businesses',
      'Loan Calculator',
      'Growing Uganda’s small businesses',
      'Businesses that grew with Sente',
      'Frequently asked questions',
      'Ready to grow your business?',
    ];
    expect(headings).toEqual(order);
    expect(
      await page
        .locator('main h3', {
          hasText: /^(Quick Approval|Flexible Terms|Low Interest Rates|Business Support)$/,
        })
        .count(),
    ).toBe(4);
    await close();
  });

  it('serves robots.txt and a sitemap of every public page', async () => {
    const { page, close } = await openPage(browser);
    const robots = await page.goto('/robots.txt');
    expect(await robots?.text()).toContain('Sitemap:');
    const sitemap = await (await page.goto('/sitemap.xml'))?.text();
    for (const [path] of publicPages) expect(sitemap).toContain(`<loc>https://sente.ug${path}</loc>`);
    await close();
  });
});
