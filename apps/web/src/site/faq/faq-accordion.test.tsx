import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { faqItems } from '../content/faq.ts';
import { FaqAccordion } from './faq-accordion.tsx';

const [first, second] = faqItems;
if (!first || !second) throw new Error('the FAQ needs at least two items');

const questionButton = (question: string) => screen.getByRole('button', { name: question });

describe('FaqAccordion', () => {
  it('starts with every answer closed', () => {
    render(<FaqAccordion items={faqItems} />);
    for (const item of faqItems)
      expect(questionButton(item.question).getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('region')).toBeNull();
  });

  it('opens one answer at a time', () => {
    render(<FaqAccordion items={faqItems} />);
    act(() => questionButton(first.question).click());
    expect(screen.getByRole('region', { name: first.question }).textContent).toBe(first.answer);

    act(() => questionButton(second.question).click());
    expect(questionButton(first.question).getAttribute('aria-expanded')).toBe('false');
    expect(questionButton(second.question).getAttribute('aria-expanded')).toBe('true');
    expect(screen.getAllByRole('region')).toHaveLength(1);
  });

  it('closes the open answer when its question is clicked again', () => {
    render(<FaqAccordion items={faqItems} />);
    act(() => questionButton(first.question).click());
    act(() => questionButton(first.question).click());
    expect(questionButton(first.question).getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('region')).toBeNull();
  });

  it('holds eight questions in the six categories of the spec', () => {
    expect(faqItems).toHaveLength(8);
    expect(new Set(faqItems.map((item) => item.category))).toEqual(
      new Set(['Eligibility', 'Application', 'Loan Details', 'Funding', 'Process', 'Repayment']),
    );
  });
});
