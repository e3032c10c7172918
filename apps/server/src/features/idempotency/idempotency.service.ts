import { createHash } from 'node:crypto';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { ConflictError, DomainError, type ErrorKind, isRefusal } from '../../domain-error.ts';
import {
  claimKey,
  findKey,
  type IdempotencyRow,
  releaseKey,
  storeOutcome,
  takeOverStaleKey,
} from './idempotency.repo.ts';

export const STILL_PROCESSING =
  'A request with this Idempotency-Key is still being processed. Try again shortly.';
export const KEY_REUSED = 'This Idempotency-Key was already used for a different request.';

export interface IdempotentRequest {
  /** Which operation the key belongs to: "withdraw", "disburse:12". */
  readonly scope: string;
  readonly key: string;
  readonly userId: number;
  /** What the client sent; the same key with another request is refused. */
  readonly request: unknown;
}

/** JSON with object keys sorted, so the same request always hashes the same. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

function replay<T>(row: IdempotencyRow): T {
  const refusal = row.refusal;
  if (refusal) {
    throw new DomainError(refusal.kind as ErrorKind, refusal.code, refusal.message, refusal.details);
  }
  return row.responseBody as T;
}

/**
 * Idempotency-Key handling for requests that move money (decisions.md): the first request runs, a
 * repeat answers the first result (success or refusal), a repeat while the first still runs answers
 * 409, and the key with a different request answers 409. A claim whose process died is taken over
 * after `staleAfterMs`; the work itself must be safe to run again (it is keyed too).
 */
export function createIdempotencyService({
  db,
  clock,
  staleAfterMs = 2 * 60 * 1000,
}: {
  db: Db;
  clock: Clock;
  staleAfterMs?: number;
}) {
  return {
    async run<T>(input: IdempotentRequest, work: () => Promise<T>): Promise<T> {
      const requestHash = createHash('sha256').update(canonical(input.request)).digest('hex');
      const now = clock.now();
      let claim = await claimKey(db, {
        scope: input.scope,
        key: input.key,
        userId: input.userId,
        requestHash,
        createdAt: now,
        updatedAt: now,
      });
      if (!claim) {
        const existing = await findKey(db, input.scope, input.userId, input.key);
        if (!existing) throw new ConflictError('IDEMPOTENCY_KEY_IN_USE', STILL_PROCESSING);
        if (existing.requestHash !== requestHash)
          throw new ConflictError('IDEMPOTENCY_KEY_REUSED', KEY_REUSED);
        if (existing.state === 'done') return replay<T>(existing);
        const isStale = now.getTime() - existing.updatedAt.getTime() >= staleAfterMs;
        if (!isStale || !(await takeOverStaleKey(db, existing, now)))
          throw new ConflictError('IDEMPOTENCY_KEY_IN_USE', STILL_PROCESSING);
        claim = existing;
      }
      let result: T;
      try {
        result = await work();
      } catch (error) {
        if (isRefusal(error)) {
          // A refusal is an answer too: the same request again is refused the same way.
          const refusal = {
            kind: error.kind,
            code: error.code,
            message: error.message,
            ...(error.details ? { details: error.details } : {}),
          };
          await storeOutcome(db, claim.id, { refusal }, clock.now());
        } else {
          // Nothing to answer: free the key so the client's retry runs the (idempotent) work again.
          await releaseKey(db, claim.id);
        }
        throw error;
      }
      await storeOutcome(db, claim.id, { answer: result }, clock.now());
      return result;
    },
  };
}
export type IdempotencyService = ReturnType<typeof createIdempotencyService>;
