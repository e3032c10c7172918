import { type PlatformCapitalAnswer, routes, toUgxString } from '@sente/contract';
import type { RegisterRoute } from '../../http/register-route.ts';
import type { CapitalPayment, CapitalService } from './capital.service.ts';

function toCapitalPaymentDto(payment: CapitalPayment): PlatformCapitalAnswer {
  return {
    posting_id: payment.postingId,
    amount: toUgxString(payment.amount),
    reference: payment.reference,
    platform_wallet_balance: toUgxString(payment.platformWalletBalance),
    posted_at: payment.postedAt.toISOString(),
  };
}

export function registerCapitalRoutes(register: RegisterRoute, capital: CapitalService): void {
  register(routes.addPlatformCapital, async ({ body, headers, user }) =>
    toCapitalPaymentDto(
      await capital.payIn({
        amount: body.amount,
        reference: body.reference,
        idempotencyKey: headers['idempotency-key'],
        adminId: user.id,
      }),
    ),
  );
}
