import type { Services } from '../src/app.ts';
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

/** A borrower's application form as the app sends it to POST /api/loans/applications/. */
export function applicationForm(loanTypeId: number, overrides: Record<string, unknown> = {}) {
  return {
    business_name: 'Nakato Fresh Produce',
    business_location: 'Owino Market, Kampala',
    business_type: 'Retail',
    amount_requested: 1_000_000,
    loan_term: 6,
    loan_type: loanTypeId,
    loan_purpose: 'Stock for the festive season',
    monthly_income: 2_500_000,
    nin: 'CF12345678901A',
    ...overrides,
  };
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

/** A disbursed loan made through the services: loan type → application → approval → loan. */
export async function makeLoan(
  services: Services,
  input: {
    userId: number;
    adminId: number;
    disbursedAt: Date;
    amount?: number;
    months?: number;
    loanTypeId?: number;
  },
) {
  const loanTypeId =
    input.loanTypeId ??
    (
      await services.loanTypes.create({
        loan_type_name: `Type ${++sequence}-${Date.now()}`,
        min_amount: 100_000,
        max_amount: 10_000_000,
        interest_rate: 280,
        interest_type: 'FLAT',
        appraisal_time: '24 hours',
        status: 'ACTIVE',
      })
    ).id;
  const application = await services.applications.create(input.userId, {
    business_name: 'Okello Hardware',
    business_location: 'Gulu',
    business_type: 'Hardware',
    amount_requested: input.amount ?? 1_000_000,
    loan_term: input.months ?? 6,
    loan_type: loanTypeId,
    loan_purpose: 'Stock',
    monthly_income: 3_000_000,
    nin: 'CM12345678901A',
  });
  await services.applications.approve(application.application.id, input.adminId);
  return services.db.transaction((tx) =>
    services.loans.createLoanFromApplication(tx, {
      applicationId: application.application.id,
      disbursedAt: input.disbursedAt,
      platformTransactionId: null,
    }),
  );
}

export async function repayLoan(services: Services, loanId: number, amount: number, paidAt: Date) {
  return services.db.transaction((tx) =>
    services.loans.allocateRepayment(tx, { loanId, amount, paidAt, platformTransactionId: null }),
  );
}
