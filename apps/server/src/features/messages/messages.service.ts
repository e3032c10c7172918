import type { Clock } from '../../clock.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { NewNotification } from '../notifications/notifications.service.ts';
import { type MessageProvider, PermanentDeliveryError } from './message-providers.ts';
import {
  type Channel,
  type MessageCategory,
  type MessageTemplate,
  type TemplateDataMap,
  type TemplateName,
  templates,
} from './message-templates.ts';
import {
  claimMessages,
  claimMessagesById,
  DEFAULT_PREFERENCES,
  findActiveAdminIds,
  findMessagesOfUser,
  findPreferences,
  findPreferencesOf,
  findRecipients,
  insertMessagesOnce,
  type MessageRow,
  type NewMessageRow,
  recordOutcome,
  recordReport,
  savePreferences,
} from './messages.repo.ts';
import { smsReleaseTime } from './quiet-hours.ts';
import { simpleHtml } from './smtp-email.ts';

export interface MessagesDeps {
  readonly db: Db;
  readonly clock: Clock;
  readonly sms: MessageProvider;
  /** Null when no SMTP server is configured: e-mails are then not written at all. */
  readonly email: MessageProvider | null;
  /** Tries per message before it is failed; waits double from `retryDelayMs`. */
  readonly maxAttempts?: number;
  readonly retryDelayMs?: number;
  /** A message `sending` longer than this lost its worker (docs/notifications.md). */
  readonly claimTimeoutMs?: number;
}

export interface SendOptions {
  /** Makes the message once-only: a second write with the same key (and channel) is ignored. */
  readonly dedupeKey?: string;
  /** The SMS goes to this number instead of the one on file (a code for a number being added). */
  readonly smsTo?: string;
  /** A deadline the message is about: an SMS the quiet hours would hold until then is not written. */
  readonly expiresAt?: Date;
  /**
   * The recipient as the caller just read them in this transaction (a live account: not deleted),
   * so the message does not read them again (a repayment's receipt, issue 20's round trips).
   */
  readonly recipient?: Recipient | undefined;
}

/** One message of a sendAll: what send takes, as one value. */
export type SendRequest = {
  [Name in TemplateName]: {
    readonly userId: number;
    readonly name: Name;
    readonly data: TemplateDataMap[Name];
    readonly options?: SendOptions;
  };
}[TemplateName];

export interface Recipient {
  readonly id: number;
  readonly name: string;
  readonly email: string;
  readonly phoneNumber: string | null;
}

export interface DeliveryRound {
  readonly sent: number;
  readonly retrying: number;
  readonly failed: number;
}

/** Users may turn these off; security, payment and service messages always go. */
const OPTIONAL: ReadonlySet<MessageCategory> = new Set(['marketing', 'digest']);

/**
 * How many of a scheduled job's messages one transaction writes (sendInBatches). A run's messages
 * in one transaction held the embedded database's only connection for the whole run: 18 s for a
 * day's installment reminders at scale 100, every request waiting (docs/scale.md, "The message
 * jobs in batches"). A batch of 100 is three statements and tens of milliseconds.
 */
export const MESSAGE_BATCH_SIZE = 100;

