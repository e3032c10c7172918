import type { Notification } from '@sente/contract';
import type { NotificationRow } from './notifications.repo.ts';

export function toNotificationDto(row: NotificationRow): Notification {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    message: row.message,
    data: row.data,
    is_read: row.isRead,
    created_at: row.createdAt.toISOString(),
    read_at: row.readAt?.toISOString() ?? null,
  };
}
