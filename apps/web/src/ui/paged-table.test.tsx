import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Paging } from '../lib/use-url-paging.ts';
import type { Column } from './data-table.tsx';
import { type PagedList, PagedTable } from './paged-table.tsx';

interface Row {
  readonly id: number;
  readonly name: string;
}

const columns: Column<Row>[] = [{ id: 'name', header: 'Name', cell: (r) => r.name }];

function renderTable(list: PagedList<Row>, paging: Partial<Paging> = {}) {
  return render(
    <PagedTable
      caption="Loans"
      pagerLabel="Loans pages"
      columns={columns}
      rowKey={(r) => r.id}
      list={list}
      paging={{ page: 2, pageSize: 10, onPageChange: vi.fn(), onPageSizeChange: vi.fn(), ...paging }}
    />,
  );
}

const loaded = {
  isPending: false,
  isError: false,
  data: { results: [{ id: 1, name: 'Akello' }], count: 25 },
};

describe('PagedTable', () => {
  it('shows the page, how many of all it shows and a pager over every page', () => {
    renderTable(loaded);
    expect(screen.getByRole('cell', { name: 'Akello' })).toBeTruthy();
    expect(screen.getByText('Showing 1 of 25 entries')).toBeTruthy();
    const pager = screen.getByRole('navigation', { name: 'Loans pages' });
    expect(within(pager).getByRole('button', { name: 'Page 3' })).toBeTruthy();
    expect(within(pager).getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');
  });

  it('says when a search or filter matched more than the server counts, and how to see the rest', () => {
    renderTable({ ...loaded, data: { ...loaded.data, count: 1000, count_capped: true } });
    expect(
      screen.getByText('Showing 1 of more than 1,000 entries: narrow the search or filters to see the rest'),
    ).toBeTruthy();
    const pager = screen.getByRole('navigation', { name: 'Loans pages' });
    expect(within(pager).getByRole('button', { name: 'Page 100' })).toBeTruthy();
  });

  it('asks for another page and another page size', () => {
    const onPageChange = vi.fn();
    const onPageSizeChange = vi.fn();
    renderTable(loaded, { onPageChange, onPageSizeChange });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    fireEvent.change(screen.getByLabelText('Rows per page'), { target: { value: '50' } });
    expect(onPageChange).toHaveBeenCalledWith(3);
    expect(onPageSizeChange).toHaveBeenCalledWith(50);
  });

  it('shows Loading... until the first page arrives', () => {
    renderTable({ isPending: true, isError: false, data: undefined });
    expect(screen.getByRole('status').textContent).toBe('Loading...');
    expect(screen.getByRole('table').getAttribute('aria-busy')).toBe('true');
  });

  it('empties the table and the count when the load fails, never keeping the last rows', () => {
    renderTable({ ...loaded, isError: true });
    expect(screen.queryByRole('cell', { name: 'Akello' })).toBeNull();
    expect(screen.getByText('No data available')).toBeTruthy();
    expect(screen.getByText('Showing 0 of 0 entries')).toBeTruthy();
  });
});
