import type { Db } from '../src/db/client.ts';
import { applications, loanTypes } from '../src/db/schema/index.ts';

/** Test rows for the lending tables, written straight to the database (the services have their own tests). */
let sequence = 0;

export async function insertLoanType(
  db: Db,
  overrides: Partial<typeof loanTypes.$inferInsert> = {},
): Promise<typeof loanTypes.$inferSelect> {
  sequence++;
  const [row] = await db
    .insert(loanTypes)
    .values({
      name: `Working Capital ${sequence}-${Date.now()}`,
      minAmount: 350_000,
      maxAmount: 3_000_000,
      interestRate: '2.80',
      interestType: 'FLAT',
      appraisalTime: '24 hours',
      status: 'ACTIVE',
      ...overrides,
    })
    .returning();
  if (!row) throw new Error('no loan type');
  return row;
}

export async function insertApplication(
  db: Db,
  values: { userId: number; loanTypeId: number } & Partial<typeof applications.$inferInsert>,
): Promise<typeof applications.$inferSelect> {
  const [row] = await db
    .insert(applications)
    .values({
      businessName: 'Nakato Fresh Produce',
      businessLocation: 'Owino Market, Kampala',
      businessType: 'Retail',
      amountRequested: 1_000_000,
      loanTermMonths: 6,
      loanPurpose: 'Stock for the festive season',
      monthlyIncome: 2_500_000,
      nin: 'CF12345678901A',
      status: 'APPROVED',
      ...values,
    })
    .returning();
  if (!row) throw new Error('no application');
  return row;
}
