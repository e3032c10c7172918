import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi, openAdminPage } from './admin-session.ts';
import { axeViolations, hasSidewaysScroll } from './app-session.ts';
import { harness, launchBrowser } from './harness.ts';

let browser: Browser;
const stamp = Date.now();
const lenderEmail = `invitee-${stamp}@example.ug`;

async function submit(path: string, payload: object) {
  const response = await fetch(`${harness().baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.9.${stamp % 250}.1` },
    body: JSON.stringify(payload),
  });
  if (!response.ok) throw new Error(`${path} answered ${response.status}`);
}

beforeAll(async () => {
  browser = await launchBrowser();
  await submit('/api/public/contact/', {
    name: `Asiimwe Ruth ${stamp}`,
    email: 'ruth@example.ug',
    topic: 'repayment',
    message: 'How do I repay early?',
  });
  await submit('/api/public/lender-interest/', {
    name: `Mugisha Alex ${stamp}`,
    email: lenderEmail,
    phone_number: '0701234567',
    lender_type: 'individual',
    investment_range: '5m_20m',
  });
});
afterAll(async () => {
  await browser?.close();
});

describe.each([
  [1366, 800],
  [768, 1024],
] as const)('Enquiries at %i×%i', (width, height) => {
  it('shows the new count in the sidebar and both inboxes, with axe clean in both themes', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const { page, problems, close } = await openAdminPage(browser, '/dashboard/enquiries', {
        viewport: { width, height },
        colorScheme,
      });
      await page.getByRole('heading', { level: 1, name: 'Enquiries' }).waitFor();
      const counts = await adminApi<{ total_new: number }>('/api/public/admin/enquiries/counts/');
      if (width >= 1024) {
        const link = page
          .getByRole('complementary', { name: 'Sidebar' })
          .getByRole('link', { name: /Enquiries/ });
        expect(await link.textContent()).toContain(String(counts.total_new));
      }
      const table = page.getByRole('table', { name: 'Contact messages' });
      await table.getByText(`Asiimwe Ruth ${stamp}`, { exact: true }).waitFor();
      expect(await axeViolations(page)).toEqual([]);
      expect(await hasSidewaysScroll(page)).toBe(false);
      await page.getByRole('tab', { name: /Lender sign-ups/ }).click();
      await page.waitForURL(/tab=lenders/);
      const lenders = page.getByRole('table', { name: 'Lender sign-ups' });
      const row = lenders.locator('tbody tr').filter({ hasText: `Mugisha Alex ${stamp}` });
      await row.waitFor();
      // Name and actions in sight without scrolling the table sideways.
      const box = await page.getByRole('region', { name: 'Lender sign-ups' }).boundingBox();
      const right = (box?.x ?? 0) + (box?.width ?? 0);
      for (const cell of [row.locator('td').nth(0), row.locator('td').nth(1)]) {
        const cellBox = await cell.boundingBox();
        expect((cellBox?.x ?? 0) + (cellBox?.width ?? 0)).toBeLessThanOrEqual(right + 1);
      }
      expect(await axeViolations(page)).toEqual([]);
      expect(problems).toEqual([]);
      await close();
    }
  });
});

describe('Enquiries: handling', () => {
  it('assigns and closes a message with notes, then invites a lender who gets a link', async () => {
    const { page, problems, close } = await openAdminPage(browser, '/dashboard/enquiries');
    const row = page
      .getByRole('table', { name: 'Contact messages' })
      .locator('tbody tr')
      .filter({
        hasText: `Asiimwe Ruth ${stamp}`,
      });
    await row.getByRole('button', { name: /^Manage/ }).click();
    const dialog = page.getByRole('dialog', { name: `Enquiry from Asiimwe Ruth ${stamp}` });
    await dialog.getByRole('combobox', { name: 'Status' }).selectOption('CLOSED');
    await dialog.getByRole('combobox', { name: 'Assignee' }).selectOption({ index: 1 });
    await dialog.getByRole('textbox', { name: 'Notes' }).fill('Explained early repayment by phone');
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText(`The enquiry from Asiimwe Ruth ${stamp} is saved.`).waitFor();
    await row.getByText('Closed', { exact: true }).waitFor();

    await page.getByRole('tab', { name: /Lender sign-ups/ }).click();
    const lender = page
      .getByRole('table', { name: 'Lender sign-ups' })
      .locator('tbody tr')
      .filter({
        hasText: `Mugisha Alex ${stamp}`,
      });
    await lender.getByRole('button', { name: `Invite Mugisha Alex ${stamp} as a lender` }).click();
    await page
      .getByRole('alertdialog', { name: 'Invite lender' })
      .getByRole('button', { name: 'Invite' })
      .click();
    const invited = page.getByRole('dialog', { name: 'Lender invited' });
    const link = await invited.getByRole('textbox', { name: 'Invitation link' }).inputValue();
    expect(link).toMatch(/\/reset-password\?token=/);
    expect(await axeViolations(page)).toEqual([]);
    await invited.getByRole('button', { name: 'Done' }).click();
    await lender.getByText('Invited', { exact: true }).waitFor();

    // The invitee opens the link, chooses a password and can sign in as a lender.
    await page.goto(new URL(link).pathname + new URL(link).search);
    await page.getByLabel('New password', { exact: true }).fill('invited-lender-password');
    await page.getByLabel('Confirm new password').fill('invited-lender-password');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByText(/Your password has been changed/).waitFor();
    const login = await fetch(`${harness().baseUrl}/api/auth/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: lenderEmail, password: 'invited-lender-password' }),
    });
    expect(login.status).toBe(200);
    expect(((await login.json()) as { user: { role: string } }).user.role).toBe('lender');
    expect(problems).toEqual([]);
    await close();
  });
});
