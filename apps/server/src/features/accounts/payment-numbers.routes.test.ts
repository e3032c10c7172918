import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { fixedClock } from '../../clock.ts';
import { paymentNumbers, simulatedSms, users } from '../../db/schema/index.ts';

const clock = fixedClock(new Date());
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(async () => {
  await t.close();
});

let numbers = 0;
function freshNumber(): string {
  numbers++;
  return `+25675810${String(numbers).padStart(4, '0')}`;
}

function call(token: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) {
  return t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
}
const add = (token: string, phone: string) =>
  call(token, 'POST', '/api/auth/payment-numbers/', { phone_number: phone });

async function smsTo(phone: string) {
  return t.db.database.db
    .select()
    .from(simulatedSms)
    .where(eq(simulatedSms.toNumber, phone))
    .orderBy(desc(simulatedSms.id));
}

describe('/api/auth/payment-numbers/', () => {
  it('lists the confirmed phone on file and the limits', async () => {
    const phone = freshNumber();
    const { token } = await t.userWithToken('lender', { phoneNumber: phone });
    const res = await call(token, 'GET', '/api/auth/payment-numbers/');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      numbers: [
        {
          phone_number: phone,
          kind: 'on_file',
          confirmed_at: expect.any(String),
          payouts_from: expect.any(String),
          can_collect: true,
          can_pay_out: true,
        },
      ],
      code: null,
      limits: { per_transaction: '5000000.00', per_day: '1000000000.00', open_prompts: 1000 },
    });
  });

  it('sends a code to an added number, counts wrong tries, limits new codes and confirms with the right one', async () => {
    const { token } = await t.userWithToken('lender', { phoneNumber: freshNumber() });
    const second = freshNumber();
    const added = await add(token, `0${second.slice(4)}`);
    expect(added.statusCode).toBe(201);
    expect(added.json().numbers[1]).toMatchObject({
      phone_number: second,
      kind: 'added',
      confirmed_at: null,
      payouts_from: null,
      can_collect: false,
      can_pay_out: false,
    });
    expect(added.json().code).toMatchObject({ phone_number: second, tries_left: 5 });
    const [sms] = await smsTo(second);
    const code = /code is (\d{6})/.exec(sms?.body ?? '')?.[1] ?? '';

    const wrong = await call(token, 'POST', '/api/auth/payment-numbers/verify/', {
      code: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      code: 'WRONG_CODE',
      error: 'That code is not right. 4 tries left.',
    });
    const soon = await call(token, 'POST', '/api/auth/payment-numbers/resend/');
    expect(soon.statusCode).toBe(429);
    expect(soon.json().code).toBe('CODE_SENT_RECENTLY');

    const right = await call(token, 'POST', '/api/auth/payment-numbers/verify/', { code });
    expect(right.statusCode).toBe(200);
    expect(right.json().numbers[1]).toMatchObject({ can_collect: true, can_pay_out: false });
    expect(right.json().code).toBeNull();
    const again = await call(token, 'POST', '/api/auth/payment-numbers/verify/', { code });
    expect(again.json().code).toBe('NUMBER_ALREADY_CONFIRMED');
  });

  it('refuses a second added number, the number on file, another account’s number and a foreign one, changing nothing', async () => {
    const phone = freshNumber();
    const { token, user } = await t.userWithToken('lender', { phoneNumber: phone });
    const other = await t.userWithToken('lender', { phoneNumber: freshNumber() });
    expect((await add(token, phone)).json().code).toBe('NUMBER_ALREADY_YOURS');
    const taken = await add(token, other.user.phoneNumber ?? '');
    expect([taken.statusCode, taken.json().code]).toEqual([409, 'PHONE_TAKEN']);
    expect((await add(token, '+256412123456')).statusCode).toBe(400);
    expect(
      await t.db.database.db.select().from(paymentNumbers).where(eq(paymentNumbers.userId, user.id)),
    ).toEqual([]);
    expect((await add(token, freshNumber())).statusCode).toBe(201);
    const second = await add(token, freshNumber());
    expect([second.statusCode, second.json().code]).toEqual([409, 'NUMBER_ALREADY_ADDED']);
  });

  it('refuses to add a number before the phone on file is confirmed', async () => {
    const { token, user } = await t.userWithToken('lender', { phoneNumber: freshNumber() });
    await t.db.database.db.update(users).set({ phoneVerifiedAt: null }).where(eq(users.id, user.id));
    const second = freshNumber();
    const res = await add(token, second);
    expect([res.statusCode, res.json().code]).toEqual([409, 'PHONE_NOT_CONFIRMED']);
    expect(await smsTo(second)).toEqual([]);
  });

  it('removes the added number, and answers 404 when there is none', async () => {
    const { token } = await t.userWithToken('lender', { phoneNumber: freshNumber() });
    expect((await call(token, 'DELETE', '/api/auth/payment-numbers/')).statusCode).toBe(404);
    await add(token, freshNumber());
    const removed = await call(token, 'DELETE', '/api/auth/payment-numbers/');
    expect(removed.statusCode).toBe(200);
    expect(removed.json().numbers).toHaveLength(1);
  });
});
