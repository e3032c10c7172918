/**
 * A lender's net annual return as its portfolio answers it, on a clock the test moves: the XIRR of
 * what it lent, what came back and what is still owed, each dated by its Kampala day as a
 * spreadsheet's XIRR dates them (docs/marketplace.md). A gain made in minutes
 * has no meaningful annual rate; a week's repayment on a 13-week loan has one.
 */
import { kampalaDate, startOfKampalaDate } from '@sente/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lenderFundedLoan, verifiedLender } from '../../../test/marketplace-helpers.ts';
import { completedRepayment } from '../../../test/money-helpers.ts';
import { bearer, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { fixedClock } from '../../clock.ts';
import type { UserRow } from '../users/users.service.ts';
import { cashFlowMonthsEndAt, copyLenderCashFlowMonths } from './cash-flow-months.ts';
import { xirr } from './xirr.ts';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const clock = fixedClock(new Date('2026-11-02T07:00:00Z'));
/** The start of an instant's Kampala day: the date the return gives a flow. */
const dayOf = (at: Date) => startOfKampalaDate(kampalaDate(at));
let t: TestApp;
let admin: UserRow;

beforeAll(async () => {
  t = await createTestApp({ clock });
  admin = (await t.userWithToken('admin')).user;
});

/** An access token signed now: the clock moves by days here, and one lasts 15 minutes. */
const tokenOf = (user: UserRow) =>
  t.services.accessTokens.sign({ userId: user.id, role: user.role }, clock.now());
afterAll(async () => {
  await t.close();
});

/** A new lender's 500,000 lent alone on a new loan now; answers what a read of its portfolio needs. */
async function lentNow() {
  const adminToken = await tokenOf(admin);
  const lender = await verifiedLender(t, adminToken, 500_000);
  const borrower = await t.userWithToken('borrower');
  const phone = await t.app.inject({
    method: 'PATCH',
    url: `/api/auth/admin/users/${borrower.user.id}/`,
    headers: bearer(adminToken),
    payload: { phone_number: '0772123456' },
  });
  expect(phone.statusCode, phone.body).toBe(200);
  const lentAt = clock.now();
  const loan = await lenderFundedLoan(t, {
    adminToken,
    borrower,
    bids: [{ lender, amount: 500_000 }],
    amount: 500_000,
  });
  const portfolio = async () => {
    const answer = await t.app.inject({
      method: 'GET',
      url: '/api/lender/portfolio/',
      headers: bearer(await tokenOf(lender.user)),
    });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json() as {
      net_annual_return: string | null;
      cash_available: string;
      outstanding_principal: string;
    };
  };
  const repay = () =>
    completedRepayment(t, { loanId: loan.id, userId: borrower.user.id, amount: loan.weeklyRepayment });
  return { lentAt, portfolio, repay };
}

describe("a lender's net annual return", () => {
  it('is not a number until the first money lent is 30 days old, however early a repayment came', async () => {
    const { portfolio, repay } = await lentNow();
    clock.advance(5_000);
    await repay();
    // Annualised, this week's instalment paid seconds after the payout read "6.8e+198% a year" ten
    // minutes on (before xirr's bound held for Newton), 14,037,883 % four hours on, and still
    // hundreds of percent days later.
    const repaidAt = clock.now().getTime();
    for (const after of [10 * MINUTE, 4 * 60 * MINUTE, 2 * DAY, 29 * DAY]) {
      clock.set(new Date(repaidAt + after));
      expect((await portfolio()).net_annual_return, `${after / MINUTE} minutes on`).toBeNull();
    }
  });

  it('is the XIRR of the money lent, each repayment and what is still owed, five weeks into the loan', async () => {
    const { lentAt, portfolio, repay } = await lentNow();
    const flows = [{ amount: -500_000, at: dayOf(lentAt) }];
    let cash = 0;
    for (let week = 1; week <= 5; week++) {
      // Later in the day each week, past Kampala midnight from the third: the flows' times of day
      // would move the rate if they counted.
      clock.advance(7 * DAY + 5 * 60 * MINUTE);
      await repay();
      const now = Number((await portfolio()).cash_available);
      flows.push({ amount: now - cash, at: dayOf(clock.now()) });
      cash = now;
    }
    clock.advance(DAY);
    const seen = await portfolio();
    flows.push({ amount: Number(seen.outstanding_principal), at: dayOf(clock.now()) });
    const rate = xirr(flows);
    expect(rate).not.toBeNull();
    expect(seen.net_annual_return).toBe(((rate ?? 0) * 100).toFixed(2));
    // 2.40 % a month on a weekly schedule, less the fee on the interest: tens of percent a year.
    expect(Number(seen.net_annual_return)).toBeGreaterThan(10);
    expect(Number(seen.net_annual_return)).toBeLessThan(80);
  });

  it('is the same once the months gone by are read from their month rows, and counts the days after them', async () => {
    const { lentAt, portfolio, repay } = await lentNow();
    const flows = [{ amount: -500_000, at: dayOf(lentAt) }];
    let cash = 0;
    const repaidNow = async () => {
      await repay();
      const now = Number((await portfolio()).cash_available);
      flows.push({ amount: now - cash, at: dayOf(clock.now()) });
      cash = now;
    };
    // Six weekly repayments: the loan's flows cross into a second month.
    for (let week = 1; week <= 6; week++) {
      clock.advance(7 * DAY);
      await repaidNow();
    }
    const before = await portfolio();
    const db = t.db.database.db;
    const endsAt = cashFlowMonthsEndAt(clock.now());
    expect(endsAt > kampalaDate(lentAt)).toBe(true);
    expect(await copyLenderCashFlowMonths(db, clock.now())).toBeGreaterThan(0);
    // A second run the same day has nothing left to copy.
    expect(await copyLenderCashFlowMonths(db, clock.now())).toBe(0);
    expect(await portfolio()).toEqual(before);
    // A repayment after the copy is a day row past where the months end; the return counts it.
    clock.advance(7 * DAY);
    await repaidNow();
    const seen = await portfolio();
    const rate = xirr([...flows, { amount: Number(seen.outstanding_principal), at: dayOf(clock.now()) }]);
    expect(seen.net_annual_return).toBe(((rate ?? 0) * 100).toFixed(2));
  });
});
