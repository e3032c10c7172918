/** Where messages leave Sente: an SMS gateway and an e-mail server, each behind one interface. */

export interface OutgoingMessage {
  /** The outbox id, as `sente-message-<id>`: the provider's idempotency key where it has one. */
  readonly idempotencyKey: string;
  readonly to: string;
  readonly subject: string | null;
  readonly text: string;
  readonly html: string | null;
}

export interface SendOutcome {
  readonly providerMessageId: string;
  /** The provider already knows it reached the phone (the simulator); others report later. */
  readonly isDelivered: boolean;
}

export interface MessageProvider {
  readonly name: string;
  /**
   * Whether a repeat with the same idempotency key is sent only once. Without it, a message whose
   * try ended without an answer (the process died) is never tried again: failed, not sent twice.
   */
  readonly isIdempotent: boolean;
  send(message: OutgoingMessage): Promise<SendOutcome>;
  close?(): Promise<void>;
}

/** A refusal the provider will give again (a number it cannot reach): no retry. */
export class PermanentDeliveryError extends Error {}

/** The local SMS simulator (features/sms) as the outbox's provider: it honours the key and delivers at once. */
export function simulatorSmsProvider(simulator: {
  deliver(message: { idempotencyKey: string; to: string; text: string }): Promise<string>;
}): MessageProvider {
  return {
    name: 'simulator',
    isIdempotent: true,
    async send(message) {
      const providerMessageId = await simulator.deliver(message);
      return { providerMessageId, isDelivered: true };
    },
  };
}
