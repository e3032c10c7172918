import { routes } from '@sente/contract';
import { REPLY_SENT, type RegisterRoute } from '../../http/register-route.ts';
import { toLoanDto } from '../loans/loans.presenter.ts';
import type { LoansService } from '../loans/loans.service.ts';
import { toPlatformTransactionDto } from '../payments/payments.presenter.ts';
import type { LendingService } from './lending.service.ts';

export function registerLendingRoutes(
  register: RegisterRoute,
  { lending, loans }: { lending: LendingService; loans: LoansService },
): void {
  register(routes.disburseApplication, async ({ params, headers, user, reply }) => {
    const outcome = await lending.disburse({
      applicationId: params.id,
      adminId: user.id,
      idempotencyKey: headers['idempotency-key'],
    });
    if (outcome.kind === 'loan') return toLoanDto(await loans.get(outcome.loanId), loans.today());
    // The payout is on its way: 202, and the loan appears when the provider confirms.
    await reply.status(202).send({
      status: 'PROCESSING' as const,
      message:
        'The payout was sent to mobile money and is not confirmed yet; the loan is created when it is.',
      transaction: toPlatformTransactionDto(outcome.payment),
    });
    return REPLY_SENT;
  });

  register(routes.repayLoan, async ({ params, body, headers, user }) =>
    toPlatformTransactionDto(
      await lending.repay({
        loanId: params.id,
        user,
        amount: body.amount,
        phoneNumber: body.phone_number,
        idempotencyKey: headers['idempotency-key'],
      }),
    ),
  );
}
