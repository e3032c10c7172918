import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/pg-errors.ts';
import { transaction } from '../../db/retry-transaction.ts';
import { formatUgx } from '../../format-ugx.ts';
import { BadRequestError, ConflictError, ForbiddenError, HttpError } from '../../http/errors.ts';
import type { ApplicationsService } from '../applications/applications.service.ts';
import type { IdempotencyService } from '../idempotency/idempotency.service.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import { PLATFORM_WALLET, userWallet } from '../ledger/ledger-accounts.ts';
import type { LoansService } from '../loans/loans.service.ts';
import { normalizeUgandanPhone } from '../users/phone-number.ts';
import { sumOpenRepayments, type TransactionRow, type TransactionWithUser } from './payments.repo.ts';
import type { PaymentsService } from './payments.service.ts';

export const ALREADY_DISBURSING = 'This application is already being disbursed';

export type DisbursementOutcome =
  | { readonly kind: 'loan'; readonly loanId: number }
  | { readonly kind: 'pending'; readonly payment: TransactionWithUser };

function phoneOrRefuse(input: string): string {
  const phone = normalizeUgandanPhone(input);
  if (!phone) {
    throw new BadRequestError('Enter a Ugandan mobile number like 0772 123456', {
      phone_number: ['Enter a Ugandan mobile number like 0772 123456'],
    });
  }
  return phone;
}

/**
 * The money side of lending: paying a loan out (disburse) and collecting a repayment (repay), both
 * through mobile money and the ledger, with Idempotency-Keys. Loans and schedules stay the lending
 * feature's; they are created and allocated inside the payment's own transactions (see the flows).
 */
