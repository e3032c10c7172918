/** Lenders for the browser tests: a new account, with its KYC and the lender terms when asked. */
import { callAs, createAccount, type TestAccount } from './accounts.ts';

export type TestLender = TestAccount;

/** A new institution lender; with `isReady` its KYC is complete and the terms accepted. */
export async function createLender(name: string, { isReady }: { isReady: boolean }): Promise<TestLender> {
  const lender = await createAccount(name, 'lender');
  if (isReady) {
    await callAs(lender, 'PUT', '/api/auth/kyc/', {
      body: {
        lender_kind: 'institution',
        registration_number: 'URSB/2020/000123',
        contact_person: 'Grace',
      },
    });
    await callAs(lender, 'POST', '/api/lender/terms/accept/');
  }
  return lender;
}
