import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi, failCall, openAdminPage, waitForEveryCell } from './admin-session.ts';
import { launchBrowser } from './harness.ts';

interface Application {
  readonly id: number;
  readonly status: string;
  readonly business_name: string;
  readonly user_name: string;
  readonly approved_loan: number | null;
  readonly document_count: number;
  readonly listing: { readonly status: string } | null;
}
interface Statistics {
  readonly total_applications: number;
  readonly pending_applications: number;
  readonly approved_applications: number;
  readonly rejected_applications: number;
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const table = (page: Page) => page.getByRole('table', { name: 'Applications' });
const rows = (page: Page) => table(page).locator('tbody tr:has(td + td)');
const card = (page: Page, label: string) => page.getByRole('group', { name: label, exact: true });

async function applications(status = ''): Promise<Application[]> {
  const answer = await adminApi<{ results: Application[] }>(
    `/api/loans/applications/?page_size=100${status ? `&status=${status}` : ''}`,
  );
  return answer.results;
}

/**
 * The demo's own applications, oldest first: other suites (the app's journey, the marketplace) add
 * applications of their own, with other documents and lenders' money behind them.
 */
async function demoApplications(status: string): Promise<Application[]> {
  return (await applications(status)).sort((a, b) => a.id - b.id);
}

async function firstPending(): Promise<Application> {
  const [first] = await applications('PENDING');
  if (!first) throw new Error('The demo data has no pending application left');
  return first;
}

describe('Applications', () => {
  it('shows the four cards, every column, the status colours and the pager with page sizes', async () => {
    const { page, problems, close } = await openAdminPage(browser, '/dashboard/applications');
    await page.getByRole('heading', { level: 1, name: 'Applications' }).waitFor();
    const stats = await adminApi<Statistics>('/api/loans/applications/statistics/');
    await card(page, 'Total Applications')
      .getByText(String(stats.total_applications), { exact: true })
      .waitFor();
    await card(page, 'Pending Applications')
      .getByText(String(stats.pending_applications), { exact: true })
      .waitFor();
    await card(page, 'Rejected Applications')
      .getByText(String(stats.rejected_applications), { exact: true })
      .waitFor();
    await card(page, 'Approved Applications')
      .getByText(String(stats.approved_applications), { exact: true })
      .waitFor();

    await rows(page).first().waitFor();
    expect(await table(page).locator('thead th').allTextContents()).toEqual([
      'Applicant',
      'Action',
      'Status',
      'Loan Amount',
      'Term (Months)',
      'Score',
      'Submitted',
    ]);
    const colours = await rows(page)
      .locator('td:nth-child(3) span')
      .evaluateAll((spans) => spans.map((s) => [s.textContent, s.className.match(/bg-(\w+)-100/)?.[1]]));
    const expected: Record<string, string> = { Approved: 'emerald', Rejected: 'red', Pending: 'orange' };
    for (const [label, colour] of colours) expect(colour).toBe(expected[label ?? '']);
    expect(
      await rows(page)
        .first()
        .getByText(/^UGX [\d,]+$/)
        .count(),
    ).toBeGreaterThan(0);

    await page.getByText(`Showing 10 of ${stats.total_applications} entries`).waitFor();
    await page.getByLabel('Rows per page').selectOption('25');
    await page.waitForURL(/page_size=25/);
    await page
      .getByText(`Showing ${Math.min(25, stats.total_applications)} of ${stats.total_applications} entries`)
      .waitFor();
    await page.getByLabel('Rows per page').selectOption('10');
    const pager = page.getByRole('navigation', { name: 'Applications pages' });
    await pager.getByRole('button', { name: 'Page 2' }).click();
    await page.waitForURL(/page=2/);
    expect(problems).toEqual([]);
    await close();
  });

  it('filters to pending applications from the side menu and the status filter, kept in the URL', async () => {
    const { page, problems, close } = await openAdminPage(browser, '/dashboard/applications');
    await rows(page).first().waitFor();
    await page
      .getByRole('navigation', { name: 'Applications' })
      .getByRole('link', { name: 'Pending Applications' })
      .click();
    await page.waitForURL(/status=PENDING/);
    await waitForEveryCell(page, 'tbody tr td:nth-child(3)', 'Pending');
    await page.reload();
    expect(await page.getByRole('combobox', { name: 'Status' }).inputValue()).toBe('PENDING');
    await page.getByRole('combobox', { name: 'Status' }).selectOption('REJECTED');
    await page.waitForURL(/status=REJECTED/);
    await waitForEveryCell(page, 'tbody tr td:nth-child(3)', 'Rejected');
    await page
      .getByRole('navigation', { name: 'Applications' })
      .getByRole('link', { name: 'All Applications' })
      .click();
    await page.waitForURL((url) => !url.search.includes('status='));
    expect(problems).toEqual([]);
    await close();
  });

  it('opens the documents with their labels, upload times, the PDF viewer and the image', async () => {
    const [disbursed] = (await demoApplications('APPROVED')).filter(
      (a) => a.approved_loan !== null && a.document_count === 3,
    );
    if (!disbursed) throw new Error('no disbursed application in the demo data');
    const { page, problems, close } = await openAdminPage(browser, `/dashboard/applications/${disbursed.id}`);
    await page.getByRole('button', { name: 'View Documents (3)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Application Documents' });
    // The dialog names whose papers these are.
    await dialog.getByText(`${disbursed.user_name}, ${disbursed.business_name}`, { exact: true }).waitFor();
    for (const label of ['National ID', 'Bank Statements', 'Trade License']) {
      await dialog.getByRole('heading', { name: label, exact: true }).waitFor();
    }
    expect(await dialog.getByText(/^Uploaded /).count()).toBe(3);
    const frame = dialog.locator('iframe').first();
    const src = await frame.getAttribute('src');
    expect(src).toMatch(/^\/api\/loans\/documents\/\d+\/file\/\?/);
    const file = await page.request.get(src ?? '');
    expect(file.status()).toBe(200);
    expect(file.headers()['content-type']).toContain('application/pdf');
    expect(await dialog.getByRole('link', { name: /^Open in New Tab/ }).count()).toBe(2);
    const download = dialog.getByRole('link', { name: /^Download PDF/ }).first();
    expect(await download.getAttribute('href')).toContain('download=1');
    expect(await dialog.getByRole('img', { name: /National ID/ }).isVisible()).toBe(true);
    expect(await dialog.getByRole('link', { name: /^View/ }).count()).toBe(1);
    expect(await dialog.getByRole('link', { name: /^Download National ID/ }).count()).toBe(1);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(problems).toEqual([]);
    await close();
  });

  it('shows Loading documents..., Failed to load documents and No documents found for this application', async () => {
    const { page, close } = await openAdminPage(
      browser,
      `/dashboard/applications/${(await firstPending()).id}`,
    );
    const viewDocuments = page.getByRole('button', { name: /^View Documents/ });
    await viewDocuments.waitFor();
    const documents = /^\/api\/loans\/applications\/\d+\/documents\/$/;
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(
      (url) => documents.test(url.pathname),
      async (route) => {
        await held;
        await route.fulfill({ status: 200, json: { documents: [] } });
      },
    );
    await viewDocuments.click();
    const dialog = page.getByRole('dialog', { name: 'Application Documents' });
    await dialog.getByText('Loading documents...', { exact: true }).waitFor();
    release();
    await dialog.getByText('No documents found for this application', { exact: true }).waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await page.unrouteAll({ behavior: 'wait' });

    await failCall(page, 'GET', documents, { status: 404, error: 'Application not found' });
    await viewDocuments.click();
    await dialog.getByText('Failed to load documents', { exact: true }).waitFor();
    await close();
  });

  it('approves a pending application after showing its flags first, toasts it and keeps the row in place', async () => {
    const target = await firstPending();
    const before = await adminApi<Statistics>('/api/loans/applications/statistics/');
    const { page, problems, close } = await openAdminPage(browser, '/dashboard/applications?status=PENDING');
    const row = rows(page).filter({ hasText: target.business_name }).first();
    await row.getByRole('button', { name: /^Approve/ }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Approve application' });
    // Every demo application's NIN differs from its KYC record: the dialog says so before approving.
    await dialog
      .getByRole('region', { name: 'Needs a look' })
      .getByText('The NIN on the application differs from the one in the KYC record', { exact: true })
      .waitFor();
    const note = dialog.getByLabel('Admin note (optional)');
    expect(await note.evaluate((element) => element === document.activeElement)).toBe(true);
    await note.fill('Cash flow verified with the bank statement');
    await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    const toast = page.getByRole('status', { name: 'Notifications' });
    await toast.getByText(`Application of ${target.business_name} (${target.user_name}) approved`).waitFor();
    await card(page, 'Approved Applications')
      .getByText(String(before.approved_applications + 1), { exact: true })
      .waitFor();
    await card(page, 'Pending Applications')
      .getByText(String(before.pending_applications - 1), { exact: true })
      .waitFor();
    // The row stays on the Pending list with its new status, and focus is on its next action.
    await row.getByText('Approved', { exact: true }).waitFor();
    const disburse = row.getByRole('button', { name: /^Disburse/ });
    await page.waitForFunction(() => document.activeElement?.textContent?.startsWith('Disburse'));
    expect(await disburse.evaluate((element) => element === document.activeElement)).toBe(true);
    const saved = await adminApi<{ admin_notes: string; status: string }>(
      `/api/loans/applications/${target.id}/`,
    );
    expect(saved).toMatchObject({
      status: 'APPROVED',
      admin_notes: 'Cash flow verified with the bank statement',
    });
    expect(problems).toEqual([]);
    await close();
  });

  it('rejects only with a reason, starting in the note, and toasts the rejection', async () => {
    const target = await firstPending();
    const { page, problems, close } = await openAdminPage(browser, '/dashboard/applications?status=PENDING');
    const row = rows(page).filter({ hasText: target.business_name }).first();
    await row.getByRole('button', { name: /^Reject/ }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Reject application' });
    const note = dialog.getByLabel('Reason for rejecting (required)');
    await note.waitFor();
    expect(await note.evaluate((element) => element === document.activeElement)).toBe(true);
    await dialog.getByRole('region', { name: 'Needs a look' }).waitFor();
    let posted = 0;
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/reject/')) posted += 1;
    });
    await dialog.getByRole('button', { name: 'Reject', exact: true }).click();
    await dialog.getByText(/^Write why the application is rejected/).waitFor();
    expect(await note.getAttribute('aria-invalid')).toBe('true');
    expect(await note.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(posted).toBe(0);
    await note.fill('Trade licence expired in 2024');
    await dialog.getByRole('button', { name: 'Reject', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page
      .getByRole('status', { name: 'Notifications' })
      .getByText(`Application of ${target.business_name} (${target.user_name}) rejected`)
      .waitFor();
    await row.getByText('Rejected', { exact: true }).waitFor();
    await page.waitForFunction((id) => document.activeElement?.id === `application-${id}-name`, target.id);
    const saved = await adminApi<{ admin_notes: string; status: string }>(
      `/api/loans/applications/${target.id}/`,
    );
    expect(saved).toMatchObject({ status: 'REJECTED', admin_notes: 'Trade licence expired in 2024' });
    expect(problems).toEqual([]);
    await close();
  });

  it('disburses an approved application once, reusing the Idempotency-Key when the same action is retried', async () => {
    // One the platform pays itself (not one the lenders of an accepted offer are to fund), found on
    // screen by its business name, so a name no other listed application has.
    const approved = await demoApplications('APPROVED');
    const named = (name: string) => approved.filter((a) => a.business_name === name).length;
    const [target] = approved.filter(
      (a) => a.approved_loan === null && a.listing?.status !== 'FUNDED' && named(a.business_name) === 1,
    );
    if (!target) throw new Error('no approved application without a loan in the demo data');
    const { page, problems, close } = await openAdminPage(browser, '/dashboard/applications?status=APPROVED');
    const keys: string[] = [];
    page.on('request', (request: Request) => {
      if (
        request.method() === 'POST' &&
        request.url().endsWith(`/api/loans/applications/${target.id}/disburse/`)
      ) {
        keys.push(request.headers()['idempotency-key'] ?? '');
      }
    });
    const restore = await failCall(page, 'POST', `/api/loans/applications/${target.id}/disburse/`, 'network');
    const row = rows(page).filter({ hasText: target.business_name }).first();
    await row.getByRole('button', { name: /^Disburse/ }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Disburse loan' });
    // Money goes out at once: the dialog opens on Cancel, so an Enter right away sends nothing.
    const cancel = dialog.getByRole('button', { name: 'Cancel' });
    await page.waitForFunction(() => document.activeElement?.textContent === 'Cancel');
    expect(await cancel.evaluate((element) => element === document.activeElement)).toBe(true);
    await dialog.getByRole('button', { name: 'Disburse', exact: true }).click();
    await dialog.getByRole('alert').getByText('Failed to disburse loan', { exact: true }).waitFor();
    await restore();
    await dialog.getByRole('button', { name: 'Disburse', exact: true }).click();
    // The dialog closes once the payout is answered, which takes the simulator a few seconds when the
    // other suites keep the server busy.
    await dialog.waitFor({ state: 'hidden', timeout: 30_000 });
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    const loan = await adminApi<{ approved_loan: number | null }>(`/api/loans/applications/${target.id}/`);
    if (loan.approved_loan === null) throw new Error('the simulator (no failures, 200 ms) did not pay out');
    const { loan_id: reference } = await adminApi<{ loan_id: string }>(
      `/api/loans/loans/${loan.approved_loan}/`,
    );
    const toast = page.getByRole('status', { name: 'Notifications' });
    await toast.getByText(`Loan ${reference} created`).waitFor();
    expect(await toast.getByRole('link', { name: `Open loan ${reference}` }).getAttribute('href')).toBe(
      `/dashboard/loans/${loan.approved_loan}`,
    );
    // "Disbursed" is now a link to the loan.
    expect(await row.getByRole('link', { name: /^Disbursed/ }).getAttribute('href')).toBe(
      `/dashboard/loans/${loan.approved_loan}`,
    );
    // The toast's link opens the loan, whose page says who pressed Disburse (this admin) and when.
    const detail = await adminApi<{ disbursed_by: { name: string } | null }>(
      `/api/loans/loans/${loan.approved_loan}/`,
    );
    if (!detail.disbursed_by) throw new Error('the disbursing admin was not recorded');
    await toast.getByRole('link', { name: `Open loan ${reference}` }).click();
    await page.getByRole('heading', { level: 1, name: `Loan ${reference}` }).waitFor();
    await page.getByText(new RegExp(`^Disbursed by ${detail.disbursed_by.name} on \\d`)).waitFor();
    expect(problems.filter((p) => !p.includes('ERR_FAILED'))).toEqual([]);
    await close();
  });

  it('shows Failed to approve application, Failed to reject application and Failed to load applications', async () => {
    const { page, close } = await openAdminPage(browser, '/dashboard/applications?status=PENDING');
    await rows(page).first().waitFor();
    await failCall(page, 'POST', /\/approve\/$/, {
      status: 409,
      error: 'Only a pending application can be approved',
    });
    await failCall(page, 'POST', /\/reject\/$/, { status: 500 });
    await rows(page)
      .first()
      .getByRole('button', { name: /^Approve/ })
      .click();
    const approve = page.getByRole('alertdialog', { name: 'Approve application' });
    // The flags arrive after the dialog opens and push its buttons down: a click while they land
    // can hit the note instead of Approve (a CI run timed out waiting for the failure so).
    const flagsLoaded = (dialog: typeof approve) =>
      dialog.getByText('Checking what needs a look...').waitFor({ state: 'hidden' });
    await flagsLoaded(approve);
    await approve.getByRole('button', { name: 'Approve', exact: true }).click();
    await approve.getByRole('alert').getByText('Failed to approve application', { exact: true }).waitFor();
    await approve.getByRole('button', { name: 'Cancel' }).click();
    await rows(page)
      .first()
      .getByRole('button', { name: /^Reject/ })
      .click();
    const reject = page.getByRole('alertdialog', { name: 'Reject application' });
    await flagsLoaded(reject);
    await reject.getByLabel('Reason for rejecting (required)').fill('Incomplete papers');
    await reject.getByRole('button', { name: 'Reject', exact: true }).click();
    await reject.getByRole('alert').getByText('Failed to reject application', { exact: true }).waitFor();
    await reject.getByRole('button', { name: 'Cancel' }).click();

    await failCall(page, 'GET', '/api/loans/applications/', {
      status: 403,
      error: 'Access denied. Admin permissions required.',
    });
    await page.reload();
    await page.getByRole('alert').getByText('Failed to load applications', { exact: true }).waitFor();
    await table(page).getByText('No data available', { exact: true }).waitFor();
    await close();
  });
});
