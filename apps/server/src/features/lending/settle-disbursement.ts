import { formatUgx, rateToBasisPoints } from '@sente/contract';
import type { LedgerService } from '../ledger/ledger.service.ts';
import { LOANS_RECEIVABLE, PLATFORM_WALLET, providerClearing } from '../ledger/ledger-accounts.ts';
import type { LoansService } from '../loans/loans.service.ts';
import type { MarketplaceService } from '../marketplace/marketplace.service.ts';
import { calendarDay } from '../messages/borrower-reminders.ts';
import type { MessagesService } from '../messages/messages.service.ts';
import type { PaymentFlow } from '../payments/payment-flow.ts';
import type { PaymentsService } from '../payments/payments.service.ts';
import { findOpenUserById } from '../users/users.service.ts';
import { findFirstInstallment } from './loan-messages.repo.ts';

/** A paid-out loan's transaction names the loan by its reference, the one name it has on every screen. */
export function loanDisbursementDescription(loanRef: string, phoneNumber: string): string {
  return `Loan disbursement of ${loanRef} to ${phoneNumber}`;
}

/**
 * What a loan payout does at each step of its payment. Requested: the amount is reserved out of the
 * platform wallet (the float), and lenders' reserved money becomes money they lent out. Confirmed by the provider: the loan and its schedule are created in the same
 * transaction as the settling posting, with the borrower's SMS (amount, first installment). Failed: the reservation is reversed (the gateway's default)
 * and no loan exists; the application stays APPROVED.
 */
export function disbursementFlow(deps: {
  ledger: LedgerService;
  loans: LoansService;
  payments: Pick<PaymentsService, 'linkLoan'>;
  messages: Pick<MessagesService, 'send'>;
  marketplace: Pick<MarketplaceService, 'fundingOf' | 'lenderPayoutLines' | 'recordParticipations'>;
}): PaymentFlow {
  const { ledger, loans, payments, messages, marketplace } = deps;
  return {
    direction: 'send',
    userSees: 'CREDIT',
    category: 'LOAN',
    // A second Disburse of the same application locks the listing and then inserts its payout, which
    // the unique index makes wait for this transaction once the status has moved: lock the listing
    // first, so that Disburse is refused at once instead of deadlocking with the settlement.
    async lockFirst(tx, payment) {
      if (payment.applicationId !== null) await marketplace.fundingOf(tx, payment.applicationId);
    },
    async reserve(tx, payment) {
      if (payment.applicationId === null) throw new Error(`Disbursement ${payment.id} has no application`);
      const funding = await marketplace.fundingOf(tx, payment.applicationId);
      await ledger.postJournal(tx, {
        idempotencyKey: `payment:${payment.id}:reserve`,
        kind: 'DISBURSEMENT_RESERVE',
        memo: `Loan payout ${payment.referenceId} reserved`,
        platformTransactionId: payment.id,
        postedAt: payment.createdAt,
        lines: [
          { account: providerClearing(payment.provider), amount: payment.amount },
          { account: PLATFORM_WALLET, amount: -payment.amount },
          // Lenders' reserved money becomes money lent out; a failed payout reverses it with the rest.
          ...marketplace.lenderPayoutLines(funding),
        ],
      });
    },
    async settle(tx, payment) {
      if (payment.applicationId === null) throw new Error(`Disbursement ${payment.id} has no application`);
      const disbursedAt = payment.completedAt ?? payment.updatedAt;
      const funding = await marketplace.fundingOf(tx, payment.applicationId);
      const loan = await loans.createLoanFromApplication(tx, {
        applicationId: payment.applicationId,
        disbursedAt,
        platformTransactionId: payment.id,
        disbursedById: payment.requestedById,
        terms: funding.kind === 'lenders' ? { amount: funding.amount, rateBp: funding.rateBp } : undefined,
      });
      await marketplace.recordParticipations(
        tx,
        {
          id: loan.id,
          loanRef: loan.loanRef,
          amount: loan.amount,
          rateBp: rateToBasisPoints(loan.interestRate),
        },
        funding,
      );
      await payments.linkLoan(tx, payment.id, {
        id: loan.id,
        description: loanDisbursementDescription(loan.loanRef, payment.phoneNumber),
      });
      await ledger.postJournal(tx, {
        idempotencyKey: `payment:${payment.id}:settle`,
        kind: 'DISBURSEMENT',
        memo: `Loan ${loan.loanRef} paid out (${payment.referenceId})`,
        platformTransactionId: payment.id,
        postedAt: disbursedAt,
        lines: [
          { account: LOANS_RECEIVABLE, amount: payment.amount },
          { account: providerClearing(payment.provider), amount: -payment.amount },
        ],
      });
      const first = await findFirstInstallment(tx, loan.id);
      if (first) {
        await messages.send(
          tx,
          loan.userId,
          'loan.disbursed',
          {
            name: (await findOpenUserById(tx, loan.userId))?.name ?? '',
            loanRef: loan.loanRef,
            amount: loan.amount,
            firstInstallment: first.amount,
            firstDueDate: calendarDay(first.dueDate),
          },
          { dedupeKey: `loan-disbursed:${loan.id}` },
        );
      }
    },
    notice(payment, outcome) {
      return outcome === 'COMPLETED'
        ? {
            title: 'Loan disbursed',
            message: `Your loan of ${formatUgx(payment.amount)} was sent to ${payment.phoneNumber}.`,
          }
        : {
            title: 'Loan payout failed',
            message: `We could not send ${formatUgx(payment.amount)} to ${payment.phoneNumber}${payment.failureReason ? ` (${payment.failureReason})` : ''}. Your application is still approved.`,
          };
    },
  };
}
