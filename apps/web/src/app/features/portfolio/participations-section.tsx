import { formatKampalaDate, formatUgx, type LenderParticipation } from '@sente/contract';
import type { z } from 'zod';
import { useUrlState } from '../../../lib/use-url-state.ts';
import { Card } from '../../../ui/card.tsx';
import { Pager } from '../../../ui/pager.tsx';
import { SelectField } from '../../../ui/select-field.tsx';
import { StatusBadge, toneOfStatus } from '../../../ui/status-badge.tsx';
import { QueryState } from '../../shell/query-state.tsx';
import {
  PARTICIPATION_STATUSES,
  PARTICIPATIONS_PAGE_SIZE,
  type ParticipationStatus,
  useParticipations,
} from './use-portfolio.ts';

type Share = z.infer<typeof LenderParticipation>;

const STATUS_NAMES: Readonly<Record<ParticipationStatus, string>> = {
  ACTIVE: 'Active',
  OVERDUE: 'Overdue',
  DEFAULT: 'In default',
  FULLY_PAID: 'Fully paid',
};

const FILTERS = [
  { value: '', label: 'All loans' },
  ...PARTICIPATION_STATUSES.map((status) => ({ value: status, label: STATUS_NAMES[status] })),
];

/** The lender's shares of loans, filtered by status and paged; both kept in the URL. */
export function ParticipationsSection() {
  const url = useUrlState();
  const status = url.oneOf('status', [...PARTICIPATION_STATUSES, ''], '') || null;
  const page = url.int('page', 1);
  const shares = useParticipations(status, page);

  return (
    <section aria-labelledby="shares-title" className="flex flex-col gap-3">
      <h2 id="shares-title" className="text-lg font-bold">
        Your loans
      </h2>
      <SelectField
        label="Show"
        options={FILTERS}
        value={status ?? ''}
        onChange={(event) => url.update({ status: event.target.value }, { replace: true })}
        className="sm:max-w-xs"
      />
      <QueryState query={shares} label="your loans">
        {(data) => {
          const totalPages = Math.max(1, Math.ceil(data.count / PARTICIPATIONS_PAGE_SIZE));
          return (
            <div className="flex flex-col gap-3" aria-busy={shares.isPlaceholderData}>
              <p role="status" className="text-sm text-slate-700 dark:text-slate-300">
                {data.count === 0
                  ? status
                    ? `No loans that are ${STATUS_NAMES[status].toLowerCase()}.`
                    : 'You have not funded a loan yet. Your bids that win become loans here.'
                  : `${data.count} ${data.count === 1 ? 'loan' : 'loans'}${totalPages > 1 ? `, page ${page} of ${totalPages}` : ''}.`}
              </p>
              <ul className="flex flex-col gap-3">
                {data.results.map((share) => (
                  <li key={share.id}>
                    <ShareCard share={share} />
                  </li>
                ))}
              </ul>
              {totalPages > 1 ? (
                <Pager
                  page={page}
                  totalPages={totalPages}
                  onPageChange={(next) => url.update({ page: next })}
                  label="Pages of your loans"
                />
              ) : null}
            </div>
          );
        }}
      </QueryState>
    </section>
  );
}

function ShareCard({ share }: { readonly share: Share }) {
  const facts: [string, string][] = [
    ['Your share', formatUgx(share.share)],
    ['Principal outstanding', formatUgx(share.principal_outstanding)],
    ['Interest before fee', formatUgx(share.interest_earned)],
    ['Rate', `${share.rate}% a month`],
    ['Next due', share.next_due_date ? formatKampalaDate(share.next_due_date) : 'Nothing due'],
  ];
  if (share.days_in_arrears > 0) {
    facts.push(['Late by', `${share.days_in_arrears} ${share.days_in_arrears === 1 ? 'day' : 'days'}`]);
  }
  return (
    <Card className="flex flex-col gap-2 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold">Loan {share.loan_ref}</h3>
        <StatusBadge label={STATUS_NAMES[share.status]} tone={toneOfStatus(share.status)} />
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        {facts.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="text-slate-700 dark:text-slate-300">{term}</dt>
            <dd className="text-right font-medium tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}
