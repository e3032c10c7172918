import { formatUgx } from '@sente/contract';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { ErrorAlert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { LoadError } from '../../shell/query-state.tsx';
import { useNow } from '../../shell/use-now.ts';
import { paymentFailureText } from './payment-failure.ts';
import { POLL_FOR_MS, usePaymentState } from './use-repay.ts';

const linkClass = 'font-semibold text-emerald-800 underline dark:text-emerald-300';

/** The collection after it was sent: approve on the phone, then paid, or failed with the reason. */
export function PaymentProgress({
  loanId,
  userId,
  transactionId,
  startedAt,
  onDone,
}: {
  readonly loanId: number;
  readonly userId: number;
  readonly transactionId: number;
  readonly startedAt: number;
  readonly onDone: () => void;
}) {
  const state = usePaymentState(userId, transactionId, loanId, startedAt);
  const transaction = state.data;
  const isWaiting = !transaction || transaction.status === 'PENDING' || transaction.status === 'PROCESSING';
  const now = useNow(isWaiting, 5000);
  const hasStoppedAsking = isWaiting && now - startedAt >= POLL_FOR_MS;

  return (
    <section aria-labelledby="payment-title" className="flex flex-col gap-4">
      <div role="status" aria-live="polite" className="flex flex-col gap-2">
        {transaction?.status === 'COMPLETED' ? (
          <>
            <h2 id="payment-title" className="text-xl font-bold text-emerald-800 dark:text-emerald-300">
              Paid: {formatUgx(transaction.amount)}
            </h2>
            <p>Thank you. Your payment is on your loan; your balance and schedule are up to date.</p>
          </>
        ) : transaction?.status === 'FAILED' ? (
          <>
            <h2 id="payment-title" className="text-xl font-bold">
              The payment did not go through
            </h2>
            <ErrorAlert>{paymentFailureText(transaction.failure_reason)}</ErrorAlert>
          </>
        ) : (
          <>
            <h2 id="payment-title" className="text-xl font-bold">
              Approve the payment on your phone…
            </h2>
            <p>
              {transaction
                ? `Your mobile-money provider is asking ${transaction.phone_number} to approve ${formatUgx(transaction.amount)}. Enter your PIN when the prompt appears.`
                : 'Your mobile-money provider is sending a prompt to your phone. Enter your PIN when it appears.'}
            </p>
            {hasStoppedAsking ? (
              <p>
                The provider has not answered yet. You can leave this screen: you will get a notification when
                it does.
              </p>
            ) : null}
          </>
        )}
      </div>
      {state.error && !transaction ? (
        <LoadError label="the payment’s state" error={state.error} onRetry={() => void state.refetch()} />
      ) : null}
      {hasStoppedAsking ? (
        <Button variant="secondary" onClick={() => void state.refetch()} className="self-start">
          Check again
        </Button>
      ) : null}
      {transaction?.status === 'FAILED' ? (
        <Button onClick={onDone} className="self-start">
          Try again
        </Button>
      ) : null}
      {transaction?.status === 'COMPLETED' ? (
        <Link to={paths.appLoan(loanId)} className={linkClass} onClick={onDone}>
          Back to your loan
        </Link>
      ) : null}
    </section>
  );
}
