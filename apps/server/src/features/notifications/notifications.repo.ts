import { and, count, desc, eq, gt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { namedStatement } from '../../db/named-statement.ts';
import { notifications } from '../../db/schema/index.ts';

export type NotificationRow = typeof notifications.$inferSelect;

export async function insertNotification(
  db: DbOrTx,
  values: typeof notifications.$inferInsert,
): Promise<void> {
  await db.insert(notifications).values(values);
}

// Arrays (unnest): the same text for one notification or a group's (ADR 015).
const insertMany = namedStatement<
  never,
  {
    userIds: number[];
    kinds: string[];
    titles: string[];
    messages: string[];
    data: string[];
    createdAts: string[];
  }
>(
  'notifications.insert_many',
  (v) => sql`
    insert into ${notifications} (user_id, kind, title, message, data, created_at)
    select v.user_id, v.kind, v.title, v.message, v.data::jsonb, v.created_at
    from unnest(${v.userIds}::integer[], ${v.kinds}::text[], ${v.titles}::text[], ${v.messages}::text[],
      ${v.data}::text[], ${v.createdAts}::timestamptz[])
      as v(user_id, kind, title, message, data, created_at)`,
);

export async function insertNotifications(
  db: DbOrTx,
  values: readonly (typeof notifications.$inferInsert)[],
): Promise<void> {
  if (values.length === 0) return;
  await insertMany(db, {
    userIds: values.map((v) => v.userId),
    kinds: values.map((v) => v.kind),
    titles: values.map((v) => v.title),
    messages: values.map((v) => v.message),
    data: values.map((v) => JSON.stringify(v.data ?? {})),
    createdAts: values.map((v) => v.createdAt.toISOString()),
  });
}

export async function hasNotificationSince(
  db: DbOrTx,
  userId: number,
  kind: string,
  since: Date,
): Promise<boolean> {
  const [row] = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(
      and(eq(notifications.userId, userId), eq(notifications.kind, kind), gt(notifications.createdAt, since)),
    )
    .limit(1);
  return row !== undefined;
}

export async function findNotificationsOfUser(
  db: DbOrTx,
  userId: number,
  { unreadOnly, limit, offset }: { unreadOnly: boolean; limit: number; offset: number },
): Promise<{ rows: NotificationRow[]; total: number; unread: number }> {
  const where = and(
    eq(notifications.userId, userId),
    unreadOnly ? eq(notifications.isRead, false) : undefined,
  );
  const rows = await db
    .select()
    .from(notifications)
    .where(where)
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit)
    .offset(offset);
  const [totals] = await db
    .select({ total: count(), unread: sql<number>`count(*) filter (where not ${notifications.isRead})::int` })
    .from(notifications)
    .where(eq(notifications.userId, userId));
  return {
    rows,
    total: unreadOnly ? (totals?.unread ?? 0) : (totals?.total ?? 0),
    unread: totals?.unread ?? 0,
  };
}

export async function markRead(
  db: DbOrTx,
  userId: number,
  id: number,
  now: Date,
): Promise<NotificationRow | undefined> {
  const [updated] = await db
    .update(notifications)
    .set({ isRead: true, readAt: sql`coalesce(${notifications.readAt}, ${now})` })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning();
  return updated;
}

export async function markAllRead(db: DbOrTx, userId: number, now: Date): Promise<number> {
  const updated = await db
    .update(notifications)
    .set({ isRead: true, readAt: now })
    .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false)))
    .returning({ id: notifications.id });
  return updated.length;
}
