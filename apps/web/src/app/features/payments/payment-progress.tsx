import { formatUgx } from '@sente/contract';
import type { QueryKey } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { ErrorAlert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { textLinkClass } from '../../../ui/text-link.ts';
import { LoadError } from '../../shell/query-state.tsx';
import { useNow } from '../../shell/use-now.ts';
import { type PaymentDirection, paymentFailureText } from './payment-failure.ts';
import { POLL_FOR_MS, usePaymentState } from './use-mobile-money.ts';

/** What a screen says about its own kind of payment. */
export interface PaymentWords {
  readonly direction: PaymentDirection;
  /** "Paid": the heading reads "Paid: UGX 50,000". */
  readonly done: string;
  /** What the money did: "Your payment is on your loan." */
  readonly doneText: string;
  /** "The payment did not go through". */
  readonly failed: string;
}

function waitingText(direction: PaymentDirection, amount: string | null, phone: string | null): string {
  if (direction === 'payout') {
    return amount && phone
      ? `Your mobile-money provider is sending ${amount} to ${phone}. It usually arrives within a minute.`
      : 'Your mobile-money provider is sending the money to your phone.';
  }
  return amount && phone
    ? `Your mobile-money provider is asking ${phone} to approve ${amount}. Enter your PIN when the prompt appears.`
    : 'Your mobile-money provider is sending a prompt to your phone. Enter your PIN when it appears.';
}

/**
 * A mobile-money payment after it was sent: for a collection "approve on your phone", for a payout
 * "sending", then done, or failed with the reason. Focus follows the state, so a screen reader hears
 * the outcome and Tab starts from it.
 */
export function PaymentProgress({
  userId,
  transactionId,
  startedAt,
  words,
  refreshOnFinal,
  onDone,
  doneLink,
}: {
  readonly userId: number;
  readonly transactionId: number;
  readonly startedAt: number;
  readonly words: PaymentWords;
  /** Queries to read again once the payment is final. */
  readonly refreshOnFinal: readonly QueryKey[];
  /** Leaves this state: the form again (Try again, or another payment). */
  readonly onDone: () => void;
  /** Where to go once done; without it a button offers another payment. */
  readonly doneLink?: { readonly to: string; readonly label: string };
}) {
  const state = usePaymentState(userId, transactionId, startedAt, refreshOnFinal);
  const transaction = state.data;
  const status = transaction?.status ?? 'PENDING';
  const isWaiting = status === 'PENDING' || status === 'PROCESSING';
  const now = useNow(isWaiting, 5000);
  const hasStoppedAsking = isWaiting && now - startedAt >= POLL_FOR_MS;
  const heading = useRef<HTMLHeadingElement>(null);
  const phase = isWaiting ? 'waiting' : status;
  // biome-ignore lint/correctness/useExhaustiveDependencies: focus moves when the phase changes.
  useEffect(() => {
    heading.current?.focus();
  }, [phase]);
  const amount = transaction ? formatUgx(transaction.amount) : null;

  return (
    <section aria-labelledby="payment-title" className="flex flex-col gap-4">
      <div role="status" aria-live="polite" className="flex flex-col gap-2">
        {status === 'COMPLETED' ? (
          <>
            <h2
              id="payment-title"
              ref={heading}
              tabIndex={-1}
              className="text-xl font-bold text-emerald-800 dark:text-emerald-300"
            >
              {words.done}: {amount}
            </h2>
            <p>{words.doneText}</p>
          </>
        ) : status === 'FAILED' ? (
          <>
            <h2 id="payment-title" ref={heading} tabIndex={-1} className="text-xl font-bold">
              {words.failed}
            </h2>
            <ErrorAlert>
              {paymentFailureText(transaction?.failure_reason ?? null, words.direction)}
            </ErrorAlert>
          </>
        ) : (
          <>
            <h2 id="payment-title" ref={heading} tabIndex={-1} className="text-xl font-bold">
              {words.direction === 'payout'
                ? 'Sending the money to your phone…'
                : 'Approve the payment on your phone…'}
            </h2>
            <p>{waitingText(words.direction, amount, transaction?.phone_number ?? null)}</p>
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
      {status === 'FAILED' ? (
        <Button onClick={onDone} className="self-start">
          Try again
        </Button>
      ) : null}
      {status === 'COMPLETED' ? (
        doneLink ? (
          <Link to={doneLink.to} className={textLinkClass} onClick={onDone}>
            {doneLink.label}
          </Link>
        ) : (
          <Button variant="secondary" onClick={onDone} className="self-start">
            Done
          </Button>
        )
      ) : null}
    </section>
  );
}