export function createMessagesService(deps: MessagesDeps) {
  const { db, clock } = deps;
  const maxAttempts = deps.maxAttempts ?? 5;
  const retryDelayMs = deps.retryDelayMs ?? 60_000;
  const claimTimeoutMs = deps.claimTimeoutMs ?? 5 * 60_000;
  const providers: Record<'sms' | 'email', MessageProvider | null> = { sms: deps.sms, email: deps.email };

  /**
   * Writes the user's messages of `template` in the caller's transaction: one row per channel the
   * template has and the user can be reached on. With `dedupeKey` a second call writes nothing.
   * Answers the ids of the rows written.
   */
  async function queue<Name extends TemplateName>(
    tx: DbOrTx,
    userId: number,
    name: Name,
    data: TemplateDataMap[Name],
    options: SendOptions = {},
  ): Promise<number[]> {
    // One message's name and data agree by the signature above; the union type cannot see it.
    const [written] = await queueAll(tx, [{ userId, name, data, options } as SendRequest]);
    return written ?? [];
  }

  /**
   * queue for several messages of one unit of work (the receipts of a group of settlements,
   * ADR 015): their recipients read in one statement (none when the caller gives them), their rows
   * written in one, with their inbox notifications and the caller's `notices` (in-app
   * notifications of the same event). Answers the ids written per message, in order. A dedupe key
   * met twice in the same call writes once, for the first.
   */
  async function queueAll(
    tx: DbOrTx,
    requests: readonly SendRequest[],
    notices: readonly NewNotification[] = [],
  ): Promise<number[][]> {
    const unknown = [
      ...new Set(requests.filter((r) => r.options?.recipient?.id !== r.userId).map((r) => r.userId)),
    ];
    const found = new Map((await findRecipients(tx, unknown)).map((row) => [row.id, row]));
    const askedFor = requests.filter((r) => OPTIONAL.has(templates[r.name].category)).map((r) => r.userId);
    const preferencesOf = await findPreferencesOf(tx, [...new Set(askedFor)]);
    const now = clock.now();
    const rows: { request: number; row: NewMessageRow }[] = [];
    const seen = new Set<string>();
    for (const [index, request] of requests.entries()) {
      const { userId, options = {} } = request;
      const template = templates[request.name] as MessageTemplate<unknown>;
      const recipient = options.recipient?.id === userId ? options.recipient : found.get(userId);
      if (!recipient) continue;
      if (OPTIONAL.has(template.category)) {
        const preferences = preferencesOf.get(userId) ?? DEFAULT_PREFERENCES;
        const isWanted = template.category === 'marketing' ? preferences.marketing : preferences.digests;
        if (!isWanted) continue;
      }
      const base = {
        userId,
        template: request.name,
        category: template.category,
        dedupeKey: options.dedupeKey ?? null,
        createdAt: now,
        updatedAt: now,
      };
      const add = (channel: Channel, row: Omit<NewMessageRow, keyof typeof base | 'channel'>) => {
        if (base.dedupeKey !== null) {
          const key = `${channel}|${base.dedupeKey}`;
          if (seen.has(key)) return;
          seen.add(key);
        }
        rows.push({ request: index, row: { ...base, channel, ...row } });
      };
      const smsTo = options.smsTo ?? recipient.phoneNumber;
      const smsAt = smsReleaseTime(now, template.category);
      const isSmsInTime = !options.expiresAt || smsAt < options.expiresAt;
      if (template.sms && smsTo && isSmsInTime) {
        add('sms', { recipient: smsTo, body: template.sms(request.data), notBefore: smsAt });
      }
      if (template.email && providers.email) {
        const email = template.email(request.data);
        add('email', {
          recipient: recipient.email,
          subject: email.subject,
          body: email.text,
          html: simpleHtml(email.subject, email.text),
          notBefore: now,
        });
      }
      if (template.inbox) {
        const inbox = template.inbox(request.data);
        add('inbox', {
          subject: inbox.title,
          body: inbox.message,
          status: 'delivered',
          notBefore: now,
          sentAt: now,
          deliveredAt: now,
        });
      }
    }
    // The in-app inbox is delivered by writing it: no provider, no wait (and once per dedupe key).
    const ids = await insertMessagesOnce(
      tx,
      rows.map((r) => r.row),
      notices.map((notice) => ({ ...notice, data: notice.data ?? {} })),
      now,
    );
    const written: number[][] = requests.map(() => []);
    rows.forEach((r, at) => {
      const id = ids[at];
      if (id !== null && id !== undefined) written[r.request]?.push(id);
    });
    return written;
  }

  async function send<Name extends TemplateName>(
    tx: DbOrTx,
    userId: number,
    name: Name,
    data: TemplateDataMap[Name],
    options: SendOptions = {},
  ): Promise<number> {
    return (await queue(tx, userId, name, data, options)).length;
  }

  function providerOf(message: MessageRow): MessageProvider | null {
    return message.channel === 'sms' || message.channel === 'email' ? providers[message.channel] : null;
  }

  /** The stored text without its secret, once no try will need it again (docs/notifications.md). */
  function blankedSecret(message: MessageRow): { body?: string; html?: string | null } {
    const blank = templates[message.template as TemplateName]?.blankSecret;
    if (!blank) return {};
    return { body: blank(message.body), html: message.html === null ? null : blank(message.html) };
  }

  async function deliverOne(message: MessageRow): Promise<'sent' | 'retrying' | 'failed'> {
    const provider = providerOf(message);
    const now = () => clock.now();
    if (!provider || message.recipient === null) {
      await recordOutcome(db, message.id, {
        status: 'failed',
        lastError: 'No provider for this channel',
        updatedAt: now(),
      });
      return 'failed';
    }
    try {
      const outcome = await provider.send({
        idempotencyKey: `sente-message-${message.id}`,
        to: message.recipient,
        subject: message.subject,
        text: message.body,
        html: message.html,
      });
      const at = now();
      await recordOutcome(db, message.id, {
        ...blankedSecret(message),
        status: outcome.isDelivered ? 'delivered' : 'sent',
        provider: provider.name,
        providerMessageId: outcome.providerMessageId,
        lastError: null,
        sentAt: at,
        ...(outcome.isDelivered ? { deliveredAt: at } : {}),
        updatedAt: at,
      });
      return 'sent';
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const isFinal = error instanceof PermanentDeliveryError || message.attempts >= maxAttempts;
      const at = now();
      await recordOutcome(db, message.id, {
        ...(isFinal ? blankedSecret(message) : {}),
        status: isFinal ? 'failed' : 'queued',
        provider: provider.name,
        lastError: reason,
        notBefore: isFinal
          ? message.notBefore
          : new Date(at.getTime() + retryDelayMs * 2 ** (message.attempts - 1)),
        updatedAt: at,
      });
      return isFinal ? 'failed' : 'retrying';
    }
  }

  return {
    send,
    queue,

    /**
     * send for the messages of one unit of work, written together, with the in-app `notices` of
     * the same event (one statement for both: a repayment's receipt, issue 20); answers how many
     * messages each request wrote.
     */
    async sendAll(
      tx: DbOrTx,
      requests: readonly SendRequest[],
      options: { readonly notices?: readonly NewNotification[] } = {},
    ): Promise<number[]> {
      return (await queueAll(tx, requests, options.notices)).map((ids) => ids.length);
    },

    /**
     * A scheduled job's messages (reminders, digests, statements), written MESSAGE_BATCH_SIZE to a
     * transaction, each batch as sendAll writes it. The job's run commits batch by batch: a crash
     * keeps what was written, and the dedupe keys make the next run write only the rest. Answers
     * how many messages were written.
     */
    async sendInBatches(requests: readonly SendRequest[], batchSize = MESSAGE_BATCH_SIZE): Promise<number> {
      let written = 0;
      for (let at = 0; at < requests.length; at += batchSize) {
        const batch = requests.slice(at, at + batchSize);
        const ids = await db.transaction((tx) => queueAll(tx, batch));
        written += ids.reduce((sum, one) => sum + one.length, 0);
      }
      return written;
    },

    /**
     * The same message to every active admin (new enquiry, money needing attention, a dead job).
     * A `dedupeKey` is made per admin, so each of them gets it once.
     */
    async sendToAdmins<Name extends TemplateName>(
      tx: DbOrTx,
      name: Name,
      data: TemplateDataMap[Name],
      options: { dedupeKey?: string } = {},
    ) {
      for (const adminId of await findActiveAdminIds(tx)) {
        const dedupeKey =
          options.dedupeKey === undefined ? {} : { dedupeKey: `${options.dedupeKey}:${adminId}` };
        await send(tx, adminId, name, data, dedupeKey);
      }
    },

    /**
     * Sends these queued messages now, once the transaction that wrote them has committed: a phone
     * code reaches the phone while its user waits on the screen. What fails here stays queued, and
     * the delivery job retries it as any other message.
     */
    async deliverNow(ids: readonly number[]): Promise<DeliveryRound> {
      const round = { sent: 0, retrying: 0, failed: 0 };
      const claimed = await db.transaction((tx) => claimMessagesById(tx, ids, clock.now()));
      for (const message of claimed) round[await deliverOne(message)]++;
      return round;
    },

    /**
     * The delivery job: sends what is due, a batch at a time, never inside a transaction (the claim
     * commits first), and records each outcome before anything tries that message again.
     */
    async deliverDue(limit = 50): Promise<DeliveryRound> {
      const now = clock.now();
      const window = { now, staleBefore: new Date(now.getTime() - claimTimeoutMs), limit };
      const round = { sent: 0, retrying: 0, failed: 0 };
      // Orphans first: their worker died between taking them and recording what the provider said.
      const orphans = await db.transaction((tx) => claimMessages(tx, 'orphaned', window));
      for (const message of orphans) {
        const provider = providerOf(message);
        if (provider && !provider.isIdempotent) {
          // The provider may have sent it; without an idempotency key a repeat could send it twice.
          await recordOutcome(db, message.id, {
            status: 'failed',
            provider: provider.name,
            lastError: 'Outcome unknown: the sending process stopped mid-send; not sent again',
            updatedAt: clock.now(),
          });
          round.failed++;
        } else {
          round[await deliverOne(message)]++;
        }
      }
      const due = await db.transaction((tx) => claimMessages(tx, 'queued', window));
      for (const message of due) round[await deliverOne(message)]++;
      return round;
    },

    /** A provider's delivery report; false when no message of that id is on its way. */
    async recordDeliveryReport(report: {
      provider: string;
      providerMessageId: string;
      outcome: 'delivered' | 'failed';
      reason: string | null;
    }): Promise<boolean> {
      return recordReport(db, report.provider, report.providerMessageId, {
        status: report.outcome,
        lastError: report.outcome === 'failed' ? report.reason : null,
        at: clock.now(),
      });
    },

    async close(): Promise<void> {
      await providers.sms?.close?.();
      await providers.email?.close?.();
    },

    listOfUser(userId: number, page: { limit: number; offset: number }) {
      return findMessagesOfUser(db, userId, page);
    },

    preferencesOf(userId: number) {
      return findPreferences(db, userId);
    },

    async setPreferences(userId: number, values: { marketing: boolean; digests: boolean }) {
      await savePreferences(db, userId, values, clock.now());
      return findPreferences(db, userId);
    },
  };
}
export type MessagesService = ReturnType<typeof createMessagesService>;
