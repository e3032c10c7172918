import { describe, expect, it } from 'vitest';
import { clampPage, type PageItem, pageWindow, totalPagesOf } from './page-window.ts';

const show = (items: PageItem[]) => items.map((item) => (item.kind === 'page' ? item.page : '…')).join(' ');

describe('pageWindow', () => {
  it('lists every page when there are five or fewer', () => {
    expect(show(pageWindow(1, 1))).toBe('1');
    expect(show(pageWindow(3, 5))).toBe('1 2 3 4 5');
  });

  it('centres five pages on the current one with first and last shortcuts and ellipses', () => {
    expect(show(pageWindow(10, 20))).toBe('1 … 8 9 10 11 12 … 20');
  });

  it('slides the window against the edges', () => {
    expect(show(pageWindow(1, 20))).toBe('1 2 3 4 5 … 20');
    expect(show(pageWindow(2, 20))).toBe('1 2 3 4 5 … 20');
    expect(show(pageWindow(20, 20))).toBe('1 … 16 17 18 19 20');
  });

  it('leaves out an ellipsis where no page is skipped', () => {
    expect(show(pageWindow(4, 7))).toBe('1 2 3 4 5 6 7');
    expect(show(pageWindow(5, 8))).toBe('1 … 3 4 5 6 7 8');
    expect(show(pageWindow(4, 8))).toBe('1 2 3 4 5 6 … 8');
  });

  it('never shows more than five numbers besides the two shortcuts', () => {
    for (let total = 1; total <= 30; total += 1) {
      for (let page = 1; page <= total; page += 1) {
        const numbers = pageWindow(page, total).filter((item) => item.kind === 'page');
        expect(numbers.length).toBeLessThanOrEqual(7);
        expect(numbers.some((item) => item.kind === 'page' && item.page === page)).toBe(true);
      }
    }
  });
});

describe('clampPage and totalPagesOf', () => {
  it('keeps pages inside 1..total', () => {
    expect(clampPage(0, 5)).toBe(1);
    expect(clampPage(-3, 5)).toBe(1);
    expect(clampPage(9, 5)).toBe(5);
    expect(clampPage(Number.NaN, 5)).toBe(1);
    expect(clampPage(3, 0)).toBe(1);
  });

  it('counts pages by rounding up, with at least one page', () => {
    expect(totalPagesOf(0, 10)).toBe(1);
    expect(totalPagesOf(10, 10)).toBe(1);
    expect(totalPagesOf(11, 10)).toBe(2);
    expect(totalPagesOf(101, 25)).toBe(5);
  });
});
