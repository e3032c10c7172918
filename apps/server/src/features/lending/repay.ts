import { formatUgx } from '@sente/contract';
import type { Db } from '../../db/client.ts';
import { transaction } from '../../db/retry-transaction.ts';
import { ConflictError, ForbiddenError, InvalidInputError } from '../../domain-error.ts';
import type { IdempotencyService } from '../idempotency/idempotency.service.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import { userWallet } from '../ledger/ledger-accounts.ts';
import type { LoansService } from '../loans/loans.service.ts';
import type { PaymentsService } from '../payments/payments.service.ts';
import type { TransactionWithUser } from '../payments/platform-transaction.ts';
import { mobileMoneyNumberOrRefuse } from '../users/phone-number.ts';

export interface RepayDeps {
  readonly db: Db;
  readonly ledger: LedgerService;
  readonly payments: PaymentsService;
  readonly idempotency: IdempotencyService;
  readonly loans: LoansService;
}

/**
 * A borrower repays by mobile money: a collection they approve on their phone. One unit of work
 * checks the loan (read once through the transaction, after a lock on the borrower's wallet account
 * so their requests take turns; a refusal rolls the lock's wallet opening back), refuses more than is owed less what is already on its way, and records
 * the collection PENDING; it is then sent to the provider. The money is allocated and posted when the
 * provider confirms (settle-repayment.ts).
 */
export async function repay(
  deps: RepayDeps,
  input: {
    loanId: number;
    user: { id: number; role: 'admin' | 'borrower' | 'lender' };
    amount: number;
    phoneNumber: string;
    idempotencyKey: string;
  },
): Promise<TransactionWithUser> {
  const { ledger, payments, idempotency, loans } = deps;
  const paymentId = await idempotency.run(
    {
      scope: 'loans.repay',
      key: input.idempotencyKey,
      userId: input.user.id,
      request: { loan: input.loanId, amount: input.amount, phone_number: input.phoneNumber },
    },
    async () => {
      const requestKey = `loans.repay:${input.user.id}:${input.idempotencyKey}`;
      const payment = await transaction(deps.db, async (tx) => {
        const earlier = await payments.findByRequestKey(tx, requestKey);
        if (earlier) return earlier;
        // The borrower's requests take turns; the loan is then read once, after the lock.
        await ledger.lockAccounts(tx, [userWallet(input.user.id)]);
        const { loan } = await loans.getFor(input.user, input.loanId, tx);
        if (loan.userId !== input.user.id) {
          throw new ForbiddenError('NOT_YOUR_LOAN', 'Only the borrower who owns this loan can repay it');
        }
        const phoneNumber = mobileMoneyNumberOrRefuse(input.phoneNumber);
        const owed = loan.totalPayable - loan.totalPayments;
        if (owed <= 0) throw new ConflictError('LOAN_FULLY_PAID', 'This loan is already fully paid');
        const onTheWay = await payments.sumOpenRepayments(tx, input.loanId);
        const payable = owed - onTheWay;
        if (input.amount > payable) {
          const message =
            onTheWay > 0
              ? `At most ${formatUgx(payable)} can be paid now: ${formatUgx(owed)} is owed and ${formatUgx(onTheWay)} is already on its way`
              : `At most ${formatUgx(owed)} is owed on this loan`;
          throw new InvalidInputError(
            'AMOUNT_ABOVE_BALANCE',
            `The amount is more than the outstanding balance of ${formatUgx(owed)}`,
            {
              amount: [message],
            },
          );
        }
        const created = await payments.createForUser(tx, {
          type: 'REPAYMENT',
          userId: input.user.id,
          amount: input.amount,
          phoneNumber,
          loanId: input.loanId,
          requestKey,
          description: `Repayment of loan ${loan.loanRef} from ${phoneNumber}`,
        });
        return created.payment;
      });
      const sent = payment.status === 'PENDING' ? await payments.submit(payment) : payment;
      return sent.id;
    },
  );
  return payments.getWithUser(paymentId);
}