export function createLendingPaymentsService(deps: {
  db: Db;
  clock: Clock;
  ledger: LedgerService;
  payments: PaymentsService;
  idempotency: IdempotencyService;
  applications: ApplicationsService;
  loans: LoansService;
  syncWaitMs: number;
}) {
  const { db, ledger, payments, idempotency, applications, loans } = deps;

  /** Checks the application can be paid out now, and to which number. */
  async function payable(applicationId: number) {
    const view = await applications.get(applicationId);
    const { application } = view;
    if (application.approvedLoanId !== null) throw new ConflictError('Application already disbursed');
    if (application.status !== 'APPROVED') {
      throw new ConflictError(
        `Only approved applications can be disbursed (this one is ${application.status})`,
      );
    }
    if (!view.userPhone) throw new ConflictError('The borrower has no mobile-money number on file');
    return { amount: application.amountRequested, userId: application.userId, phone: view.userPhone };
  }

  /**
   * Reserves the payout and records it PENDING, in one transaction. The platform wallet is locked
   * and must hold the amount; a second live payout of the same application is refused by a unique
   * index, so two concurrent calls can never make two loans.
   */
  async function createPayout(input: {
    applicationId: number;
    requestKey: string;
    at?: Date;
  }): Promise<TransactionRow> {
    const target = await payable(input.applicationId);
    try {
      return await transaction(db, async (tx) => {
        const earlier = await payments.findByRequestKey(tx, input.requestKey);
        if (earlier) return earlier;
        const [wallet] = await ledger.lockAccounts(tx, [PLATFORM_WALLET]);
        const available = wallet?.balance ?? 0;
        if (available < target.amount) {
          throw new ConflictError(
            `The platform wallet holds ${formatUgx(available)}, less than the ${formatUgx(target.amount)} to disburse`,
          );
        }
        const { payment } = await payments.create(tx, {
          type: 'DISBURSEMENT',
          userId: target.userId,
          amount: target.amount,
          phoneNumber: target.phone,
          applicationId: input.applicationId,
          requestKey: input.requestKey,
          description: `Loan disbursement for application #${input.applicationId} to ${target.phone}`,
          ...(input.at ? { at: input.at } : {}),
        });
        return payment;
      });
    } catch (error) {
      if (isUniqueViolation(error, 'platform_transactions_live_disbursement_key')) {
        throw new ConflictError(ALREADY_DISBURSING);
      }
      throw error;
    }
  }

  return {
    /**
     * Pays an approved application out and, when the provider confirms within the wait, answers the
     * loan it created. All or nothing: a failed payout is reversed and leaves the application
     * APPROVED with no loan (502). A payout still on its way answers `pending`; the poller or the
     * callback finishes it and creates the loan then.
     */
    async disburse(input: {
      applicationId: number;
      adminId: number;
      idempotencyKey: string;
    }): Promise<DisbursementOutcome> {
      const paymentId = await idempotency.run(
        {
          scope: 'loans.disburse',
          key: input.idempotencyKey,
          userId: input.adminId,
          request: { application: input.applicationId },
        },
        async () => {
          const payout = await createPayout({
            applicationId: input.applicationId,
            requestKey: `loans.disburse:${input.applicationId}:${input.adminId}:${input.idempotencyKey}`,
          });
          const sent = await payments.submit(payout);
          const final = await payments.waitUntilFinal(sent.id, deps.syncWaitMs);
          if (final.status === 'FAILED') {
            throw new HttpError(
              502,
              `The mobile-money payout failed${final.failureReason ? ` (${final.failureReason})` : ''}. The application is still approved and no money moved.`,
            );
          }
          return final.id;
        },
      );
      const payment = await payments.getWithUser(paymentId);
      if (payment.status === 'COMPLETED' && payment.loanId !== null)
        return { kind: 'loan', loanId: payment.loanId };
      return { kind: 'pending', payment };
    },

    /**
     * A borrower repays by mobile money: a collection they approve on their phone. The amount may
     * not exceed what is owed less what is already on its way; the money is allocated and posted when
     * the provider confirms. Requests of one borrower take turns (a lock on their wallet account).
     */
    async repay(input: {
      loanId: number;
      user: { id: number; role: 'admin' | 'borrower' | 'lender' };
      amount: number;
      phoneNumber: string;
      idempotencyKey: string;
    }): Promise<TransactionWithUser> {
      const paymentId = await idempotency.run(
        {
          scope: 'loans.repay',
          key: input.idempotencyKey,
          userId: input.user.id,
          request: { loan: input.loanId, amount: input.amount, phone_number: input.phoneNumber },
        },
        async () => {
          const { loan } = await loans.getFor(input.user, input.loanId);
          if (loan.userId !== input.user.id) {
            throw new ForbiddenError('Only the borrower who owns this loan can repay it');
          }
          const phoneNumber = phoneOrRefuse(input.phoneNumber);
          const requestKey = `loans.repay:${input.user.id}:${input.idempotencyKey}`;
          const payment = await transaction(db, async (tx) => {
            const earlier = await payments.findByRequestKey(tx, requestKey);
            if (earlier) return earlier;
            await ledger.lockAccounts(tx, [userWallet(input.user.id)]);
            const { loan: current } = await loans.get(input.loanId);
            const owed = current.totalPayable - current.totalPayments;
            if (owed <= 0) throw new ConflictError('This loan is already fully paid');
            const onTheWay = await sumOpenRepayments(tx, input.loanId);
            const payable = owed - onTheWay;
            if (input.amount > payable) {
              const message =
                onTheWay > 0
                  ? `At most ${formatUgx(payable)} can be paid now: ${formatUgx(owed)} is owed and ${formatUgx(onTheWay)} is already on its way`
                  : `At most ${formatUgx(owed)} is owed on this loan`;
              throw new BadRequestError(
                `The amount is more than the outstanding balance of ${formatUgx(owed)}`,
                {
                  amount: [message],
                },
              );
            }
            const created = await payments.create(tx, {
              type: 'REPAYMENT',
              userId: input.user.id,
              amount: input.amount,
              phoneNumber,
              loanId: input.loanId,
              requestKey,
              description: `Repayment of loan ${current.loanRef} from ${phoneNumber}`,
            });
            return created.payment;
          });
          const sent = payment.status === 'PENDING' ? await payments.submit(payment) : payment;
          return sent.id;
        },
      );
      return payments.getWithUser(paymentId);
    },

    /**
     * Records a payout that happened at `at` as a completed mobile-money payment, through the same
     * flow (reserve, loan creation, settlement). For demo history only: no provider is called.
     */
    async recordDisbursement(input: { applicationId: number; at: Date }): Promise<number> {
      const payout = await createPayout({
        applicationId: input.applicationId,
        requestKey: `history.disburse:${input.applicationId}`,
        at: input.at,
      });
      const { payment } = await payments.complete(
        payout.id,
        `HIST-${payout.id}`,
        new Date(input.at.getTime() + 60_000),
      );
      if (payment.loanId === null) throw new Error(`Recorded disbursement ${payout.id} made no loan`);
      return payment.loanId;
    },

    /** Records a repayment made at `at` as a completed mobile-money collection (demo history only). */
    async recordRepayment(input: { loanId: number; amount: number; at: Date; phoneNumber?: string }) {
      const { loan } = await loans.get(input.loanId);
      // By default from the number the loan was paid out to.
      const payout = loan.disbursementTransactionId
        ? await payments.getWithUser(loan.disbursementTransactionId)
        : null;
      const phoneNumber = input.phoneNumber ?? payout?.phoneNumber;
      if (!phoneNumber) throw new Error(`Loan ${loan.id} has no number to collect from`);
      const payment = await transaction(db, async (tx) => {
        const { payment: created } = await payments.create(tx, {
          type: 'REPAYMENT',
          userId: loan.userId,
          amount: input.amount,
          phoneNumber,
          loanId: loan.id,
          requestKey: `history.repay:${loan.id}:${input.at.toISOString()}`,
          description: `Repayment of loan ${loan.loanRef} from ${phoneNumber}`,
          at: input.at,
        });
        return created;
      });
      await payments.complete(payment.id, `HIST-${payment.id}`, new Date(input.at.getTime() + 60_000));
    },
  };
}
export type LendingPaymentsService = ReturnType<typeof createLendingPaymentsService>;
