import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAdminPage } from './admin-session.ts';
import { axeViolations } from './axe.ts';
import { launchBrowser } from './harness.ts';

/**
 * The Columns chooser of the Applications and Loans back-office tables on a 768×1024 tablet (issue
 * 18; the 1366×800 laptop is covered beside each worklist's own tests): the keyboard opens it and
 * ticks every optional column, the open panel lies on the screen, the widest table still shows each
 * row's sticky name and its actions without the page scrolling sideways, and the choice survives a
 * reload.
 */
const TABLES = [
  {
    caption: 'Applications',
    path: '/dashboard/applications?page_size=25',
    group: 'More application columns',
    storageKey: 'sente.applications.columns',
    firstHeaders: ['Applicant', 'Action'],
  },
  {
    caption: 'Loans',
    path: '/dashboard/loans?page_size=25',
    group: 'More loan columns',
    storageKey: 'sente.loans.columns',
    firstHeaders: ['Loan', 'View Transactions'],
  },
] as const;

const TABLET = { width: 768, height: 1024 };

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const violations = (page: Page) => axeViolations(page);

/** What of the open panel lies off the screen (left or right of the viewport), and whether the page scrolls sideways. */
async function panelOffScreen(page: Page, group: string): Promise<string[]> {
  return page.evaluate((name) => {
    const problems: string[] = [];
    if (document.documentElement.scrollWidth > document.documentElement.clientWidth)
      problems.push(`the page scrolls sideways (${document.documentElement.scrollWidth} px wide)`);
    const panel = [...document.querySelectorAll('fieldset')].find(
      (f) => f.querySelector('legend')?.textContent === name,
    );
    if (!panel) return [...problems, 'no panel'];
    const rect = panel.getBoundingClientRect();
    if (rect.left < 0 || rect.right > document.documentElement.clientWidth)
      problems.push(`the panel spans ${Math.round(rect.left)}–${Math.round(rect.right)} px`);
    return problems;
  }, group);
}

/**
 * For every row, with the table region scrolled to its start and then to its end: the name cell lies
 * inside the region's visible box (it is sticky), and at the start its action cell too; the page
 * itself never scrolls sideways.
 */
async function hiddenRowParts(page: Page, caption: string): Promise<string[]> {
  return page.evaluate((label) => {
    const problems: string[] = [];
    if (document.documentElement.scrollWidth > document.documentElement.clientWidth)
      problems.push(`the page scrolls sideways (${document.documentElement.scrollWidth} px wide)`);
    const region = document.querySelector(`section[aria-label="${label}"]`);
    if (!region) return ['no table region'];
    if (region.scrollWidth <= region.clientWidth) problems.push('the widest table does not need to scroll');
    const box = region.getBoundingClientRect();
    const outside = (cell: Element | undefined) => {
      const rect = cell?.getBoundingClientRect();
      return !rect || rect.left < box.left - 1 || rect.right > box.right + 1;
    };
    const check = (where: string, parts: number[]) => {
      for (const row of region.querySelectorAll('tbody tr')) {
        const cells = row.querySelectorAll('td');
        if (cells.length < 2) continue;
        for (const index of parts) {
          if (outside(cells[index]))
            problems.push(`${where}: ${row.textContent?.slice(0, 30)}: cell ${index + 1} is off the table`);
        }
      }
    };
    region.scrollLeft = 0;
    check('scrolled to the start', [0, 1]);
    region.scrollLeft = region.scrollWidth;
    check('scrolled to the end', [0]);
    region.scrollLeft = 0;
    return problems;
  }, caption);
}

describe.each(TABLES)('the $caption column chooser on a 768×1024 tablet', (t) => {
  it('adds every column from the keyboard on screen, keeps name and actions in view, and keeps the choice after a reload', async () => {
    const { page, problems, close } = await openAdminPage(browser, t.path, { viewport: TABLET });
    const table = page.getByRole('table', { name: t.caption, exact: true });
    const headers = () => table.locator('thead th').allTextContents();
    await table.locator('tbody tr:has(td + td)').first().waitFor();
    const defaults = await headers();

    const summary = page.locator('summary', { hasText: 'Columns' });
    await summary.focus();
    await page.keyboard.press('Enter');
    const group = page.getByRole('group', { name: t.group });
    await group.waitFor();
    expect(await panelOffScreen(page, t.group)).toEqual([]);
    expect(await violations(page)).toEqual([]);

    // Tab walks the checkboxes in order and Space ticks each: every optional column is added.
    const options = await group.getByRole('checkbox').count();
    expect(options).toBeGreaterThan(3);
    const offered = await group.locator('label').allTextContents();
    expect(offered).toHaveLength(options);
    for (const name of offered) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.closest('label')?.textContent)).toBe(name);
      await page.keyboard.press('Space');
      await table.getByRole('columnheader', { name, exact: true }).waitFor();
    }
    expect(await headers()).toEqual([...defaults, ...offered]);
    expect(await panelOffScreen(page, t.group)).toEqual([]);
    await page.keyboard.press('Escape');
    await group.waitFor({ state: 'hidden' });
    expect(await summary.evaluate((element) => element === document.activeElement)).toBe(true);

    expect((await headers()).slice(0, 2)).toEqual([...t.firstHeaders]);
    expect(
      await table
        .locator('tbody td')
        .first()
        .evaluate((cell) => getComputedStyle(cell).position),
    ).toBe('sticky');
    expect(await hiddenRowParts(page, t.caption)).toEqual([]);

    // Kept in this browser: after a reload the widest table is back, and still shows name and actions.
    await page.reload();
    await table.locator('tbody tr:has(td + td)').first().waitFor();
    expect(await headers()).toEqual([...defaults, ...offered]);
    expect(await hiddenRowParts(page, t.caption)).toEqual([]);

    // Hiding from the keyboard too: the first optional column goes, and stays gone after a reload.
    await summary.focus();
    await page.keyboard.press('Enter');
    await group.waitFor();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space');
    const [hidden = '', ...kept] = offered;
    await table.getByRole('columnheader', { name: hidden, exact: true }).waitFor({ state: 'detached' });
    await page.reload();
    await table.locator('tbody tr:has(td + td)').first().waitFor();
    expect(await headers()).toEqual([...defaults, ...kept]);
    expect(
      JSON.parse((await page.evaluate((key) => localStorage.getItem(key), t.storageKey)) ?? '[]'),
    ).toHaveLength(options - 1);
    expect(problems).toEqual([]);
    await close();
  });
});
