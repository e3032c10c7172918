import type { SentMessage } from '@sente/contract';
import type { MessageRow } from './messages.repo.ts';

const STATUSES = ['queued', 'sending', 'sent', 'delivered', 'failed'] as const;
const CHANNELS = ['sms', 'email', 'inbox'] as const;

function oneOf<T extends string>(values: readonly T[], value: string, fallback: T): T {
  return (values as readonly string[]).includes(value) ? (value as T) : fallback;
}

export function toSentMessageDto(row: MessageRow): SentMessage {
  return {
    id: row.id,
    template: row.template,
    channel: oneOf(CHANNELS, row.channel, 'sms'),
    category: row.category,
    recipient: row.recipient,
    subject: row.subject,
    body: row.body,
    status: oneOf(STATUSES, row.status, 'failed'),
    attempts: row.attempts,
    error: row.lastError,
    created_at: row.createdAt.toISOString(),
    not_before: row.notBefore.toISOString(),
    sent_at: row.sentAt?.toISOString() ?? null,
    delivered_at: row.deliveredAt?.toISOString() ?? null,
  };
}
