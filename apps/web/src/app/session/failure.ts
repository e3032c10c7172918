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
export const SERVER_TROUBLE_MESSAGE =
  'Sente could not finish this just now. What you typed is kept: please try again in a minute.';

/** What went wrong, worded for the person holding the phone. */
export function failureOf(error: unknown): Failure {
  if (!(error instanceof ApiRequestError)) {
    return { message: SERVER_TROUBLE_MESSAGE, fieldErrors: {}, status: -1, code: null };
  }
  const fieldErrors: Record<string, string> = {};
  for (const [field, messages] of Object.entries(error.details ?? {})) {
    const first = messages[0];
    if (first) fieldErrors[field] = first;
  }
  const code = error.body?.code ?? null;
  if (error.status === 0) return { message: OFFLINE_MESSAGE, fieldErrors, status: 0, code };
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
