import { useCallback, useRef } from 'react';

/**
 * Idempotency keys for requests that move money (decisions.md): one fresh key per user action,
 * and the same key again when the user retries that same action after a failure, so the server
 * answers the first result instead of paying twice.
 */
export function useIdempotencyKeys(): {
  keyFor(action: string): string;
  /** The action succeeded (or was abandoned): the next attempt is a new action. */
  settle(action: string): void;
} {
  const keys = useRef(new Map<string, string>());
  const keyFor = useCallback((action: string) => {
    let key = keys.current.get(action);
    if (!key) {
      key = crypto.randomUUID();
      keys.current.set(action, key);
    }
    return key;
  }, []);
  const settle = useCallback((action: string) => {
    keys.current.delete(action);
  }, []);
  return { keyFor, settle };
}
