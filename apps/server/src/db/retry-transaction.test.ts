import { describe, expect, it } from 'vitest';
import { RETRY_ATTEMPTS, retriedOnAbort } from './retry-transaction.ts';

/** An error as node-postgres raises it for an aborted transaction, optionally wrapped as drizzle does. */
function pgError(code: string, wrapped = false): Error {
  const error = Object.assign(new Error(code === '40P01' ? 'deadlock detected' : 'failed'), { code });
  return wrapped ? new Error('Failed query', { cause: error }) : error;
}

/** Work that fails with each of `failures` in turn, then answers "done". */
function failingThen(failures: Error[]) {
  let calls = 0;
  const work = async () => {
    const failure = failures[calls];
    calls += 1;
    if (failure) throw failure;
    return 'done';
  };
  return { work, calls: () => calls };
}

describe('retriedOnAbort', () => {
  it('runs work PostgreSQL aborted for a deadlock or a serialization failure again, wrapped or not', async () => {
    const attempt = failingThen([pgError('40P01'), pgError('40001', true)]);
    await expect(retriedOnAbort(attempt.work)).resolves.toBe('done');
    expect(attempt.calls()).toBe(3);
  });

  it(`gives up after ${RETRY_ATTEMPTS} aborts and throws the last one`, async () => {
    const aborts = Array.from({ length: RETRY_ATTEMPTS }, () => pgError('40P01'));
    const attempt = failingThen(aborts);
    await expect(retriedOnAbort(attempt.work)).rejects.toBe(aborts.at(-1));
    expect(attempt.calls()).toBe(RETRY_ATTEMPTS);
  });

  it('throws any other failure at once, without running the work again', async () => {
    const unique = pgError('23505');
    const attempt = failingThen([unique]);
    await expect(retriedOnAbort(attempt.work)).rejects.toBe(unique);
    expect(attempt.calls()).toBe(1);
  });
});
