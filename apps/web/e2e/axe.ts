import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/** WCAG 2.2 AA as axe tags its rules: what every screen is checked against. */
export const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'] as const;

/** The page's axe violations, one line each: the rule and the elements it found. Empty when none. */
export async function axeViolations(page: Page, tags: readonly string[] = WCAG_22_AA): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags([...tags]).analyze();
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
