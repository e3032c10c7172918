import { and, asc, count, desc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { namedStatement } from '../../db/named-statement.ts';
import { preparedRead } from '../../db/prepared-read.ts';
import {
  loanInstallments,
  loans,
  messagePreferences,
  messages,
  notifications,
  users,
} from '../../db/schema/index.ts';

export type MessageRow = typeof messages.$inferSelect;
export type NewMessageRow = typeof messages.$inferInsert;

// Arrays (unnest): the same text for one message or a group's receipts (ADR 015). The in-app
// inbox is delivered by writing it: each inbox message written (not one its dedupe key had already
// written) and each notice become a notification in the same statement, one round trip for what
// was two or three (issue 20).
const insertOnce = namedStatement<
  { id: number; dedupeKey: string | null; channel: string },
  {
    userIds: (number | null)[];
    channels: string[];
    templates: string[];
    categories: string[];
    recipients: (string | null)[];
    subjects: (string | null)[];
    bodies: string[];
    htmls: (string | null)[];
    statuses: string[];
    notBefores: (string | null)[];
    dedupeKeys: (string | null)[];
    createdAts: (string | null)[];
    sentAts: (string | null)[];
    deliveredAts: (string | null)[];
    updatedAts: (string | null)[];
    noticeUserIds: number[];
    noticeKinds: string[];
    noticeTitles: string[];
    noticeMessages: string[];
    noticeData: string[];
    notifiedAt: string;
  }
>(
  'messages.insert_once',
  (v) => sql`with written as (
      insert into ${messages} (user_id, channel, template, category, recipient, subject, body, html,
        status, not_before, dedupe_key, created_at, sent_at, delivered_at, updated_at)
      select * from unnest(${v.userIds}::integer[], ${v.channels}::text[], ${v.templates}::text[],
        ${v.categories}::text[], ${v.recipients}::text[], ${v.subjects}::text[], ${v.bodies}::text[],
        ${v.htmls}::text[], ${v.statuses}::text[], ${v.notBefores}::timestamptz[], ${v.dedupeKeys}::text[],
        ${v.createdAts}::timestamptz[], ${v.sentAts}::timestamptz[], ${v.deliveredAts}::timestamptz[],
        ${v.updatedAts}::timestamptz[])
      on conflict (dedupe_key, channel) do nothing
      returning id, dedupe_key, channel, user_id, template, subject, body),
    notified as (
      insert into ${notifications} (user_id, kind, title, message, data, created_at)
      select n.user_id, n.kind, n.title, n.message, n.data::jsonb, ${v.notifiedAt}::timestamptz
      from unnest(${v.noticeUserIds}::integer[], ${v.noticeKinds}::text[], ${v.noticeTitles}::text[],
        ${v.noticeMessages}::text[], ${v.noticeData}::text[]) as n(user_id, kind, title, message, data)
      union all
      select w.user_id, w.template, coalesce(w.subject, ''), w.body, '{}'::jsonb,
        ${v.notifiedAt}::timestamptz
      from written w where w.channel = 'inbox')
    select id, dedupe_key as "dedupeKey", channel from written`,
);

/** An in-app notification written with the messages (notifications.service's NewNotification). */
export interface NoticeRow {
  readonly userId: number;
  readonly kind: string;
  readonly title: string;
  readonly message: string;
  readonly data: Record<string, string | number | null>;
}

/**
 * Writes the messages, in one statement, each unless one with the same dedupe key and channel
 * exists, with a notification for each inbox message written and for each of `notices`, created
 * at `notifiedAt`; answers, in the order given, each message's id when written and null when it was not.
 * The caller gives a dedupe key and channel at most once.
 */
export async function insertMessagesOnce(
  db: DbOrTx,
  rows: readonly NewMessageRow[],
  notices: readonly NoticeRow[],
  notifiedAt: Date,
): Promise<(number | null)[]> {
  if (rows.length === 0 && notices.length === 0) return [];
  const time = (at: Date | null | undefined) => at?.toISOString() ?? null;
  const inserted = await insertOnce(db, {
    userIds: rows.map((r) => r.userId ?? null),
    channels: rows.map((r) => r.channel),
    templates: rows.map((r) => r.template),
    categories: rows.map((r) => r.category),
    recipients: rows.map((r) => r.recipient ?? null),
    subjects: rows.map((r) => r.subject ?? null),
    bodies: rows.map((r) => r.body),
    htmls: rows.map((r) => r.html ?? null),
    statuses: rows.map((r) => r.status ?? 'queued'),
    notBefores: rows.map((r) => time(r.notBefore)),
    dedupeKeys: rows.map((r) => r.dedupeKey ?? null),
    createdAts: rows.map((r) => time(r.createdAt)),
    sentAts: rows.map((r) => time(r.sentAt)),
    deliveredAts: rows.map((r) => time(r.deliveredAt)),
    updatedAts: rows.map((r) => time(r.updatedAt)),
    noticeUserIds: notices.map((n) => n.userId),
    noticeKinds: notices.map((n) => n.kind),
    noticeTitles: notices.map((n) => n.title),
    noticeMessages: notices.map((n) => n.message),
    noticeData: notices.map((n) => JSON.stringify(n.data)),
    notifiedAt: notifiedAt.toISOString(),
  });
  // A row without a dedupe key is always written; the rows come back in the order given.
  const byKey = new Map(
    inserted
      .filter((row) => row.dedupeKey !== null)
      .map((row) => [`${row.channel}|${row.dedupeKey}`, row.id]),
  );
  const unkeyed = inserted.filter((row) => row.dedupeKey === null).map((row) => row.id);
  let next = 0;
  return rows.map((row) =>
    row.dedupeKey === null || row.dedupeKey === undefined
      ? (unkeyed[next++] ?? null)
      : (byKey.get(`${row.channel}|${row.dedupeKey}`) ?? null),
  );
}

// Every message reads its recipient: a named statement, planned once per connection.
const recipients = preparedRead('messages.recipients', (db) =>
  db
    .select({ id: users.id, name: users.name, email: users.email, phoneNumber: users.phoneNumber })
    .from(users)
    .where(and(sql`${users.id} = any(${sql.placeholder('userIds')}::integer[])`, isNull(users.deletedAt))),
);

/** The live accounts among `userIds`, with what a message needs of them. */
export async function findRecipients(db: DbOrTx, userIds: readonly number[]) {
  if (userIds.length === 0) return [];
  return recipients(db).execute({ userIds: [...userIds] });
}

export async function findActiveAdminIds(db: DbOrTx): Promise<number[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.status, 'Active'), isNull(users.deletedAt)))
    .orderBy(asc(users.id));
  return rows.map((row) => row.id);
}

