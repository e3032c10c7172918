import { routes } from '@sente/contract';
import { pagedAnswer } from '../../http/paged-answer.ts';
import type { RegisterRoute } from '../../http/register-route.ts';
import type { EnquiriesService } from './enquiries.service.ts';
import { toContactMessageDto, toLenderInterestDto } from './public-forms.presenter.ts';
import { CONTACT_RECEIVED, LENDER_RECEIVED, type PublicFormsService } from './public-forms.service.ts';

export function registerPublicFormsRoutes(
  register: RegisterRoute,
  {
    publicForms,
    enquiries,
    limitPerMinute,
  }: { publicForms: PublicFormsService; enquiries: EnquiriesService; limitPerMinute: number },
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
    const { rows, total } = await enquiries.listContactMessages({
      page: query.page,
      pageSize: query.page_size,
      status: query.status,
    });
    return pagedAnswer(request, query, total, rows.map(toContactMessageDto));
  });

  register(routes.listLenderInterest, async ({ query, request }) => {
    const { rows, total } = await enquiries.listLenderInterest({
      page: query.page,
      pageSize: query.page_size,
      status: query.status,
    });
    return pagedAnswer(request, query, total, rows.map(toLenderInterestDto));
  });

  register(routes.updateContactMessage, async ({ params, body, user }) =>
    toContactMessageDto(await enquiries.updateContactMessage(params.id, body, user.id)),
  );

  register(routes.updateLenderInterest, async ({ params, body, user }) =>
    toLenderInterestDto(await enquiries.updateLenderInterest(params.id, body, user.id)),
  );

  register(routes.inviteLender, async ({ params, user }) => {
    const invitation = await enquiries.inviteLender(params.id, user.id);
    return {
      enquiry: toLenderInterestDto(invitation.enquiry),
      user_id: invitation.userId,
      invitation_url: invitation.resetUrl,
      expires_at: invitation.expiresAt.toISOString(),
    };
  });

  register(routes.enquiryCounts, async () => {
    const counts = await enquiries.counts();
    return {
      contact_messages_new: counts.contact,
      lender_interest_new: counts.lender,
      total_new: counts.total,
    };
  });
}
