import { ApiRequestError, NETWORK_ERROR_MESSAGE } from './api-client.ts';

/**
 * What the server said went wrong, to show under the spec's own message (which stays word for
 * word); null when there is nothing to add.
 */
export function serverReason(error: unknown): string | null {
  if (!(error instanceof ApiRequestError)) return null;
  if (error.status === 0) return NETWORK_ERROR_MESSAGE;
  return error.body?.error ?? null;
}

export function isStatus(error: unknown, status: number): boolean {
  return error instanceof ApiRequestError && error.status === status;
}
