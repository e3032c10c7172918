import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Pager } from './pager.tsx';

function pageButtons() {
  return within(screen.getByRole('navigation', { name: 'Pagination' }))
    .getAllByRole('button')
    .map((button) => button.textContent);
}

describe('Pager', () => {
  it('shows Previous, the first page, an ellipsis, five pages, an ellipsis, the last page and Next', () => {
    render(<Pager page={10} totalPages={20} onPageChange={() => {}} />);
    expect(pageButtons()).toEqual(['Previous', '1', '8', '9', '10', '11', '12', '20', 'Next']);
    expect(screen.getAllByText('…')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Page 10' }).getAttribute('aria-current')).toBe('page');
  });

  it('asks for the page that was clicked, the previous and the next page', () => {
    const onPageChange = vi.fn();
    render(<Pager page={10} totalPages={20} onPageChange={onPageChange} />);
    fireEvent.click(screen.getByRole('button', { name: 'Page 20' }));
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    fireEvent.click(screen.getByRole('button', { name: 'Page 1' }));
    expect(onPageChange.mock.calls).toEqual([[20], [9], [11], [1]]);
  });

  it('disables Previous on the first page and Next on the last, and never leaves 1..total', () => {
    const onPageChange = vi.fn();
    const { rerender } = render(<Pager page={1} totalPages={3} onPageChange={onPageChange} />);
    const previous = screen.getByRole('button', { name: 'Previous' });
    expect(previous.hasAttribute('disabled')).toBe(true);
    fireEvent.click(previous);
    fireEvent.click(screen.getByRole('button', { name: 'Page 1' }));
    expect(onPageChange).not.toHaveBeenCalled();

    rerender(<Pager page={3} totalPages={3} onPageChange={onPageChange} />);
    expect(screen.getByRole('button', { name: 'Next' }).hasAttribute('disabled')).toBe(true);

    // A page past the end (e.g. after a delete) is shown as the last page.
    rerender(<Pager page={9} totalPages={3} onPageChange={onPageChange} />);
    expect(screen.getByRole('button', { name: 'Page 3' }).getAttribute('aria-current')).toBe('page');
  });

  it('offers only Previous and Next in the simple form, Next following hasNext', () => {
    const onPageChange = vi.fn();
    const { rerender } = render(
      <Pager
        page={2}
        totalPages={0}
        isSimple
        hasNext
        onPageChange={onPageChange}
        label="Transactions pages"
      />,
    );
    const nav = screen.getByRole('navigation', { name: 'Transactions pages' });
    expect(
      within(nav)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Previous', 'Next']);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onPageChange).toHaveBeenCalledWith(3);
    rerender(
      <Pager
        page={2}
        totalPages={0}
        isSimple
        hasNext={false}
        onPageChange={onPageChange}
        label="Transactions pages"
      />,
    );
    expect(screen.getByRole('button', { name: 'Next' }).hasAttribute('disabled')).toBe(true);
  });
});
