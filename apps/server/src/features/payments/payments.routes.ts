import { routes } from '@sente/contract';
import { pagedAnswer, pageOffset } from '../../http/paged-answer.ts';
import type { RegisterRoute } from '../../http/register-route.ts';
import type { PaymentCallbackHandler } from './payment-callback.ts';
import { toPaymentNeedingAttentionDto } from './payments.presenter.ts';
import type { PaymentsService } from './payments.service.ts';
import type { SimulatorControl } from './simulator-control.ts';

export function registerPaymentsRoutes(
  register: RegisterRoute,
  {
    handleCallback,
    payments,
    simulatorControl,
  }: {
    handleCallback: PaymentCallbackHandler;
    payments: PaymentsService;
    /** Present while the mobile-money simulator is the provider; its control route exists only then. */
    simulatorControl: SimulatorControl | null;
  },
): void {
  register(
    routes.paymentCallback,
    async ({ params, headers, body, request }) => ({
      status: await handleCallback({
        provider: params.provider,
        rawBody: request.rawBody,
        signature: headers['x-sente-signature'],
        body,
      }),
    }),
    { rawBody: true },
  );

  register(routes.paymentsNeedingAttention, async ({ query, request }) => {
    const { rows, count } = await payments.listNeedingAttention({
      limit: query.page_size,
      offset: pageOffset(query),
    });
    return pagedAnswer(request, query, count, rows.map(toPaymentNeedingAttentionDto));
  });

  if (simulatorControl) {
    register(routes.simulatorMomoOutcomes, async ({ body }) => {
      const { phoneNumber, queued } = await simulatorControl.script({
        phoneNumber: body.phone_number,
        outcome: body.outcome,
        count: body.count,
        seconds: body.seconds,
      });
      return { phone_number: phoneNumber, queued };
    });
  }
}
