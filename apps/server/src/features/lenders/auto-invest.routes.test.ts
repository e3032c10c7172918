import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
let loanTypeIds: number[];

beforeAll(async () => {
  t = await createTestApp();
  const made = [];
  for (const [name, status] of [
    ['Auto Working Capital', 'ACTIVE'],
    ['Auto Equipment', 'INACTIVE'],
  ] as const) {
    made.push(
      await t.services.loanTypes.create({
        loan_type_name: name,
        min_amount: 350_000,
        max_amount: 3_000_000,
        interest_rate: 280,
        interest_type: 'FLAT',
        appraisal_time: '24 hours',
        status,
      }),
    );
  }
  loanTypeIds = made.map((type) => type.id);
});
afterAll(async () => {
  await t.close();
});

const get = (token: string) =>
  t.app.inject({ method: 'GET', url: '/api/marketplace/auto-invest/', headers: bearer(token) });
const put = (token: string, payload: object) =>
  t.app.inject({ method: 'PUT', url: '/api/marketplace/auto-invest/', headers: bearer(token), payload });

function rule(overrides: object = {}) {
  return {
    enabled: true,
    risk_grades: ['B', 'A'],
    loan_types: loanTypeIds,
    max_term_months: 12,
    min_rate: '2.50',
    amount_per_loan: '150000.00',
    max_share_percent: 20,
    keep_cash: 200_000,
    ...overrides,
  };
}

describe('GET /api/marketplace/auto-invest/', () => {
  it('answers the defaults, switched off, before a rule is saved', async () => {
    const lender = await t.userWithToken('lender');
    const res = await get(lender.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      enabled: false,
      risk_grades: [],
      loan_types: [],
      max_term_months: 24,
      min_rate: '1.00',
      amount_per_loan: '50000.00',
      max_share_percent: 25,
      keep_cash: '0.00',
      last_filled_at: null,
      updated_at: null,
    });
  });
});

describe('PUT /api/marketplace/auto-invest/', () => {
  it('saves the rule of an unverified lender and answers it back, grades in order, on the next GET too', async () => {
    const lender = await t.userWithToken('lender');
    const res = await put(lender.token, rule());
    expect(res.statusCode, res.body).toBe(200);
    const saved = {
      enabled: true,
      risk_grades: ['A', 'B'],
      loan_types: [...loanTypeIds].sort((a, b) => a - b),
      max_term_months: 12,
      min_rate: '2.50',
      amount_per_loan: '150000.00',
      max_share_percent: 20,
      keep_cash: '200000.00',
      last_filled_at: null,
      updated_at: expect.any(String),
    };
    expect(res.json()).toEqual(saved);
    expect((await get(lender.token)).json()).toEqual(saved);

    const replaced = await put(lender.token, {
      enabled: false,
      risk_grades: [],
      loan_types: [],
      max_term_months: 6,
      min_rate: 2,
      amount_per_loan: 50_000,
    });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json()).toMatchObject({
      enabled: false,
      risk_grades: [],
      loan_types: [],
      min_rate: '2.00',
      amount_per_loan: '50000.00',
      max_share_percent: 25,
      keep_cash: '0.00',
    });
  });

  it.each([
    ['an amount below MIN_BID', { amount_per_loan: 49_000 }, 'amount_per_loan', 'At least UGX 50,000'],
    [
      'an amount not in whole thousands',
      { amount_per_loan: '150500' },
      'amount_per_loan',
      'Enter whole thousands of shillings, like 150,000',
    ],
    [
      'a loan type that does not exist',
      { loan_types: [2_147_000_000] },
      'loan_types',
      'No loan type with id 2147000000',
    ],
  ])('answers 400 INVALID_AUTO_INVEST_RULE for %s', async (_label, change, field, message) => {
    const lender = await t.userWithToken('lender');
    const res = await put(lender.token, rule(change));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'Invalid auto-invest rule',
      code: 'INVALID_AUTO_INVEST_RULE',
      details: { [field]: [message] },
    });
    expect((await get(lender.token)).json()).toMatchObject({ enabled: false, updated_at: null });
  });

  it.each([
    ['a rate below 1.00', { min_rate: '0.99' }, 'min_rate'],
    ['a rate above 10.00', { min_rate: '10.01' }, 'min_rate'],
    ['a rate with three decimals', { min_rate: '2.505' }, 'min_rate'],
    ['no risk grade while enabled', { risk_grades: [] }, 'risk_grades'],
    ['an unknown risk grade', { risk_grades: ['F'] }, 'risk_grades.0'],
    ['a share of 0 percent', { max_share_percent: 0 }, 'max_share_percent'],
    ['a share over 100 percent', { max_share_percent: 101 }, 'max_share_percent'],
    ['a term over 24 months', { max_term_months: 25 }, 'max_term_months'],
    ['negative cash to keep', { keep_cash: -1 }, 'keep_cash'],
    ['a fraction of a shilling', { amount_per_loan: '150000.50' }, 'amount_per_loan'],
  ])('answers 400 naming the field for %s', async (_label, change, field) => {
    const lender = await t.userWithToken('lender');
    const res = await put(lender.token, rule(change));
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().details)).toEqual([field]);
  });

  it("keeps each lender's rule its own", async () => {
    const a = await t.userWithToken('lender');
    const b = await t.userWithToken('lender');
    expect((await put(b.token, rule({ keep_cash: 777_000 }))).statusCode).toBe(200);
    const mine = await get(a.token);
    expect(mine.json()).toMatchObject({ enabled: false, keep_cash: '0.00', updated_at: null });
    expect(mine.body).not.toContain('777000');
  });
});
