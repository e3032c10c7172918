import { formatKampalaDateTime, formatSignedUgx, formatUgx, type PlatformTransaction } from '@sente/contract';
import { Button } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { StatusBadge, toneOfStatus } from '../../../ui/status-badge.tsx';
import { QueryState } from '../../shell/query-state.tsx';
import { paymentFailureText } from '../payments/payment-failure.ts';
import { useWalletHistory } from './use-wallet.ts';

const TYPE_NAMES: Readonly<Record<PlatformTransaction['type'], string>> = {
  DEPOSIT: 'Deposit',
  WITHDRAWAL: 'Withdrawal',
  DISBURSEMENT: 'Loan received',
  REPAYMENT: 'Repayment',
};

const STATUS_NAMES: Readonly<Record<PlatformTransaction['status'], string>> = {
  PENDING: 'In progress',
  PROCESSING: 'In progress',
  COMPLETED: 'Done',
  FAILED: 'Failed',
};

/** The person's deposits and withdrawals, newest first, with Show older. */
export function WalletHistory({ userId }: { readonly userId: number }) {
  const history = useWalletHistory(userId);
  return (
    <section aria-labelledby="history-title" className="flex flex-col gap-3">
      <h2 id="history-title" className="text-lg font-bold">
        History
      </h2>
      <QueryState query={history} label="your deposits and withdrawals">
        {(data) => {
          const items = data.pages.flatMap((page) => page.results);
          if (items.length === 0) return <p>No deposits or withdrawals yet.</p>;
          return (
            <>
              <ul className="flex flex-col gap-3">
                {items.map((item) => (
                  <li key={item.id}>
                    <Card className="flex flex-col gap-1 p-4">
                      <div className="flex flex-wrap items-center justify-between gap-2">
                        <h3 className="font-semibold">{TYPE_NAMES[item.type]}</h3>
                        <StatusBadge label={STATUS_NAMES[item.status]} tone={toneOfStatus(item.status)} />
                      </div>
                      <p className="text-lg font-bold tabular-nums">
                        {/* A failed payment moved nothing: no + or − before it. */}
                        {item.status === 'FAILED'
                          ? formatUgx(item.amount)
                          : formatSignedUgx(item.amount, item.transaction_type)}
                      </p>
                      <p className="text-sm text-slate-700 dark:text-slate-300">
                        {formatKampalaDateTime(item.created_at)}, {item.phone_number}
                      </p>
                      {item.status === 'FAILED' ? (
                        <p className="text-sm text-red-700 dark:text-red-300">
                          {paymentFailureText(
                            item.failure_reason,
                            item.type === 'WITHDRAWAL' ? 'payout' : 'collection',
                          )}
                        </p>
                      ) : null}
                    </Card>
                  </li>
                ))}
              </ul>
              {history.hasNextPage ? (
                <Button
                  variant="secondary"
                  onClick={() => void history.fetchNextPage()}
                  disabled={history.isFetchingNextPage}
                  className="self-start"
                >
                  {history.isFetchingNextPage ? 'Loading...' : 'Show older'}
                </Button>
              ) : null}
            </>
          );
        }}
      </QueryState>
    </section>
  );
}
