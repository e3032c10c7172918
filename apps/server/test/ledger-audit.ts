import { expect } from 'vitest';
import type { DbOrTx } from '../src/db/client.ts';
import { findLedgerDiscrepancies } from '../src/features/ledger/ledger.repo.ts';

/** Every posting sums to zero and every running balance equals the sum of its entries. */
export async function expectLedgerBalanced(db: DbOrTx): Promise<void> {
  const found = await findLedgerDiscrepancies(db);
  expect(found).toEqual({ unbalancedPostings: [], driftedAccounts: [] });
}
