import { routes } from '@sente/contract';
import type { RegisterRoute } from '../../http/register-route.ts';
import type { PaymentCallbackHandler } from './payment-callback.ts';

export function registerPaymentsRoutes(
  register: RegisterRoute,
  { handleCallback }: { handleCallback: PaymentCallbackHandler },
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
}
