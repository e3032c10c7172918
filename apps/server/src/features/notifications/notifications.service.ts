import type { Clock } from '../../clock.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { NotFoundError } from '../../domain-error.ts';
import {
  findNotificationsOfUser,
  hasNotificationSince,
  insertNotification,
  insertNotifications,
  markAllRead,
  markRead,
} from './notifications.repo.ts';

export interface NewNotification {
  readonly userId: number;
  /** payment.completed, payment.failed, loan.disbursed … */
  readonly kind: string;
  readonly title: string;
  readonly message: string;
  readonly data?: Record<string, string | number | null>;
}

export function createNotificationsService({ db, clock }: { db: Db; clock: Clock }) {
  return {
    /** Written in the caller's transaction, so a notification exists exactly when its event does. */
    async notify(tx: DbOrTx, notification: NewNotification): Promise<void> {
      await insertNotification(tx, {
        ...notification,
        data: notification.data ?? {},
        createdAt: clock.now(),
      });
    },

    /** notify for several notifications of one unit of work, in one statement. */
    async notifyAll(tx: DbOrTx, list: readonly NewNotification[]): Promise<void> {
      const createdAt = clock.now();
      await insertNotifications(
        tx,
        list.map((notification) => ({ ...notification, data: notification.data ?? {}, createdAt })),
      );
    },

    /** Whether the user was already sent a notification of this kind after `since` (in the caller's transaction). */
    wasNotifiedSince(tx: DbOrTx, userId: number, kind: string, since: Date): Promise<boolean> {
      return hasNotificationSince(tx, userId, kind, since);
    },

    list(userId: number, query: { page: number; pageSize: number; unreadOnly: boolean }) {
      return findNotificationsOfUser(db, userId, {
        unreadOnly: query.unreadOnly,
        limit: query.pageSize,
        offset: (query.page - 1) * query.pageSize,
      });
    },

    async markRead(userId: number, id: number) {
      const row = await markRead(db, userId, id, clock.now());
      if (!row) throw new NotFoundError('NOTIFICATION_NOT_FOUND', 'Notification not found');
      return row;
    },

    markAllRead(userId: number): Promise<number> {
      return markAllRead(db, userId, clock.now());
    },
  };
}
export type NotificationsService = ReturnType<typeof createNotificationsService>;
