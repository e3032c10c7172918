import type { Browser } from 'playwright-core';
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

interface SentMessage {
  readonly channel: string;
  readonly body: string;
}

describe("A user's Messages tab", () => {
  it('lists what Sente sent the user, as the server reports it, on a phone in both themes', async () => {
    const users = await adminApi<{ results: Array<{ id: number }> }>('/api/auth/admin/users/?search=Nakato');
    const id = users.results[0]?.id ?? 1;
    const sent = await adminApi<{ count: number; results: SentMessage[] }>(
      `/api/messages/admin/users/${id}/`,
    );
    for (const colorScheme of ['light', 'dark'] as const) {
      const { page, problems, close } = await openAdminPage(browser, `/dashboard/users/${id}`, {
        colorScheme,
        viewport: { width: 390, height: 844 },
      });
      await page.getByRole('tab', { name: /^Messages/ }).click();
      await page.waitForURL((url) => url.searchParams.get('tab') === 'messages');
      const first = sent.results[0];
      await checkScreen(page, first ? first.body : 'Sente has sent this user no messages.');
      await page.getByRole('tab', { name: `Messages (${sent.count})` }).waitFor();
      expect(problems).toEqual([]);
      await close();
    }
  });
});