/** What a user who never changed their message preferences gets: everything. */
export const DEFAULT_PREFERENCES = { marketing: true, digests: true } as const;

export async function findPreferences(db: DbOrTx, userId: number) {
  const [row] = await db.select().from(messagePreferences).where(eq(messagePreferences.userId, userId));
  return row ?? { userId, ...DEFAULT_PREFERENCES };
}

/** The stored preferences of these users; a user without a row has DEFAULT_PREFERENCES. */
export async function findPreferencesOf(db: DbOrTx, userIds: readonly number[]) {
  if (userIds.length === 0) return new Map<number, { marketing: boolean; digests: boolean }>();
  const rows = await db
    .select()
    .from(messagePreferences)
    .where(inArray(messagePreferences.userId, [...userIds]));
  return new Map(rows.map((row) => [row.userId, row]));
}

export async function savePreferences(
  db: DbOrTx,
  userId: number,
  values: { marketing: boolean; digests: boolean },
  now: Date,
): Promise<void> {
  await db
    .insert(messagePreferences)
    .values({ userId, ...values, updatedAt: now })
    .onConflictDoUpdate({ target: messagePreferences.userId, set: { ...values, updatedAt: now } });
}

/**
 * Takes up to `limit` messages for sending, marking them `sending` with one more attempt, in one
 * statement that two workers can run at once (SKIP LOCKED): each message goes to one of them.
 * `queued`: the due ones. `orphaned`: left `sending` since before `staleBefore`, their worker died.
 */
