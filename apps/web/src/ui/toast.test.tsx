import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOAST_SECONDS, type ToastInput, ToastProvider, useToast } from './toast.tsx';

function Trigger({ toasts }: { readonly toasts: readonly ToastInput[] }) {
  const toast = useToast();
  return (
    <button
      type="button"
      onClick={() => {
        for (const each of toasts) toast.show(each);
      }}
    >
      Act
    </button>
  );
}

function renderWith(toasts: readonly ToastInput[]) {
  render(
    <MemoryRouter>
      <ToastProvider>
        <Trigger toasts={toasts} />
      </ToastProvider>
    </MemoryRouter>,
  );
  const button = screen.getByRole('button', { name: 'Act' });
  button.focus();
  fireEvent.click(button);
  return within(screen.getByRole('status', { name: 'Notifications' }));
}

describe('Toasts', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('announces what happened in a live region that was on the page before, with a link onwards, leaving focus where it was', () => {
    const region = renderWith([
      { message: 'Loan SL-2026-000041 created.', link: { label: 'View loan', to: '/dashboard/loans/41' } },
    ]);
    expect(region.getByText(/Loan SL-2026-000041 created\./)).toBeTruthy();
    expect(region.getByRole('link', { name: 'View loan' }).getAttribute('href')).toBe('/dashboard/loans/41');
    expect(screen.getByRole('button', { name: 'Act' })).toBe(document.activeElement);
  });

  it(`goes after ${TOAST_SECONDS} seconds, but not while the pointer or focus is on it`, () => {
    const region = renderWith([{ message: 'Saved.' }]);
    fireEvent.mouseEnter(region.getByText('Saved.'));
    act(() => vi.advanceTimersByTime(TOAST_SECONDS * 3000));
    expect(region.queryByText('Saved.')).toBeTruthy();
    fireEvent.mouseLeave(region.getByText('Saved.'));
    act(() => vi.advanceTimersByTime(TOAST_SECONDS * 1000 - 1));
    expect(region.queryByText('Saved.')).toBeTruthy();
    act(() => vi.advanceTimersByTime(1));
    expect(region.queryByText('Saved.')).toBeNull();
  });

  it('closes with its Dismiss button and keeps only the three newest', () => {
    const region = renderWith([1, 2, 3, 4].map((n) => ({ message: `Action ${n} done.` })));
    expect(region.queryByText('Action 1 done.')).toBeNull();
    expect(region.getAllByRole('button', { name: 'Dismiss notification' })).toHaveLength(3);
    fireEvent.click(region.getAllByRole('button', { name: 'Dismiss notification' })[0] as HTMLElement);
    expect(region.queryByText('Action 2 done.')).toBeNull();
    expect(region.getByText('Action 4 done.')).toBeTruthy();
  });
});
