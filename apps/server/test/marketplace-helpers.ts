import { expect } from 'vitest';
import type { UserRow } from '../src/features/users/users.service.ts';
import { lenderWithBalance } from './money-helpers.ts';
import { bearer, type TestApp } from './test-app.ts';

let lenders = 0;

/**
 * A lender that may bid, made the way a real one is: money deposited by mobile money, KYC filled in,
 * the terms accepted, and an admin's verification.
 */
export async function verifiedLender(
  t: TestApp,
  adminToken: string,
  cash: number,
): Promise<{ user: UserRow; token: string }> {
  lenders++;
  const lender = await lenderWithBalance(t, cash, `07720${String(10_000 + lenders).padStart(5, '0')}`);
  const as = (method: 'PUT' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(lender.token), ...(payload ? { payload } : {}) });
  const kyc = await as('PUT', '/api/auth/kyc/', {
    lender_kind: 'institution',
    registration_number: `URSB/2020/${String(lenders).padStart(6, '0')}`,
    contact_person: 'Grace Nansubuga',
  });
  expect(kyc.statusCode, kyc.body).toBe(200);
  expect((await as('POST', '/api/lender/terms/accept/')).statusCode).toBe(200);
  const verified = await t.app.inject({
    method: 'POST',
    url: `/api/marketplace/admin/lenders/${lender.user.id}/verify/`,
    headers: bearer(adminToken),
    payload: { note: 'Certificate of incorporation checked' },
  });
  expect(verified.statusCode, verified.body).toBe(200);
  return lender;
}
