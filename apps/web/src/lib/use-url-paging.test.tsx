import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useUrlPaging } from './use-url-paging.ts';

function Probe() {
  const paging = useUrlPaging();
  const location = useLocation();
  return (
    <>
      <output data-testid="paging">{`${paging.page}/${paging.pageSize}`}</output>
      <output data-testid="search">{location.search}</output>
      <button type="button" onClick={() => paging.onPageChange(4)}>
        Page 4
      </button>
      <button type="button" onClick={() => paging.onPageSizeChange(25)}>
        25 rows
      </button>
      <button type="button" onClick={() => paging.onPageSizeChange(10)}>
        10 rows
      </button>
    </>
  );
}

function renderAt(search: string) {
  const router = createMemoryRouter([{ path: '/', element: <Probe /> }], {
    initialEntries: [`/${search}`],
  });
  render(<RouterProvider router={router} />);
}

describe('useUrlPaging', () => {
  it('reads the page and page size from the URL', () => {
    renderAt('?page=3&page_size=50');
    expect(screen.getByTestId('paging').textContent).toBe('3/50');
  });

  it('falls back to 10 rows for a page size the pager does not offer', () => {
    renderAt('?page_size=7');
    expect(screen.getByTestId('paging').textContent).toBe('1/10');
  });

  it('keeps a new page in the URL, and a new size back on page 1 with 10 left out', () => {
    renderAt('?status=PENDING');
    fireEvent.click(screen.getByRole('button', { name: 'Page 4' }));
    expect(screen.getByTestId('search').textContent).toBe('?status=PENDING&page=4');
    fireEvent.click(screen.getByRole('button', { name: '25 rows' }));
    expect(screen.getByTestId('search').textContent).toBe('?status=PENDING&page_size=25');
    fireEvent.click(screen.getByRole('button', { name: '10 rows' }));
    expect(screen.getByTestId('search').textContent).toBe('?status=PENDING');
  });
});
