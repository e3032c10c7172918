import { formatKampalaDate, formatUgx, ugxOrZero } from '@sente/contract';
import { StatusBadge } from '../../../ui/status-badge.tsx';
import type { LoanDetail } from './use-loans.ts';

type Installment = LoanDetail['installments'][number];

function stateOf(
  installment: Installment,
  today: string,
): { label: string; tone: 'green' | 'red' | 'orange' | 'slate' } {
  if (installment.is_paid) return { label: 'Paid', tone: 'green' };
  const paid = ugxOrZero(installment.principal_paid) + ugxOrZero(installment.interest_paid);
  if (installment.due_date < today) return { label: 'Late', tone: 'red' };
  if (paid > 0) return { label: 'Part paid', tone: 'orange' };
  return { label: installment.due_date === today ? 'Due today' : 'To pay', tone: 'slate' };
}

/** Every weekly installment: when it is due, how much, what is paid, and which are late. */
export function ScheduleTable({ loan, today }: { readonly loan: LoanDetail; readonly today: string }) {
  return (
    <table className="w-full text-left text-sm">
      <caption className="sr-only">Repayment schedule of loan {loan.loan_id}</caption>
      <thead className="border-b border-slate-300 text-slate-700 dark:border-slate-600 dark:text-slate-300">
        <tr>
          <th scope="col" className="py-2 pr-2 font-semibold">
            #
          </th>
          <th scope="col" className="py-2 pr-2 font-semibold">
            Due
          </th>
          <th scope="col" className="py-2 pr-2 text-right font-semibold">
            Amount (UGX)
          </th>
          <th scope="col" className="py-2 text-right font-semibold">
            Status
          </th>
        </tr>
      </thead>
      <tbody>
        {loan.installments.map((installment) => {
          const state = stateOf(installment, today);
          const paid = ugxOrZero(installment.principal_paid) + ugxOrZero(installment.interest_paid);
          return (
            <tr key={installment.number} className="border-b border-slate-200 dark:border-slate-800">
              <td className="py-2 pr-2 tabular-nums">{installment.number}</td>
              <td className="py-2 pr-2 whitespace-nowrap">{formatKampalaDate(installment.due_date)}</td>
              <td className="py-2 pr-2 text-right whitespace-nowrap tabular-nums">
                {formatUgx(installment.total_due).replace('UGX ', '')}
              </td>
              <td className="py-2 text-right">
                <span className="flex flex-col items-end gap-0.5">
                  <StatusBadge label={state.label} tone={state.tone} />
                  {paid > 0 && !installment.is_paid ? (
                    <span className="tabular-nums">{formatUgx(paid).replace('UGX ', '')}</span>
                  ) : null}
                </span>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
