import { formatUgx } from '@sente/contract';
import type { Tx } from '../../db/client.ts';
import { isRetryable } from '../../db/retry-transaction.ts';
import { underSavepoint } from '../../db/savepoint.ts';
import type { JournalLine, LedgerService } from '../ledger/ledger.service.ts';
import { PLATFORM_WALLET, SUSPENSE, userWallet } from '../ledger/ledger-accounts.ts';
import type { AllocationResult } from '../loans/allocate-repayment.ts';
import type { LoansService } from '../loans/loans.service.ts';
import type { MessagesService, SendRequest } from '../messages/messages.service.ts';
import type { PaymentFlow } from '../payments/payment-flow.ts';
import type { PaymentsService } from '../payments/payments.service.ts';
import type { TransactionRow } from '../payments/platform-transaction.ts';

export const PAYMENT_MODE: Record<string, string> = { mtn: 'MTN Mobile Money', airtel: 'Airtel Money' };

/**
 * How allocated repayments' principal and interest are credited (the marketplace splits them among
 * the loans' lenders): one answer per repayment, in order.
 */
export type RepaymentSplitter = (
  tx: Tx,
  repayments: readonly { loanId: number; principal: number; interest: number }[],
) => Promise<{ lines: JournalLine[]; shareLines: JournalLine[] }[]>;

/**
 * Allocation's result (with the credit lines of its split among the loan's participations), or, when
 * it failed in a way nobody foresaw, why: that money goes to suspense.
 */
type Settlement =
  | Exclude<AllocationResult, { kind: 'allocated' }>
  | (Extract<AllocationResult, { kind: 'allocated' }> & {
      readonly creditLines: JournalLine[];
      readonly shareLines: JournalLine[];
    })
  | { readonly kind: 'failed'; readonly reason: string };

const NO_LOAN: Settlement = {
  kind: 'refused',
  code: 'LOAN_NOT_FOUND',
  reason: 'The repayment names no loan',
};

/**
 * Allocates the payments to their loans and splits what they paid among the loans' lenders. One
 * payment is allocated in a savepoint, so that an unexpected failure rolls back only the
 * allocation and the transaction can still park the money in suspense. A group's unexpected
 * failure is thrown on: the gateway then settles each of its payments alone (ADR 015), so only the
 * payment that fails waits in suspense. A deadlock or serialization failure is not "unexpected":
 * the whole transaction is run again, so it is thrown on too.
 */
async function allocate(
  tx: Tx,
  deps: { loans: LoansService; splitRepayments: RepaymentSplitter },
  payments: readonly TransactionRow[],
): Promise<Settlement[]> {
  const toLoans = payments.flatMap((payment) =>
    payment.loanId === null ? [] : [{ payment, loanId: payment.loanId }],
  );
  if (toLoans.length === 0) return payments.map(() => NO_LOAN);
  const run = async (): Promise<Settlement[]> => {
    const results = await deps.loans.allocateRepayments(
      tx,
      toLoans.map(({ payment, loanId }) => ({
        loanId,
        amount: payment.amount,
        paidAt: payment.completedAt ?? payment.updatedAt,
        platformTransactionId: payment.id,
        paymentMode: PAYMENT_MODE[payment.provider] ?? 'Mobile Money',
      })),
    );
    const allocated = results.flatMap((result, at) =>
      result.kind === 'allocated' ? [{ result, loanId: toLoans[at]?.loanId ?? 0 }] : [],
    );
    const splits = await deps.splitRepayments(
      tx,
      allocated.map(({ result, loanId }) => ({
        loanId,
        principal: result.principal,
        interest: result.interest,
      })),
    );
    const settled = new Map<AllocationResult, Settlement>();
    allocated.forEach(({ result }, at) => {
      const split = splits[at];
      if (!split) throw new Error('a repayment was not split');
      settled.set(result, { ...result, creditLines: split.lines, shareLines: split.shareLines });
    });
    const byPayment = new Map(
      toLoans.map(({ payment }, at) => {
        const result = results[at] as AllocationResult;
        return [payment.id, settled.get(result) ?? (result as Settlement)];
      }),
    );
    return payments.map((payment) => byPayment.get(payment.id) ?? NO_LOAN);
  };
  if (payments.length > 1) return run();
  try {
    return await underSavepoint(tx, 'allocation', run);
  } catch (error) {
    if (isRetryable(error)) throw error;
    const message = error instanceof Error ? error.message : String(error);
    return [{ kind: 'failed', reason: `Allocation failed: ${message}`.slice(0, 500) }];
  }
}

