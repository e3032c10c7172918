import { z } from 'zod';
import { ApiError, IdParams, IsoDateTime, pageOf, pageQuery } from './common.ts';
import { route } from './route.ts';

export const Notification = z
  .object({
    id: z.number().int(),
    kind: z.string(),
    title: z.string(),
    message: z.string(),
    data: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
    is_read: z.boolean(),
    created_at: IsoDateTime,
    read_at: IsoDateTime.nullable(),
  })
  .meta({ id: 'Notification' });
export type Notification = z.infer<typeof Notification>;

export const listNotifications = route({
  method: 'GET',
  path: '/api/notifications/',
  auth: 'user',
  summary: "The signed-in user's notifications, newest first",
  tags: ['notifications'],
  query: pageQuery(20).extend({
    unread_only: z
      .enum(['true', 'false', '1', '0'])
      .optional()
      .transform((v) => v === 'true' || v === '1'),
  }),
  responses: {
    200: pageOf(Notification).extend({ unread_count: z.number().int() }),
    400: ApiError,
    401: ApiError,
  },
});

export const markNotificationRead = route({
  method: 'POST',
  path: '/api/notifications/:id/read/',
  auth: 'user',
  summary: 'Mark one of my notifications read',
  tags: ['notifications'],
  params: IdParams,
  responses: { 200: Notification, 400: ApiError, 401: ApiError, 404: ApiError },
});

export const markAllNotificationsRead = route({
  method: 'POST',
  path: '/api/notifications/read_all/',
  auth: 'user',
  summary: 'Mark all my notifications read',
  tags: ['notifications'],
  responses: { 200: z.object({ updated: z.number().int() }), 401: ApiError },
});

export const notificationsRoutes = {
  listNotifications,
  markNotificationRead,
  markAllNotificationsRead,
} as const;
