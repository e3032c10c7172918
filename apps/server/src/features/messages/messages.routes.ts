import { timingSafeEqual } from 'node:crypto';
import { routes } from '@sente/contract';
import { UnauthenticatedError } from '../../domain-error.ts';
import { pagedAnswer, pageOffset } from '../../http/paged-answer.ts';
import type { RegisterRoute } from '../../http/register-route.ts';
import { reportedOutcome } from './africas-talking.ts';
import { toSentMessageDto } from './messages.presenter.ts';
import type { MessagesService } from './messages.service.ts';

function isSameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function registerMessagesRoutes(
  register: RegisterRoute,
  { messages, callbackKey }: { messages: MessagesService; callbackKey: string | null },
): void {
  register(routes.listUserMessages, async ({ params, query, request }) => {
    const { rows, count } = await messages.listOfUser(params.id, {
      limit: query.page_size,
      offset: pageOffset(query),
    });
    return pagedAnswer(request, query, count, rows.map(toSentMessageDto));
  });

  register(routes.getMessagePreferences, async ({ user }) => {
    const { marketing, digests } = await messages.preferencesOf(user.id);
    return { marketing, digests };
  });

  register(routes.updateMessagePreferences, async ({ user, body }) => {
    const { marketing, digests } = await messages.setPreferences(user.id, body);
    return { marketing, digests };
  });

  register(routes.smsDeliveryReport, async ({ query, body }) => {
    // Africa's Talking does not sign its callbacks: the secret is in the URL it was given.
    if (!callbackKey || !isSameSecret(query.key, callbackKey)) {
      throw new UnauthenticatedError('INVALID_CALLBACK_KEY', 'Invalid callback key');
    }
    const outcome = reportedOutcome(body.status);
    if (!outcome) return { status: 'ignored' as const };
    const isRecorded = await messages.recordDeliveryReport({
      provider: 'africastalking',
      providerMessageId: body.id,
      outcome,
      reason: body.failureReason ?? (outcome === 'failed' ? body.status : null),
    });
    return { status: isRecorded ? ('recorded' as const) : ('ignored' as const) };
  });
}