function journalLines(payment: TransactionRow, settlement: Settlement): JournalLine[] {
  const lines: JournalLine[] = [{ account: PLATFORM_WALLET, amount: payment.amount }];
  switch (settlement.kind) {
    case 'allocated':
      lines.push(...settlement.creditLines);
      if (settlement.overpayment > 0)
        lines.push({ account: userWallet(payment.userId), amount: -settlement.overpayment });
      return lines;
    case 'nothing-owed':
      return [...lines, { account: userWallet(payment.userId), amount: -payment.amount }];
    case 'refused':
    case 'failed':
      return [...lines, { account: SUSPENSE, amount: -payment.amount }];
  }
}

function postingOf(payment: TransactionRow, settlement: Settlement) {
  switch (settlement.kind) {
    case 'allocated':
      return {
        kind: 'REPAYMENT' as const,
        memo: `Repayment ${payment.referenceId}: principal ${settlement.principal}, interest ${settlement.interest}${settlement.overpayment > 0 ? `, overpaid ${settlement.overpayment} held in the wallet` : ''}`,
      };
    case 'nothing-owed':
      return {
        kind: 'OVERPAYMENT' as const,
        memo: `Repayment ${payment.referenceId} arrived for a loan with nothing owed; held in the wallet`,
      };
    case 'refused':
    case 'failed':
      return {
        kind: 'SUSPENSE' as const,
        memo: `Repayment ${payment.referenceId} could not be allocated; held in suspense: ${settlement.reason}`.slice(
          0,
          500,
        ),
      };
  }
}

function receipt(payment: TransactionRow, settlement: Settlement): string {
  const received = formatUgx(payment.amount);
  switch (settlement.kind) {
    case 'allocated':
      if (settlement.remainingBalance > 0)
        return `${received} was received for your loan. Remaining balance: ${formatUgx(settlement.remainingBalance)}.`;
      return settlement.overpayment > 0
        ? `${received} was received. Your loan is fully paid. Thank you! The extra ${formatUgx(settlement.overpayment)} is in your wallet; you can withdraw it.`
        : `${received} was received for your loan. Your loan is fully paid. Thank you!`;
    case 'nothing-owed':
      return `${received} was received, but nothing was owed on the loan any more. The money is in your wallet; you can withdraw it.`;
    case 'refused':
    case 'failed':
      return `${received} was received. Our team is checking it before it is applied to your loan; we will tell you when it is.`;
  }
}

/**
 * A repayment is a collection: nothing is posted until the provider confirms. Then it is allocated
 * to the schedule and posted split between principal and interest. Money is never moved by a guess
 * (issue 15): only a loan that is really fully paid sends money to the borrower's wallet (as an
 * overpayment); any other failure to allocate parks the money in suspense and marks the payment as
 * needing an admin's attention. Repayments confirmed together are settled as one group (ADR 015):
 * the same steps, each done for all of them in one statement.
 */
