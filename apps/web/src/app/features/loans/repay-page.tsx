import { formatUgx, parseUgx, ugxOrZero } from '@sente/contract';
import { type FormEvent, useCallback, useState } from 'react';
import { Link, useParams } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { queryKeyOf } from '../../../lib/query-key.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { ErrorAlert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { TextField } from '../../../ui/field.tsx';
import { RadioCard } from '../../../ui/radio-card.tsx';
import { failureOf } from '../../session/failure.ts';
import { useAppUser } from '../../shell/app-user.tsx';
import { focusFirstError } from '../../shell/focus-first-error.ts';
import { QueryState } from '../../shell/query-state.tsx';
import { useDraft } from '../../shell/use-draft.ts';
import { NumberChoice } from '../payments/number-choice.tsx';
import { PaymentProgress, type PaymentWords } from '../payments/payment-progress.tsx';
import { type LoanBalance, useLoanBalance } from './use-loans.ts';
import { useRepay } from './use-repay.ts';

interface RepayDraft {
  readonly choice: 'suggested' | 'all' | 'other';
  readonly other: string;
  readonly phone: string;
  /** The collection under way, so a reload or a killed tab comes back to its state. */
  readonly pending: { readonly id: number; readonly startedAt: number } | null;
}

const repaymentWords: PaymentWords = {
  direction: 'collection',
  done: 'Paid',
  doneText: 'Thank you. Your payment is on your loan; your balance and schedule are up to date.',
  failed: 'The payment did not go through',
};

export function RepayPage() {
  const loanId = Number(useParams().loanId);
  useDocumentTitle('Repay');
  const user = useAppUser();
  const balance = useLoanBalance(loanId);
  const [draft, setDraft] = useDraft<RepayDraft>(`repay.${loanId}`, {
    choice: 'suggested',
    other: '',
    phone: user.phone_number ?? '',
    pending: null,
  });

  return (
    <div className="flex flex-col gap-5">
      <h1 className="text-2xl font-bold">Repay</h1>
      {draft.pending ? (
        <PaymentProgress
          userId={user.id}
          transactionId={draft.pending.id}
          startedAt={draft.pending.startedAt}
          words={repaymentWords}
          refreshOnFinal={[
            queryKeyOf('getLoan', { id: loanId }),
            queryKeyOf('loanBalance', { id: loanId }),
            queryKeyOf('myLoans'),
          ]}
          onDone={() => setDraft((current) => ({ ...current, pending: null }))}
          doneLink={{ to: paths.appLoan(loanId), label: 'Back to your loan' }}
        />
      ) : (
        <QueryState query={balance} label="what you owe">
          {(owed) =>
            ugxOrZero(owed.remaining_balance) === 0 ? (
              <p>
                Nothing is owed on this loan.{' '}
                <Link
                  to={paths.appLoan(loanId)}
                  className="font-semibold text-emerald-800 underline dark:text-emerald-300"
                >
                  Back to your loan
                </Link>
              </p>
            ) : (
              <RepayForm
                loanId={loanId}
                owed={owed}
                draft={draft}
                onChange={(patch) => setDraft((current) => ({ ...current, ...patch }))}
              />
            )
          }
        </QueryState>
      )}
    </div>
  );
}

/** What is due now (arrears and today's), else the next installment. */
function suggestion(owed: LoanBalance): { label: string; amount: number } {
  const due = ugxOrZero(owed.amount_due);
  if (due > 0) return { label: 'What is due now', amount: due };
  return { label: 'The next installment', amount: ugxOrZero(owed.next_installment_amount) };
}

function RepayForm({
  loanId,
  owed,
  draft,
  onChange,
}: {
  readonly loanId: number;
  readonly owed: LoanBalance;
  readonly draft: RepayDraft;
  readonly onChange: (patch: Partial<RepayDraft>) => void;
}) {
  const repay = useRepay(loanId);
  const [checkErrors, setCheckErrors] = useState<Record<string, string>>({});
  const suggested = suggestion(owed);
  const all = ugxOrZero(owed.remaining_balance);
  const failure = repay.error ? failureOf(repay.error, { isKeyed: true }) : null;
  const errors = { ...failure?.fieldErrors, ...checkErrors };
  const choosePhone = useCallback((phone: string) => onChange({ phone }), [onChange]);
  const choices = [
    { value: 'suggested', label: `${suggested.label}: ${formatUgx(suggested.amount)}` },
    { value: 'all', label: `Everything left: ${formatUgx(all)}` },
    { value: 'other', label: 'Another amount' },
  ] as const;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const amount =
      draft.choice === 'suggested' ? suggested.amount : draft.choice === 'all' ? all : parseUgx(draft.other);
    const found: Record<string, string> = {};
    if (amount === null || amount <= 0) found.amount = 'Enter the amount in whole shillings, like 50,000';
    else if (amount > all) found.amount = `You owe ${formatUgx(all)} in all; enter that or less`;
    if (!draft.phone.trim()) found.phone_number = 'Choose the number to pay from';
    setCheckErrors(found);
    if (amount === null || Object.keys(found).length > 0) {
      focusFirstError(form);
      return;
    }
    repay.mutate(
      { amount, phone_number: draft.phone.trim() },
      {
        onSuccess: (transaction) => onChange({ pending: { id: transaction.id, startedAt: Date.now() } }),
        onError: () => focusFirstError(form),
      },
    );
  };

  return (
    <form className="flex flex-col gap-5" onSubmit={onSubmit} noValidate aria-busy={repay.isPending}>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium text-slate-800 dark:text-slate-200">How much?</legend>
        {choices.map((choice) => (
          <RadioCard
            key={choice.value}
            name="choice"
            value={choice.value}
            checked={draft.choice === choice.value}
            onChange={() => onChange({ choice: choice.value })}
          >
            {choice.label}
          </RadioCard>
        ))}
      </fieldset>
      {draft.choice === 'other' ? (
        <TextField
          label="Amount (UGX)"
          name="amount"
          inputMode="numeric"
          autoComplete="off"
          value={draft.other}
          onChange={(event) => onChange({ other: event.target.value })}
          error={errors.amount}
        />
      ) : errors.amount ? (
        <p className="text-sm text-red-700 dark:text-red-300">{errors.amount}</p>
      ) : null}
      <NumberChoice use="collect" value={draft.phone} onChange={choosePhone} error={errors.phone_number} />
      {failure && Object.keys(failure.fieldErrors).length === 0 ? (
        <ErrorAlert>{failure.message}</ErrorAlert>
      ) : null}
      <Button type="submit" disabled={repay.isPending}>
        {repay.isPending ? 'Sending the request...' : 'Pay'}
      </Button>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        No fee is added, and paying early never costs a penalty.
      </p>
    </form>
  );
}
