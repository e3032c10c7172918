import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { fixedClock } from '../../clock.ts';
import { InvalidInputError } from '../../domain-error.ts';
import { createIdempotencyService, KEY_REUSED, STILL_PROCESSING } from './idempotency.service.ts';

let t: TestApp;
let userId: number;
let otherUserId: number;
const clock = fixedClock(new Date('2026-03-02T09:00:00Z'));
beforeAll(async () => {
  t = await createTestApp();
  userId = (await t.userWithToken('lender')).user.id;
  otherUserId = (await t.userWithToken('lender')).user.id;
});
afterAll(async () => {
  await t.close();
});

let n = 0;
const freshKey = () => `key-${++n}-${Date.now()}`;

describe('idempotencyService.run', () => {
  const service = () => createIdempotencyService({ db: t.db.database.db, clock, staleAfterMs: 60_000 });

  it('runs the work once and answers the first result to a repeat', async () => {
    const idempotency = service();
    const key = freshKey();
    let runs = 0;
    const work = async () => ({ run: ++runs });
    const request = { scope: 'withdraw', key, userId, request: { amount: 1000 } };
    expect(await idempotency.run(request, work)).toEqual({ run: 1 });
    expect(await idempotency.run(request, work)).toEqual({ run: 1 });
    expect(runs).toBe(1);
  });

  it('answers 409 to a repeat that arrives while the first is still running', async () => {
    const idempotency = service();
    const key = freshKey();
    let release: () => void = () => {};
    const first = idempotency.run({ scope: 'withdraw', key, userId, request: {} }, async () => {
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      return 'first';
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    await expect(
      idempotency.run({ scope: 'withdraw', key, userId, request: {} }, async () => 'second'),
    ).rejects.toMatchObject({
      kind: 'conflict',
      code: 'IDEMPOTENCY_KEY_IN_USE',
      message: STILL_PROCESSING,
    });
    release();
    expect(await first).toBe('first');
  });

  it('answers 409 when the key comes back with a different request', async () => {
    const idempotency = service();
    const key = freshKey();
    await idempotency.run({ scope: 'withdraw', key, userId, request: { amount: 1000 } }, async () => 'ok');
    await expect(
      idempotency.run({ scope: 'withdraw', key, userId, request: { amount: 2000 } }, async () => 'ok'),
    ).rejects.toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED', message: KEY_REUSED });
  });

  it('replays a refusal as the same refusal without running the work again', async () => {
    const idempotency = service();
    const key = freshKey();
    let runs = 0;
    const work = async () => {
      runs++;
      throw new InvalidInputError('INSUFFICIENT_WALLET_BALANCE', 'Insufficient wallet balance', {
        amount: ['Too much'],
      });
    };
    const request = { scope: 'withdraw', key, userId, request: {} };
    await expect(idempotency.run(request, work)).rejects.toMatchObject({ kind: 'invalid' });
    await expect(idempotency.run(request, work)).rejects.toMatchObject({
      kind: 'invalid',
      code: 'INSUFFICIENT_WALLET_BALANCE',
      message: 'Insufficient wallet balance',
      details: { amount: ['Too much'] },
    });
    expect(runs).toBe(1);
  });

  it('frees the key after an unexpected failure so the retry runs', async () => {
    const idempotency = service();
    const key = freshKey();
    const request = { scope: 'withdraw', key, userId, request: {} };
    await expect(
      idempotency.run(request, async () => {
        throw new Error('provider unreachable');
      }),
    ).rejects.toThrow('provider unreachable');
    expect(await idempotency.run(request, async () => 'second try')).toBe('second try');
  });

  it('lets a retry take over a claim whose process died, once it is stale', async () => {
    const idempotency = service();
    const key = freshKey();
    const request = { scope: 'withdraw', key, userId, request: {} };
    // The first process claims the key and never finishes.
    void idempotency.run(request, () => new Promise<never>(() => {}));
    await new Promise((resolve) => setTimeout(resolve, 50));
    await expect(idempotency.run(request, async () => 'too early')).rejects.toMatchObject({
      code: 'IDEMPOTENCY_KEY_IN_USE',
    });
    clock.advance(61_000);
    expect(await idempotency.run(request, async () => 'taken over')).toBe('taken over');
  });

  it('keeps the keys of two users apart', async () => {
    const idempotency = service();
    const key = freshKey();
    expect(await idempotency.run({ scope: 'withdraw', key, userId, request: {} }, async () => 'mine')).toBe(
      'mine',
    );
    expect(
      await idempotency.run(
        { scope: 'withdraw', key, userId: otherUserId, request: {} },
        async () => 'theirs',
      ),
    ).toBe('theirs');
  });
});
