import { formatRate, formatUgx, type Participation, parseRate, ugxOrZero } from '@sente/contract';
import { useId } from 'react';
import type { z } from 'zod';
import { serverReason } from '../../../lib/api-error-message.ts';
import { type Column, DataTable } from '../../../ui/data-table.tsx';
import { ErrorBanner } from '../../../ui/error-banner.tsx';
import { LOAN_MESSAGES } from './loan-messages.ts';
import { useLoanParticipations } from './use-loans.ts';

type Share = z.infer<typeof Participation>;

const columns: Column<Share>[] = [
  {
    id: 'lender',
    header: 'Lender',
    cell: (p) => <span className="font-medium whitespace-nowrap">{p.lender_name}</span>,
    csv: (p) => p.lender_name,
  },
  {
    id: 'rate',
    header: 'Rate',
    isNumeric: true,
    cell: (p) => formatRate(parseRate(p.rate) ?? 0),
    csv: (p) => p.rate,
  },
  {
    id: 'share',
    header: 'Principal Share',
    isNumeric: true,
    cell: (p) => formatUgx(p.principal_share),
    csv: (p) => ugxOrZero(p.principal_share),
  },
  {
    id: 'repaid',
    header: 'Principal Repaid',
    isNumeric: true,
    cell: (p) => formatUgx(p.principal_repaid),
    csv: (p) => ugxOrZero(p.principal_repaid),
  },
  {
    id: 'interest',
    header: 'Interest Paid',
    isNumeric: true,
    cell: (p) => formatUgx(p.interest_paid),
    csv: (p) => ugxOrZero(p.interest_paid),
  },
  {
    id: 'fees',
    header: 'Fees Paid',
    isNumeric: true,
    cell: (p) => formatUgx(p.fees_paid),
    csv: (p) => ugxOrZero(p.fees_paid),
  },
  {
    id: 'outstanding',
    header: 'Principal Outstanding',
    isNumeric: true,
    cell: (p) => formatUgx(p.principal_outstanding),
    csv: (p) => ugxOrZero(p.principal_outstanding),
  },
];

/** Who funded one loan and what each share has had back (docs/marketplace.md, repay). */
export function ParticipationsSection({
  loanId,
  headingLevel = 3,
}: {
  readonly loanId: number;
  /** 2 on the loan's own page, where it is one of the page's sections. */
  readonly headingLevel?: 2 | 3;
}) {
  const headingId = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const query = useLoanParticipations(loanId);
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <Heading id={headingId} className="text-lg font-semibold text-slate-900 dark:text-white">
        Participations
      </Heading>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        Who funded this loan. A loan the platform funded itself has one share, Sente's.
      </p>
      {query.isError ? (
        <ErrorBanner
          message={LOAN_MESSAGES.participationsFailed}
          reason={serverReason(query.error)}
          onRetry={() => void query.refetch()}
        />
      ) : null}
      <DataTable
        caption="Participations"
        columns={columns}
        rows={query.data ?? []}
        rowKey={(p) => p.id}
        isLoading={query.isPending}
        exportName={`loan-${loanId}-participations`}
      />
    </section>
  );
}
