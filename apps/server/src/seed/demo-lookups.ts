import { normalizeUgandanMobile } from '@sente/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { loanTypes, users } from '../db/schema/index.ts';
import { DEMO_PEOPLE, type DemoPerson } from './demo-people.ts';
import { samplePdf, samplePng } from './sample-files.ts';

/** Who signs the demo's decisions: the first admin, as the start made it. */
export async function firstAdminId(db: DbOrTx): Promise<number | undefined> {
  const [admin] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.role, 'admin'))
    .orderBy(asc(users.id))
    .limit(1);
  return admin?.id;
}

/** The loan type the marketplace's demo applications use: the first active FLAT one. */
export async function firstFlatLoanType(db: DbOrTx) {
  const [type] = await db
    .select()
    .from(loanTypes)
    .where(and(eq(loanTypes.status, 'ACTIVE'), eq(loanTypes.interestType, 'FLAT')))
    .orderBy(asc(loanTypes.id))
    .limit(1);
  return type;
}

/**
 * The active demo lenders with their KYC (the ones the marketplace's history verifies), in
 * DEMO_PEOPLE order, with their number as the wallet stores it (+256…): the gateway picks the
 * provider from it.
 */
export async function activeDemoLenders(db: DbOrTx): Promise<{ id: number; phone: string }[]> {
  const lenders: { id: number; phone: string }[] = [];
  for (const person of DEMO_PEOPLE.filter((p) => p.role === 'lender' && p.status === 'Active' && p.kyc)) {
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, person.email));
    if (user) lenders.push({ id: user.id, phone: normalizeUgandanMobile(person.phone) ?? person.phone });
  }
  return lenders;
}

/** What a marketplace demo application carries: the applicant's ID card, a statement, a licence. */
export function marketplaceApplicationDocuments(person: DemoPerson) {
  return [
    { type: 'NATIONAL_ID' as const, name: 'national-id.png', bytes: samplePng(320, 200, [52, 120, 190]) },
    {
      type: 'BANK_STATEMENTS' as const,
      name: 'bank-statement.pdf',
      bytes: samplePdf([
        'Centenary Bank - Statement of account',
        `Account holder: ${person.name}`,
        'DEMO DOCUMENT - not a real statement',
      ]),
    },
    {
      type: 'TRADE_LICENSE' as const,
      name: 'trade-licence.pdf',
      bytes: samplePdf([
        'Trading licence',
        `Location: ${person.district}`,
        'DEMO DOCUMENT - not a real licence',
      ]),
    },
  ];
}
