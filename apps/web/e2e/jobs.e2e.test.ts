import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi, openAdminPage } from './admin-session.ts';
import { checkScreen } from './app-session.ts';
import { launchBrowser } from './harness.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const queues = (page: Page) => page.getByRole('table', { name: 'Job queues', exact: true });

describe('Jobs', () => {
  it('is in the sidebar and lists every queue with its Kampala schedule and counts', async () => {
    const { page, problems, close } = await openAdminPage(browser, '/dashboard');
    await page.getByRole('navigation').getByRole('link', { name: 'Jobs' }).click();
    await page.waitForURL('**/dashboard/jobs');
    await page.getByRole('heading', { level: 1, name: 'Jobs' }).waitFor();
    const row = queues(page).locator('tbody tr').filter({ hasText: 'marketplace.auto-invest' });
    await row.waitFor();
    expect(await queues(page).locator('thead th').allTextContents()).toEqual([
      'Queue',
      'Schedule (Kampala)',
      'Waiting',
      'Running',
      'Done',
      'Failed',
    ]);
    expect(await row.locator('td:nth-child(2)').textContent()).toBe('* * * * *');
    const api = await adminApi<{ results: Array<{ name: string }> }>('/api/jobs/admin/queues/');
    expect(await queues(page).locator('tbody tr').count()).toBe(api.results.length);
    expect(problems).toEqual([]);
    await close();
  });

  it('says so when no job has failed', async () => {
    const failed = await adminApi<{ count: number }>('/api/jobs/admin/failed/');
    const { page, problems, close } = await openAdminPage(browser, '/dashboard/jobs');
    const table = page.getByRole('table', { name: 'Failed jobs', exact: true });
    if (failed.count === 0) {
      await table.getByText('No failed jobs. Every background job ran or is waiting its turn.').waitFor();
    } else {
      await table
        .getByRole('button', { name: /^Retry / })
        .first()
        .waitFor();
    }
    expect(problems).toEqual([]);
    await close();
  });

  it.each(['light', 'dark'] as const)(
    'has no WCAG 2.2 AA violations and fits a phone in the %s theme',
    async (colorScheme) => {
      const { page, problems, close } = await openAdminPage(browser, '/dashboard/jobs', {
        colorScheme,
        viewport: { width: 390, height: 844 },
      });
      await checkScreen(page, 'marketplace.auto-invest');
      expect(problems).toEqual([]);
      await close();
    },
  );
});
