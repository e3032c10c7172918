import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { type UrlState, useUrlState } from './use-url-state.ts';

/** The hook's state of each render, the first render's kept apart: what a stale handler holds. */
const seen: UrlState[] = [];

function Probe() {
  const state = useUrlState({ ordering: '-created_at' });
  seen.push(state);
  const location = useLocation();
  return (
    <>
      <output data-testid="search">{location.search}</output>
      <output data-testid="bucket">{state.text('bucket')}</output>
      <button type="button" onClick={() => state.update({ ordering: 'amount' })}>
        Sort by amount
      </button>
      <button type="button" onClick={() => state.update({ page: 3 })}>
        Page 3
      </button>
      <button
        type="button"
        onClick={() => state.update({ ordering: '-created_at', q: '' }, { replace: true })}
      >
        Reset
      </button>
    </>
  );
}

function renderAt(entry: string) {
  seen.length = 0;
  const router = createMemoryRouter(
    [
      { path: '/loans', element: <Probe /> },
      { path: '/users', element: <p>Users</p> },
    ],
    { initialEntries: ['/elsewhere', entry], initialIndex: 1 },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('useUrlState', () => {
  it('sets a parameter and puts the page back to 1; a page change keeps the rest', () => {
    renderAt('/loans?status=ACTIVE&page=2');
    fireEvent.click(screen.getByRole('button', { name: 'Sort by amount' }));
    expect(screen.getByTestId('search').textContent).toBe('?status=ACTIVE&ordering=amount');
    fireEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(screen.getByTestId('search').textContent).toBe('?status=ACTIVE&ordering=amount&page=3');
  });

  it('removes empty values and defaults, and replaces the entry when asked', () => {
    const router = renderAt('/loans?ordering=amount&q=nakato');
    fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
    expect(screen.getByTestId('search').textContent).toBe('');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('builds on the URL as it is now: a change made before the page re-rendered after a link keeps what the link set', async () => {
    const router = renderAt('/loans?ordering=-amount');
    const stale = seen[0] as UrlState;
    // A bucket link is followed; the handler that runs next still holds the render before it.
    await act(() => router.navigate('/loans?bucket=90%2B'));
    expect(screen.getByTestId('bucket').textContent).toBe('90+');
    act(() => stale.update({ ordering: 'amount' }));
    expect(router.state.location.search).toBe('?bucket=90%2B&ordering=amount');
  });

  it('drops a change from a page that has been left since', async () => {
    const router = renderAt('/loans?ordering=-amount');
    const stale = seen[0] as UrlState;
    await act(() => router.navigate('/users'));
    act(() => stale.update({ ordering: 'amount' }));
    expect(router.state.location.pathname).toBe('/users');
    expect(router.state.location.search).toBe('');
  });
});
