import { routes } from '@sente/contract';
import { pagedAnswer } from '../../http/paged-answer.ts';
import type { RegisterRoute } from '../../http/register-route.ts';
import { toContactMessageDto, toLenderInterestDto } from './public-forms.presenter.ts';
import { CONTACT_RECEIVED, LENDER_RECEIVED, type PublicFormsService } from './public-forms.service.ts';

export function registerPublicFormsRoutes(
  register: RegisterRoute,
  { publicForms, limitPerMinute }: { publicForms: PublicFormsService; limitPerMinute: number },
): void {
  // Default 5 a minute per address (PUBLIC_FORM_RATE_LIMIT_PER_MINUTE): enough for a person who
  // mistyped, too few for a flood.
  const FORM_RATE_LIMIT = { rateLimit: { max: limitPerMinute, timeWindowMs: 60_000 } } as const;
  register(
    routes.submitContactMessage,
    async ({ body }) => {
      await publicForms.submitContactMessage(body);
      return { message: CONTACT_RECEIVED };
    },
    FORM_RATE_LIMIT,
  );

  register(
    routes.submitLenderInterest,
    async ({ body }) => {
      await publicForms.submitLenderInterest(body);
      return { message: LENDER_RECEIVED };
    },
    FORM_RATE_LIMIT,
  );

  register(routes.listContactMessages, async ({ query, request }) => {
    const { rows, total } = await publicForms.listContactMessages({
      page: query.page,
      pageSize: query.page_size,
    });
    return pagedAnswer(request, query, total, rows.map(toContactMessageDto));
  });

  register(routes.listLenderInterest, async ({ query, request }) => {
    const { rows, total } = await publicForms.listLenderInterest({
      page: query.page,
      pageSize: query.page_size,
    });
    return pagedAnswer(request, query, total, rows.map(toLenderInterestDto));
  });
}
