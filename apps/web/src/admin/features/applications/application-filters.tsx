import type { ApplicationOrdering } from '@sente/contract';
import { type FormEvent, useEffect, useState } from 'react';
import type { UrlState } from '../../../lib/use-url-state.ts';
import { Button } from '../../../ui/button.tsx';
import { TextField } from '../../../ui/field.tsx';
import { SearchField } from '../../../ui/search-field.tsx';
import { SelectField } from '../../../ui/select-field.tsx';

/** The sorts the server offers (each has its index), in words. */
export const SORTS: readonly { value: ApplicationOrdering; label: string }[] = [
  { value: '-created_at', label: 'Newest first' },
  { value: 'created_at', label: 'Oldest first' },
  { value: '-amount_requested', label: 'Amount, largest first' },
  { value: 'amount_requested', label: 'Amount, smallest first' },
  { value: 'business_name', label: 'Business, A to Z' },
  { value: '-business_name', label: 'Business, Z to A' },
  { value: '-loan_term', label: 'Term, longest first' },
  { value: 'loan_term', label: 'Term, shortest first' },
  { value: '-credit_score', label: 'Score, highest first' },
  { value: 'credit_score', label: 'Score, lowest first' },
];

/** URL keys of the range filters, each a field of the form. */
const RANGE_FIELDS = [
  { key: 'submitted_from', label: 'Submitted from', type: 'date' },
  { key: 'submitted_to', label: 'Submitted to', type: 'date' },
  { key: 'amount_min', label: 'Amount from (UGX)', type: 'amount' },
  { key: 'amount_max', label: 'Amount to (UGX)', type: 'amount' },
  { key: 'score_min', label: 'Score from', type: 'score' },
  { key: 'score_max', label: 'Score to', type: 'score' },
] as const;
export type RangeKey = (typeof RANGE_FIELDS)[number]['key'];
export const RANGE_KEYS: readonly RangeKey[] = RANGE_FIELDS.map((field) => field.key);

function rangesIn(url: UrlState): Record<RangeKey, string> {
  return Object.fromEntries(RANGE_KEYS.map((key) => [key, url.text(key)])) as Record<RangeKey, string>;
}

/**
 * Search, status, sort and the range filters of the worklist. Search and selects apply at once (the
 * search after typing pauses); the ranges apply together with Apply, so a half-typed amount never
 * asks the server.
 */
export function ApplicationFilters({
  url,
  status,
  ordering,
  searchInput,
  onSearchInput,
}: {
  readonly url: UrlState;
  readonly status: string;
  readonly ordering: ApplicationOrdering;
  readonly searchInput: string;
  readonly onSearchInput: (value: string) => void;
}) {
  const applied = rangesIn(url);
  const appliedKey = JSON.stringify(applied);
  const [draft, setDraft] = useState(applied);
  // The form follows the URL (back button, Clear filters); the key changes only when the URL does.
  useEffect(() => setDraft(JSON.parse(appliedKey)), [appliedKey]);
  const activeRanges = RANGE_KEYS.filter((key) => applied[key] !== '').length;

  const onApply = (event: FormEvent) => {
    event.preventDefault();
    url.update(Object.fromEntries(RANGE_KEYS.map((key) => [key, draft[key].replace(/[\s,]/g, '')])));
  };

  return (
    <div className="flex w-full flex-col gap-3">
      <div className="flex flex-wrap items-end gap-3">
        <SearchField
          label="Search applications"
          placeholder="Applicant, business or NIN"
          value={searchInput}
          onChange={onSearchInput}
          className="w-full sm:w-72"
        />
        <SelectField
          label="Status"
          value={status}
          onChange={(event) => url.update({ status: event.target.value, awaiting: null })}
          options={[
            { value: '', label: 'All statuses' },
            { value: 'PENDING', label: 'Pending' },
            { value: 'APPROVED', label: 'Approved' },
            { value: 'REJECTED', label: 'Rejected' },
          ]}
        />
        <SelectField
          label="Sort by"
          value={ordering}
          onChange={(event) => url.update({ ordering: event.target.value })}
          options={SORTS}
        />
      </div>
      <details
        className="rounded-lg border border-slate-200 px-3 py-2 dark:border-slate-700"
        open={activeRanges > 0}
      >
        <summary className="cursor-pointer text-sm font-medium">
          More filters{activeRanges > 0 ? ` (${activeRanges} on)` : ''}
        </summary>
        <form onSubmit={onApply} className="mt-3 flex flex-col gap-3">
          <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {RANGE_FIELDS.map((field) => (
              <TextField
                key={field.key}
                label={field.label}
                type={field.type === 'date' ? 'date' : 'text'}
                inputMode={field.type === 'date' ? undefined : 'numeric'}
                value={draft[field.key]}
                onChange={(event) => setDraft({ ...draft, [field.key]: event.target.value })}
              />
            ))}
          </div>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" size="sm">
              Apply filters
            </Button>
            <Button
              type="button"
              size="sm"
              variant="secondary"
              onClick={() => url.update(Object.fromEntries(RANGE_KEYS.map((key) => [key, null])))}
            >
              Clear filters
            </Button>
          </div>
        </form>
      </details>
    </div>
  );
}
