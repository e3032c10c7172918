import { ApiRequestError } from '../../lib/api-client.ts';

/**
 * Whether a money request (a payment, a withdrawal, a bid) that failed got no final answer, so trying again must send the same
 * Idempotency-Key (the server then answers the first request, never pays twice): the network failed,
 * the server failed (it frees the key for the retry), or the first request is still being handled.
 * A refusal is a final answer: it moved no money, and the next try is a new request with a new key.
 */
export function isUnanswered(error: unknown): boolean {
  if (!(error instanceof ApiRequestError)) return true;
  if (error.status === 0 || error.status >= 500) return true;
  return error.body?.code === 'IDEMPOTENCY_KEY_IN_USE';
}
