import { ARREARS_BUCKETS, type LoanOrdering } from '@sente/contract';
import { type FormEvent, useEffect, useState } from 'react';
import { useUrlSearch } from '../../../lib/use-url-search.ts';
import type { UrlState } from '../../../lib/use-url-state.ts';
import { Button } from '../../../ui/button.tsx';
import { TextField } from '../../../ui/field.tsx';
import { SearchField } from '../../../ui/search-field.tsx';
import { SelectField } from '../../../ui/select-field.tsx';
import type { LoanListFilters } from './use-loans.ts';

export const ARREARS_BUCKET_LABELS: Record<(typeof ARREARS_BUCKETS)[number], string> = {
  '1-30': '1–30 days',
  '31-60': '31–60 days',
  '61-90': '61–90 days',
  '90+': 'Over 90 days',
};

const SORT_LABELS: Record<LoanOrdering, string> = {
  '-opening_date': 'Newest first',
  opening_date: 'Oldest first',
  '-amount': 'Largest amount',
  amount: 'Smallest amount',
  next_due: 'Next due, soonest',
  '-next_due': 'Next due, latest',
  '-days_in_arrears': 'Most days in arrears',
  days_in_arrears: 'Fewest days in arrears',
};

/** The worklist's filters and sort, read from the URL (`?search=&status=&arrears=&ordering=…`). */
export function useLoanFilters(
  url: UrlState,
): LoanListFilters & { readonly searchInput: string; readonly setSearchInput: (value: string) => void } {
  const { search, input, setInput } = useUrlSearch(url);
  return {
    search,
    searchInput: input,
    setSearchInput: setInput,
    status: url.oneOf('status', ['ACTIVE', 'OVERDUE', 'DEFAULT', 'FULLY_PAID', ''], ''),
    arrears: url.oneOf('arrears', [...ARREARS_BUCKETS, ''], ''),
    nextDueFrom: url.text('next_due_from'),
    nextDueTo: url.text('next_due_to'),
    amountMin: url.text('amount_min'),
    amountMax: url.text('amount_max'),
    ordering: url.oneOf('ordering', Object.keys(SORT_LABELS) as LoanOrdering[], '-opening_date'),
  };
}

/**
 * An amount typed into the URL when the admin leaves the field or presses Enter, not per keystroke
 * (each change asks the server again).
 */
function AmountField({
  label,
  value,
  onCommit,
}: {
  readonly label: string;
  readonly value: string;
  readonly onCommit: (value: string) => void;
}) {
  const [draft, setDraft] = useState(value);
  useEffect(() => setDraft(value), [value]);
  const commit = () => {
    if (draft.trim() !== value) onCommit(draft.trim());
  };
  return (
    <TextField
      label={label}
      type="number"
      inputMode="numeric"
      min={1}
      step={1}
      value={draft}
      onChange={(event) => setDraft(event.target.value)}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit();
      }}
    />
  );
}

export function LoanFilters({
  url,
  filters,
}: {
  readonly url: UrlState;
  readonly filters: ReturnType<typeof useLoanFilters>;
}) {
  const isFiltered =
    filters.search ||
    filters.status ||
    filters.arrears ||
    filters.nextDueFrom ||
    filters.nextDueTo ||
    filters.amountMin ||
    filters.amountMax;
  const clear = (event: FormEvent) => {
    event.preventDefault();
    filters.setSearchInput('');
    url.update({
      search: null,
      status: null,
      arrears: null,
      next_due_from: null,
      next_due_to: null,
      amount_min: null,
      amount_max: null,
    });
  };
  return (
    <form
      aria-label="Loan filters"
      onSubmit={clear}
      className="grid grid-cols-1 items-end gap-3 sm:grid-cols-2 lg:grid-cols-4"
    >
      <div className="flex flex-col gap-1.5 sm:col-span-2">
        <span className="text-sm font-medium text-slate-800 dark:text-slate-200" aria-hidden="true">
          Search
        </span>
        <SearchField
          label="Search loans"
          placeholder="Loan reference, name or phone..."
          value={filters.searchInput}
          onChange={filters.setSearchInput}
        />
      </div>
      <SelectField
        label="Status"
        value={filters.status}
        onChange={(event) => url.update({ status: event.target.value })}
        options={[
          { value: '', label: 'All statuses' },
          { value: 'ACTIVE', label: 'Active' },
          { value: 'OVERDUE', label: 'Overdue' },
          { value: 'DEFAULT', label: 'Default' },
          { value: 'FULLY_PAID', label: 'Fully paid' },
        ]}
      />
      <SelectField
        label="Days in arrears"
        value={filters.arrears}
        onChange={(event) => url.update({ arrears: event.target.value })}
        options={[
          { value: '', label: 'Any' },
          ...ARREARS_BUCKETS.map((bucket) => ({ value: bucket, label: ARREARS_BUCKET_LABELS[bucket] })),
        ]}
      />
      <TextField
        label="Next due from"
        type="date"
        value={filters.nextDueFrom}
        onChange={(event) => url.update({ next_due_from: event.target.value })}
      />
      <TextField
        label="Next due to"
        type="date"
        value={filters.nextDueTo}
        onChange={(event) => url.update({ next_due_to: event.target.value })}
      />
      <AmountField
        label="Amount from (UGX)"
        value={filters.amountMin}
        onCommit={(value) => url.update({ amount_min: value })}
      />
      <AmountField
        label="Amount to (UGX)"
        value={filters.amountMax}
        onCommit={(value) => url.update({ amount_max: value })}
      />
      <SelectField
        label="Sort by"
        value={filters.ordering}
        onChange={(event) => url.update({ ordering: event.target.value })}
        options={(Object.keys(SORT_LABELS) as LoanOrdering[]).map((key) => ({
          value: key,
          label: SORT_LABELS[key],
        }))}
      />
      {isFiltered ? (
        <Button type="submit" variant="secondary">
          Clear filters
        </Button>
      ) : null}
    </form>
  );
}
