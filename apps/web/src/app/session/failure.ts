import { ApiRequestError } from '../../lib/api-client.ts';

/** A failed request in plain words, with the server's per-field messages (its `details`). */
export interface Failure {
  readonly message: string;
  readonly fieldErrors: Readonly<Record<string, string>>;
  /** 0 when the network failed. */
  readonly status: number;
  /** The server's stable reason, e.g. CODE_SENT_RECENTLY. */
  readonly code: string | null;
}

export const OFFLINE_MESSAGE =
  'You seem to be offline, so this was not sent. What you typed is kept: try again when you have a connection.';
/**
 * The request may have reached Sente and only the answer was lost (a dropped connection on a busy
 * network), so "not sent" would be untrue. A money request carries an Idempotency-Key: its retry is
 * answered by the first request, never done twice, and the person may be told so.
 */
export const NO_ANSWER_MESSAGE =
  'Sente did not answer, so this may or may not have gone through. What you typed is kept: please try again.';
export const NO_ANSWER_KEYED_MESSAGE =
  'Sente did not answer, so this may or may not have gone through. What you typed is kept: trying again is safe, it will not be done twice.';
export const SERVER_TROUBLE_MESSAGE =
  'Sente could not finish this just now. What you typed is kept: please try again in a minute.';

/** Only when the phone knows it has no connection can it say the request never left. */
const isKnownOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

/**
 * What went wrong, worded for the person holding the phone. `isKeyed`: the request carried an
 * Idempotency-Key (payments, withdrawals, bids, accepting an offer), so trying again is safe.
 */
export function failureOf(error: unknown, options: { readonly isKeyed?: boolean } = {}): Failure {
  if (!(error instanceof ApiRequestError)) {
    return { message: SERVER_TROUBLE_MESSAGE, fieldErrors: {}, status: -1, code: null };
  }
  const fieldErrors: Record<string, string> = {};
  for (const [field, messages] of Object.entries(error.details ?? {})) {
    const first = messages[0];
    if (first) fieldErrors[field] = first;
  }
  const code = error.body?.code ?? null;
  if (error.status === 0) {
    const message = isKnownOffline()
      ? OFFLINE_MESSAGE
      : options.isKeyed
        ? NO_ANSWER_KEYED_MESSAGE
        : NO_ANSWER_MESSAGE;
    return { message, fieldErrors, status: 0, code };
  }
  if (error.status >= 500 || !error.body) {
    return { message: SERVER_TROUBLE_MESSAGE, fieldErrors, status: error.status, code };
  }
  return { message: error.body.error, fieldErrors, status: error.status, code };
}

/** Why something could not be loaded, in plain words. */
export function loadFailureMessage(error: unknown): string {
  const failure = failureOf(error);
  if (failure.status === 0) return 'You seem to be offline. Connect to the internet and try again.';
  if (failure.status < 0 || failure.status >= 500)
    return 'Sente is not answering just now. Try again in a minute.';
  return failure.message;
}
