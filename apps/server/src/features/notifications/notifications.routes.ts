import { routes } from '@sente/contract';
import { pagedAnswer } from '../../http/paged-answer.ts';
import type { RegisterRoute } from '../../http/register-route.ts';
import { toNotificationDto } from './notifications.presenter.ts';
import type { NotificationsService } from './notifications.service.ts';

export function registerNotificationsRoutes(
  register: RegisterRoute,
  { notifications }: { notifications: NotificationsService },
): void {
  register(routes.listNotifications, async ({ query, user, request }) => {
    const { rows, total, unread } = await notifications.list(user.id, {
      page: query.page,
      pageSize: query.page_size,
      unreadOnly: query.unread_only,
    });
    return { ...pagedAnswer(request, query, total, rows.map(toNotificationDto)), unread_count: unread };
  });

  register(routes.markNotificationRead, async ({ params, user }) =>
    toNotificationDto(await notifications.markRead(user.id, params.id)),
  );

  register(routes.markAllNotificationsRead, async ({ user }) => ({
    updated: await notifications.markAllRead(user.id),
  }));
}