export async function claimMessages(
  db: DbOrTx,
  which: 'queued' | 'orphaned',
  { now, staleBefore, limit }: { now: Date; staleBefore: Date; limit: number },
): Promise<MessageRow[]> {
  const due = db
    .select({ id: messages.id })
    .from(messages)
    .where(
      and(
        lte(messages.notBefore, now),
        inArray(messages.channel, ['sms', 'email']),
        which === 'queued'
          ? eq(messages.status, 'queued')
          : and(eq(messages.status, 'sending'), lt(messages.updatedAt, staleBefore)),
      ),
    )
    .orderBy(asc(messages.notBefore), asc(messages.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(messages)
    .set({ status: 'sending', attempts: sql`${messages.attempts} + 1`, updatedAt: now })
    .where(inArray(messages.id, due))
    .returning();
}

/**
 * Takes these messages for sending now (a security code that should reach the phone while its user
 * waits), skipping any that are not queued and due or that a delivery job holds already.
 */
export async function claimMessagesById(
  db: DbOrTx,
  ids: readonly number[],
  now: Date,
): Promise<MessageRow[]> {
  if (ids.length === 0) return [];
  const due = db
    .select({ id: messages.id })
    .from(messages)
    .where(and(inArray(messages.id, [...ids]), eq(messages.status, 'queued'), lte(messages.notBefore, now)))
    .for('update', { skipLocked: true });
  return db
    .update(messages)
    .set({ status: 'sending', attempts: sql`${messages.attempts} + 1`, updatedAt: now })
    .where(inArray(messages.id, due))
    .returning();
}

export async function recordOutcome(
  db: DbOrTx,
  id: number,
  values: Partial<
    Pick<
      NewMessageRow,
      | 'status'
      | 'provider'
      | 'providerMessageId'
      | 'lastError'
      | 'notBefore'
      | 'sentAt'
      | 'deliveredAt'
      | 'body'
      | 'html'
    >
  > & {
    updatedAt: Date;
  },
): Promise<void> {
  await db.update(messages).set(values).where(eq(messages.id, id));
}

/** A delivery report: only a message still on its way moves (sent → delivered or failed). */
export async function recordReport(
  db: DbOrTx,
  provider: string,
  providerMessageId: string,
  values: { status: 'delivered' | 'failed'; lastError: string | null; at: Date },
): Promise<boolean> {
  const updated = await db
    .update(messages)
    .set({
      status: values.status,
      lastError: values.lastError,
      ...(values.status === 'delivered' ? { deliveredAt: values.at } : {}),
      updatedAt: values.at,
    })
    .where(
      and(
        eq(messages.provider, provider),
        eq(messages.providerMessageId, providerMessageId),
        inArray(messages.status, ['sending', 'sent']),
      ),
    )
    .returning({ id: messages.id });
  return updated.length > 0;
}

export async function findMessagesOfUser(
  db: DbOrTx,
  userId: number,
  { limit, offset }: { limit: number; offset: number },
): Promise<{ rows: MessageRow[]; count: number }> {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(messages)
      .where(eq(messages.userId, userId))
      .orderBy(desc(messages.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(messages).where(eq(messages.userId, userId)),
  ]);
  return { rows, count: total?.n ?? 0 };
}

export async function findMessageById(db: DbOrTx, id: number): Promise<MessageRow | undefined> {
  const [row] = await db.select().from(messages).where(eq(messages.id, id));
  return row;
}

/** Unpaid installments due on one of `dueDates` (Kampala dates), of loans still being repaid. */
export async function findInstallmentsDueOn(db: DbOrTx, dueDates: readonly string[]) {
  return db
    .select({
      installmentId: loanInstallments.id,
      number: loanInstallments.number,
      dueDate: loanInstallments.dueDate,
      owed: sql<number>`(${loanInstallments.principalDue} - ${loanInstallments.principalPaid} + ${loanInstallments.interestDue} - ${loanInstallments.interestPaid})::bigint`.mapWith(
        Number,
      ),
      loanId: loans.id,
      loanRef: loans.loanRef,
      userId: loans.userId,
      name: users.name,
    })
    .from(loanInstallments)
    .innerJoin(loans, eq(loans.id, loanInstallments.loanId))
    .innerJoin(users, eq(users.id, loans.userId))
    .where(
      and(
        inArray(loanInstallments.dueDate, [...dueDates]),
        // Unpaid as loan_installments_unpaid_due_idx says it (the same rows: paid never exceeds due),
        // so the day's unpaid installments come from that partial index, not every one due that day.
        or(
          lt(loanInstallments.principalPaid, loanInstallments.principalDue),
          lt(loanInstallments.interestPaid, loanInstallments.interestDue),
        ),
        inArray(loans.status, ['ACTIVE', 'OVERDUE']),
      ),
    )
    .orderBy(asc(loanInstallments.id));
}
