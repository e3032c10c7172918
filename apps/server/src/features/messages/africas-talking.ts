/**
 * SMS through Africa's Talking's messaging API (POST /version1/messaging, form-encoded, `apiKey`
 * header). Its send has no idempotency key, so the outbox never repeats a try whose outcome it did
 * not record (message-providers.ts). Delivery reports come back to /api/messages/delivery-reports/.
 */
import { type MessageProvider, PermanentDeliveryError } from './message-providers.ts';

export interface AfricasTalkingConfig {
  readonly baseUrl: string;
  readonly username: string;
  readonly apiKey: string;
  /** An approved sender ID or short code; the account's default when null. */
  readonly senderId: string | null;
}

interface Recipient {
  readonly statusCode: number;
  readonly number: string;
  readonly status: string;
  readonly messageId: string;
}

/** 100 Processed, 101 Sent, 102 Queued: accepted. 5xx are the gateway's own trouble: try again. */
const ACCEPTED = new Set([100, 101, 102]);

export function createAfricasTalkingSms(config: AfricasTalkingConfig): MessageProvider {
  return {
    name: 'africastalking',
    isIdempotent: false,
    async send(message) {
      const form = new URLSearchParams({ username: config.username, to: message.to, message: message.text });
      if (config.senderId) form.set('from', config.senderId);
      const response = await fetch(`${config.baseUrl}/version1/messaging`, {
        method: 'POST',
        headers: {
          apiKey: config.apiKey,
          Accept: 'application/json',
          'Content-Type': 'application/x-www-form-urlencoded',
        },
        body: form,
        signal: AbortSignal.timeout(15_000),
      });
      if (!response.ok) {
        const reason = `Africa's Talking answered ${response.status}`;
        // 4xx: our request is wrong (credentials, a bad number): asking again gives the same.
        throw response.status < 500 ? new PermanentDeliveryError(reason) : new Error(reason);
      }
      const body = (await response.json()) as { SMSMessageData?: { Recipients?: Recipient[] } };
      const [recipient] = body.SMSMessageData?.Recipients ?? [];
      if (!recipient) throw new Error("Africa's Talking accepted no recipient");
      if (!ACCEPTED.has(recipient.statusCode)) {
        const reason = `Africa's Talking refused: ${recipient.status} (${recipient.statusCode})`;
        throw recipient.statusCode >= 500 ? new Error(reason) : new PermanentDeliveryError(reason);
      }
      return { providerMessageId: recipient.messageId, isDelivered: false };
    },
  };
}

/** A delivery report's status, as the outbox records it; null: still on its way (Sent, Buffered …). */
export function reportedOutcome(status: string): 'delivered' | 'failed' | null {
  if (status === 'Success') return 'delivered';
  if (['Failed', 'Rejected', 'AbsentSubscriber', 'Expired'].includes(status)) return 'failed';
  return null;
}
