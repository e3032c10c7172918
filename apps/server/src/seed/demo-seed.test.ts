import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../test/test-app.ts';
import { seedDemoData } from './demo-seed.ts';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = (await t.userWithToken('admin')).token;
});
afterAll(async () => {
  await t.close();
});

describe('seedDemoData', () => {
  it('creates about 25 Ugandan users with both statuses and KYC for most of them', async () => {
    const result = await seedDemoData(t.services);
    expect(result.users).toBeGreaterThanOrEqual(25);
    expect(result.kyc).toBeGreaterThanOrEqual(18);
    expect(result.kyc).toBeLessThan(result.users);

    const stats = (
      await t.app.inject({ method: 'GET', url: '/api/auth/admin/stats/', headers: bearer(token) })
    ).json();
    expect(stats.inactive_users).toBeGreaterThanOrEqual(3);
    expect(stats.total_users).toBe(result.users + 1);

    const page = (
      await t.app.inject({
        method: 'GET',
        url: '/api/auth/admin/users/?page_size=100',
        headers: bearer(token),
      })
    ).json();
    const people = page.results.filter((u: { role: string }) => u.role !== 'admin');
    expect(people.every((u: { phone_number: string }) => /^\+2567\d{8}$/.test(u.phone_number))).toBe(true);

    const details = await Promise.all(
      people.map(
        async (u: { id: number }) =>
          (
            await t.app.inject({
              method: 'GET',
              url: `/api/auth/admin/users/${u.id}/detail/`,
              headers: bearer(token),
            })
          ).json().kyc,
      ),
    );
    expect(details.filter((kyc) => kyc.national_id === null).length).toBeGreaterThanOrEqual(3);
    expect(details.filter((kyc) => kyc.national_id !== null)).toHaveLength(result.kyc - 1);
    // The whole demo seed runs inside this test: 10 s on PGlite on a quiet machine, past 30 s once
    // while the seed folder's other suites ran beside it. demo-money.test's beforeAll has the same.
  }, 120_000);
});
