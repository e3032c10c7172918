import { routes, toUgxString } from '@sente/contract';
import type { UserPaymentLimits } from '../../config.ts';
import { pagedAnswer, pageOffset } from '../../http/paged-answer.ts';
import type { RegisterRoute } from '../../http/register-route.ts';
import type { SimulatorSms } from '../sms/sms.ts';
import { toSignedInUser } from '../users/users.presenter.ts';
import type { UsersService } from '../users/users.service.ts';
import { toMyDataDto } from './accounts.presenter.ts';
import type { AccountsService } from './accounts.service.ts';
import type { PaymentNumbers, PaymentNumbersView } from './payment-numbers.ts';
import { type PhoneConfirmation, toPhoneCodeState } from './phone-confirmation.ts';

export function registerAccountsRoutes(
  register: RegisterRoute,
  {
    accounts,
    phone,
    paymentNumbers,
    paymentLimits,
    users,
    simulatorSms,
    limitPerMinute,
  }: {
    accounts: AccountsService;
    phone: PhoneConfirmation;
    paymentNumbers: PaymentNumbers;
    paymentLimits: UserPaymentLimits;
    users: UsersService;
    /** Present while the SMS simulator is the provider; its outbox route exists only then. */
    simulatorSms: SimulatorSms | null;
    limitPerMinute: number;
  },
): void {
  const limited = { rateLimit: { max: limitPerMinute, timeWindowMs: 60_000 } } as const;

  register(
    routes.register,
    async ({ body }) => {
      const { session, code } = await accounts.register(body);
      return {
        access: session.access,
        refresh: session.refresh,
        user: toSignedInUser(session.user),
        phone_code: toPhoneCodeState(code),
      };
    },
    limited,
  );

  register(routes.phoneCodeState, ({ user }) => phone.state(user.id));

  register(
    routes.verifyPhone,
    async ({ body, user }) => {
      await phone.verify(user.id, body.code);
      return toSignedInUser(await users.getOpenUser(user.id));
    },
    limited,
  );

  register(routes.resendPhoneCode, ({ user }) => phone.resend(user.id), limited);

  const numbersDto = (view: PaymentNumbersView) => ({
    numbers: view.numbers.map((n) => ({
      phone_number: n.phoneNumber,
      kind: n.kind,
      confirmed_at: n.confirmedAt?.toISOString() ?? null,
      payouts_from: n.payoutsFrom?.toISOString() ?? null,
      can_collect: n.canCollect,
      can_pay_out: n.canPayOut,
    })),
    code: view.code,
    limits: {
      per_transaction: toUgxString(paymentLimits.perTransaction),
      per_day: toUgxString(paymentLimits.perDay),
      open_prompts: paymentLimits.openPrompts,
    },
  });

  register(routes.paymentNumbers, async ({ user }) => numbersDto(await paymentNumbers.list(user.id)));
  register(
    routes.addPaymentNumber,
    async ({ body, user }) => numbersDto(await paymentNumbers.add(user.id, body.phone_number)),
    limited,
  );
  register(
    routes.verifyPaymentNumber,
    async ({ body, user }) => numbersDto(await paymentNumbers.verify(user.id, body.code)),
    limited,
  );
  register(
    routes.resendPaymentNumberCode,
    async ({ user }) => numbersDto(await paymentNumbers.resend(user.id)),
    limited,
  );
  register(routes.removePaymentNumber, async ({ user }) => numbersDto(await paymentNumbers.remove(user.id)));

  register(
    routes.myData,
    async ({ user, reply }) => {
      const { data, at } = await accounts.myData(user.id);
      reply.header(
        'content-disposition',
        `attachment; filename="sente-my-data-${at.toISOString().slice(0, 10)}.json"`,
      );
      return toMyDataDto(data, at);
    },
    { rateLimit: { max: 5, timeWindowMs: 60_000 } },
  );

  if (simulatorSms) {
    register(routes.simulatorSms, async ({ query, request }) => {
      const { count, rows } = await simulatorSms.list({
        to: query.to,
        limit: query.page_size,
        offset: pageOffset(query),
      });
      return pagedAnswer(
        request,
        query,
        count,
        rows.map((r) => ({ id: r.id, to: r.toNumber, text: r.body, created_at: r.createdAt.toISOString() })),
      );
    });
    register(routes.simulatorSmsFailures, async ({ body }) => ({
      failing_next: simulatorSms.failNext(body.count, body.reason),
    }));
  }
}