export function repaymentFlow(deps: {
  ledger: LedgerService;
  loans: LoansService;
  messages: Pick<MessagesService, 'sendAll'>;
  payments: Pick<PaymentsService, 'flagForAttention'>;
  splitRepayments: RepaymentSplitter;
}): PaymentFlow {
  const { ledger, messages, payments } = deps;
  async function settleMany(tx: Tx, settling: readonly TransactionRow[]): Promise<void> {
    const settlements = await allocate(tx, deps, settling);
    const each = settling.map((payment, at) => ({ payment, settlement: settlements[at] as Settlement }));
    for (const { payment, settlement } of each) {
      if (settlement.kind === 'refused' || settlement.kind === 'failed') {
        await payments.flagForAttention(tx, payment, settlement.reason);
      }
    }
    // The borrower's SMS receipt once the money is applied to the loan: the balance left, or, for
    // the repayment that pays it off, that the loan is fully paid; once each, whatever repeats.
    // The in-app receipt of every payment, whatever became of it, is written in the same statement.
    await messages.sendAll(
      tx,
      each.flatMap(({ payment, settlement }): SendRequest[] => {
        if (settlement.kind !== 'allocated') return [];
        const { loanRef, borrower } = settlement.loan;
        const about = { name: borrower.name, loanRef, amount: payment.amount };
        // The borrower as the allocation read them with the loan, when the payer is the borrower
        // (always, from the app): the message need not read them again.
        const recipient =
          !borrower.isDeleted && borrower.id === payment.userId
            ? {
                id: borrower.id,
                name: borrower.name,
                email: borrower.email,
                phoneNumber: borrower.phoneNumber,
              }
            : undefined;
        return [
          settlement.remainingBalance > 0
            ? {
                userId: payment.userId,
                name: 'payment.received',
                data: { ...about, balance: settlement.remainingBalance },
                options: { dedupeKey: `payment-received:${payment.id}`, recipient },
              }
            : {
                userId: payment.userId,
                name: 'loan.fully-paid',
                data: { ...about, overpayment: settlement.overpayment },
                options: { dedupeKey: `loan-fully-paid:${payment.loanId}`, recipient },
              },
        ];
      }),
      {
        notices: each.map(({ payment, settlement }) => ({
          userId: payment.userId,
          kind: 'payment.completed',
          title: 'Repayment received',
          message: receipt(payment, settlement),
          data: { transaction_id: payment.id, reference_id: payment.referenceId, loan_id: payment.loanId },
        })),
      },
    );
    // Posted last, every posting of the group as one batch: they lock the platform's accounts
    // (and a popular lender's), which every settlement shares, so they are held from here to the
    // commit only (ADR 012).
    await ledger.postJournals(
      tx,
      each.flatMap(({ payment, settlement }) => {
        const paidAt = payment.completedAt ?? payment.updatedAt;
        return [
          {
            idempotencyKey: `payment:${payment.id}:settle`,
            ...postingOf(payment, settlement),
            platformTransactionId: payment.id,
            postedAt: paidAt,
            lines: journalLines(payment, settlement),
          },
          ...(settlement.kind === 'allocated' && settlement.shareLines.length > 0
            ? [
                {
                  idempotencyKey: `payment:${payment.id}:shares`,
                  kind: 'REPAYMENT_SHARE' as const,
                  memo: `Repayment ${payment.referenceId} shared among the loan's lenders, less the platform fee`,
                  platformTransactionId: payment.id,
                  postedAt: paidAt,
                  lines: settlement.shareLines,
                },
              ]
            : []),
        ];
      }),
    );
  }
  return {
    direction: 'request',
    userSees: 'DEBIT',
    category: 'LOAN',
    settleMany,
    settle: (tx, payment) => settleMany(tx, [payment]),
    notice(payment, outcome) {
      return outcome === 'COMPLETED'
        ? null // settle() tells the borrower, with the balance that remains
        : {
            title: 'Repayment not completed',
            message: `The payment of ${formatUgx(payment.amount)} from ${payment.phoneNumber} did not go through${payment.failureReason ? ` (${payment.failureReason})` : ''}. Nothing was taken.`,
          };
    },
  };
}
