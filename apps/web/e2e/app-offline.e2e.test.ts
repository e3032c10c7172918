/**
 * The app as an installable web app: the manifest, a first screen small enough for a slow
 * connection (and free of back-office code), a second visit that starts offline and says so, and a
 * form that keeps what was typed when the network fails.
 */
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs, createAccount, TEST_ACCOUNT_PASSWORD } from './accounts.ts';
import { adminApi } from './admin-session.ts';
import { openAppPage, PHONE } from './app-session.ts';
import { launchBrowser, openPage } from './harness.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('the app as an installable web app', () => {
  it('links a manifest whose icons and start page are served', async () => {
    const { page, problems, close } = await openPage(browser, PHONE);
    await page.goto('/app/login');
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/app.webmanifest');
    const manifest = await page.evaluate(async (url) => (await fetch(url)).json(), href ?? '');
    expect(manifest).toMatchObject({ start_url: '/app', scope: '/app', display: 'standalone' });
    for (const icon of manifest.icons as Array<{ src: string }>) {
      expect({ icon: icon.src, status: (await page.request.get(icon.src)).status() }).toEqual({
        icon: icon.src,
        status: 200,
      });
    }
    expect(problems).toEqual([]);
    await close();
  });

  it('loads under 120 KB of JavaScript (gzip) for the sign-in screen, none of it the back-office’s', async () => {
    const { page, problems, close } = await openPage(browser, PHONE);
    const scripts: Array<{ url: string; gzipped: number }> = [];
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'script') return;
      scripts.push({ url: response.url(), gzipped: gzipSync(await response.body(), { level: 9 }).length });
    });
    await page.goto('/app/login', { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    const names = scripts.map((script) => new URL(script.url).pathname);
    expect(names.filter((name) => /admin-entry|site-shared|api-client/.test(name))).toEqual([]);
    const total = scripts.reduce((sum, script) => sum + script.gzipped, 0);
    expect(total).toBeLessThan(120 * 1024);
    expect(problems).toEqual([]);
    await close();
  });

  it('starts a second visit offline, says so, and keeps a form typed offline', async () => {
    const account = await createAccount(`Offline Borrower ${Date.now()}`, 'borrower');
    const { page, problems, close } = await openAppPage(
      browser,
      { email: account.email, password: TEST_ACCOUNT_PASSWORD },
      '/app',
    );
    await page.getByRole('heading', { name: /^Hello/ }).waitFor();
    // The worker installs after the first visit and takes the page over.
    await page.waitForFunction(async () => {
      await navigator.serviceWorker.ready;
      return navigator.serviceWorker.controller !== null;
    });

    await page.context().setOffline(true);
    await page.reload();
    await page.getByText('You are offline.').waitFor();
    await page.getByRole('heading', { name: /^Hello/ }).waitFor();
    await page.getByText('You seem to be offline. Connect to the internet and try again.').first().waitFor();

    // Back online the apply form loads; sending it offline keeps every field and says why.
    await page.context().setOffline(false);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Apply' }).click();
    await page.getByRole('button', { name: 'Send application' }).waitFor();
    await page.getByRole('radio').first().check();
    const minimum = await page.getByText(/^From UGX [\d,]+ to/).textContent();
    const amount = /From UGX ([\d,]+)/.exec(minimum ?? '')?.[1] ?? '';
    await page.getByLabel('Amount (UGX)').fill(amount);
    await page.getByLabel('What is the loan for?').fill('A second fridge');
    await page.getByLabel('Business name').fill('Offline Cold Drinks');
    await page.getByLabel('Business location').fill('Kampala, Kisekka Market');
    await page.getByLabel(/Monthly income/).fill('1,800,000');
    await page.getByLabel(/National Identification Number/).fill('CM80010112345B');
    await page.context().setOffline(true);
    await page.getByRole('button', { name: 'Send application' }).click();
    await page.getByText('You seem to be offline, so this was not sent. What you typed is kept').waitFor();
    expect(await page.getByLabel('Business name').inputValue()).toBe('Offline Cold Drinks');
    await page.context().setOffline(false);
    await page.getByRole('button', { name: 'Send application' }).click();
    await page.waitForURL(/\/app\/applications\/\d+$/);

    // The browser logs the refused requests of the offline minutes; nothing else may go wrong.
    expect(problems.filter((problem) => !problem.includes('ERR_INTERNET_DISCONNECTED'))).toEqual([]);
    await close();
  }, 90_000);

  it('sends a document again with Try again after the network dropped it', async () => {
    const account = await createAccount(`Upload Retry ${Date.now()}`, 'borrower');
    const types = await adminApi<{ results: Array<{ id: number; min_amount: string }> }>(
      '/api/loans/loan-types/?status=ACTIVE&page_size=100',
    );
    const type = types.results[0];
    if (!type) throw new Error('no active loan type');
    const application = await callAs<{ id: number }>(account, 'POST', '/api/loans/applications/', {
      body: {
        business_name: 'Retry Hardware',
        business_location: 'Kampala, Kikuubo',
        amount_requested: type.min_amount,
        loan_term: 2,
        loan_type: type.id,
        loan_purpose: 'Cement for resale',
        monthly_income: 3_000_000,
        nin: 'CM70010112345C',
      },
    });
    const { page, problems, close } = await openAppPage(
      browser,
      { email: account.email, password: TEST_ACCOUNT_PASSWORD },
      `/app/applications/${application.id}`,
    );
    await page.getByRole('heading', { name: 'Documents' }).waitFor();
    const uploads = (url: URL) => url.pathname === `/api/loans/applications/${application.id}/documents/`;
    await page.route(uploads, (route) => route.abort('internetdisconnected'));
    await page.getByLabel('Choose a file for your Bank Statements').setInputFiles({
      name: 'statement.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'),
    });
    await page
      .getByText('Bank Statements may not have arrived: Sente did not answer. Please try again.')
      .waitFor();
    await page.unroute(uploads);
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByText('Sent: statement.pdf').waitFor();
    await page.getByText('Sente has 1 document').waitFor();
    expect(problems.filter((problem) => !problem.includes('ERR_INTERNET_DISCONNECTED'))).toEqual([]);
    await close();
  });
});
