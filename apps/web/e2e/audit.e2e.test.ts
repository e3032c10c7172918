import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi, openAdminPage } from './admin-session.ts';
import { axeViolations, hasSidewaysScroll } from './app-session.ts';
import { launchBrowser } from './harness.ts';

interface AuditAnswer {
  readonly count: number;
  readonly results: ReadonlyArray<{ action: string; actor: { name: string } | null }>;
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  // At least one entry of each kind the test reads: a sign-in (adminApi signs in) and a loan type edit.
  const types = await adminApi<{ results: Array<Record<string, unknown> & { id: number }> }>(
    '/api/loans/loan-types/?page_size=1',
  );
  const type = types.results[0];
  if (type) {
    const { id, ...fields } = type;
    await adminApi(`/api/loans/loan-types/${id}/`, {
      method: 'PUT',
      body: {
        loan_type_name: fields.loan_type_name,
        min_amount: fields.min_amount,
        max_amount: fields.max_amount,
        interest_rate: fields.interest_rate,
        interest_type: fields.interest_type,
        appraisal_time: `${String(fields.appraisal_time).replace(/ \(checked\)$/, '')} (checked)`,
        status: fields.status,
      },
    });
  }
});
afterAll(async () => {
  await browser?.close();
});

describe.each([
  [1366, 800],
  [768, 1024],
] as const)('Audit Log at %i×%i', (width, height) => {
  it('lists who did what and when, filters by action in the URL, and passes axe in both themes', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const { page, problems, close } = await openAdminPage(browser, '/dashboard/audit', {
        viewport: { width, height },
        colorScheme,
      });
      await page.getByRole('heading', { level: 1, name: 'Audit Log' }).waitFor();
      const table = page.getByRole('table', { name: 'Audit log' });
      await table.getByText('Signed in', { exact: true }).first().waitFor();
      expect(await table.locator('thead th').allTextContents()).toEqual([
        'When',
        'Admin',
        'Action',
        'Record',
        'Before → After',
      ]);
      await page.getByRole('combobox', { name: 'Action' }).selectOption('loan_type.updated');
      await page.waitForURL(/action=loan_type\.updated/);
      await table.getByText('Loan type edited', { exact: true }).first().waitFor();
      const answer = await adminApi<AuditAnswer>('/api/audit/?action=loan_type.updated');
      await page.getByText(`of ${answer.count}`, { exact: false }).first().waitFor();
      await table.getByText('appraisal_time').first().waitFor();
      expect(await axeViolations(page)).toEqual([]);
      expect(await hasSidewaysScroll(page)).toBe(false);
      // Who and what of each row without scrolling the table sideways.
      const region = page.getByRole('region', { name: 'Audit log' });
      const box = await region.boundingBox();
      const right = (box?.x ?? 0) + (box?.width ?? 0);
      const outside = await table
        .locator('tbody tr')
        .evaluateAll(
          (trs, edge) =>
            trs.filter((tr) =>
              [...tr.querySelectorAll('td')]
                .slice(0, 3)
                .some((td) => td.getBoundingClientRect().right > edge + 1),
            ).length,
          right,
        );
      expect(outside).toBe(0);
      expect(problems).toEqual([]);
      await close();
    }
  });
});

describe('Audit Log: Export all', () => {
  it('saves every entry the filters match as CSV', async () => {
    const { page, problems, close } = await openAdminPage(browser, '/dashboard/audit?action=user.signed_in');
    await page.getByRole('table', { name: 'Audit log' }).getByText('Signed in').first().waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export all' }).click(),
    ]);
    const chunks: Buffer[] = [];
    for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
    const lines = Buffer.concat(chunks).toString('utf8').trimEnd().split('\r\n');
    expect(download.suggestedFilename()).toBe('audit-log-all.csv');
    expect(lines[0]).toBe('\uFEFFID,At,Admin,Admin Email,Action,Action Label,Entity,Entity ID,Before,After');
    const answer = await adminApi<AuditAnswer>('/api/audit/?action=user.signed_in&page_size=1');
    // adminApi signed in once more after the download: at most that one more.
    expect(lines.length - 1).toBeGreaterThanOrEqual(answer.count - 1);
    expect(lines.length - 1).toBeLessThanOrEqual(answer.count);
    expect(lines.slice(1).every((line) => line.includes(',user.signed_in,Signed in,'))).toBe(true);
    expect(problems).toEqual([]);
    await close();
  });
});
