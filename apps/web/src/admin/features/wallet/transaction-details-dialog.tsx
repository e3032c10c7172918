import {
  formatKampalaDateTime,
  formatPlatformAmount,
  isMoneyIn,
  type PlatformTransaction,
} from '@sente/contract';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { Button } from '../../../ui/button.tsx';
import { Dialog } from '../../../ui/dialog.tsx';
import { StatusBadge, toneOfStatus } from '../../../ui/status-badge.tsx';
import { textLinkClass } from '../../../ui/text-link.ts';
import { STATUS_LABELS, TYPE_LABELS } from './transaction-messages.ts';

/** View Details as a dialog with the fields the spec's alert listed, and a few more (decisions.md). */
export function TransactionDetailsDialog({
  transaction: t,
  onClose,
}: {
  readonly transaction: PlatformTransaction | null;
  readonly onClose: () => void;
}) {
  const rows: ReadonlyArray<readonly [string, React.ReactNode]> = t
    ? [
        ['ID', t.id],
        [
          'Reference',
          <span key="ref" className="font-mono break-all">
            {t.reference_id}
          </span>,
        ],
        ['User', `${t.user_name} (${t.user_email})`],
        [
          'Amount',
          `${formatPlatformAmount(t.amount, t.type)} (${isMoneyIn(t.type) ? 'money in' : 'money out'})`,
        ],
        [
          'Status',
          <StatusBadge
            key="status"
            label={STATUS_LABELS[t.status] ?? t.status}
            tone={toneOfStatus(t.status)}
          />,
        ],
        ['Description', t.description],
        ['Type', TYPE_LABELS[t.type] ?? t.type],
        [
          'Loan',
          t.loan_id ? (
            <Link key="loan" to={paths.loan(t.loan_id)} className={`${textLinkClass} font-mono`}>
              {t.loan_ref ?? `Loan ${t.loan_id}`}
            </Link>
          ) : (
            '—'
          ),
        ],
        ['Provider', t.provider],
        ['Provider reference', t.provider_reference ?? '—'],
        ['Phone number', t.phone_number],
        ['Created', formatKampalaDateTime(t.created_at)],
        ['Completed', formatKampalaDateTime(t.completed_at)],
        ...(t.failure_reason ? ([['Failure reason', t.failure_reason]] as const) : []),
      ]
    : [];
  return (
    <Dialog
      isOpen={t !== null}
      title="Transaction details"
      onClose={onClose}
      footer={<Button onClick={onClose}>Close</Button>}
    >
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-medium text-slate-600 dark:text-slate-300">{label}</dt>
            <dd className="text-slate-900 dark:text-white">{value}</dd>
          </div>
        ))}
      </dl>
    </Dialog>
  );
}
