/**
 * The loan types Sente starts with: the six products of spec section 9 at the advertised rate,
 * 2.80% a month (the legal cap, decisions.md: Lending rules). The demo seed creates exactly these,
 * and the public site's build prices its calculator with them when it is given no server to ask
 * (docs/site.md, "The calculator's loan types"). This module imports nothing.
 */

export interface StandardLoanType {
  readonly name: string;
  /** Whole shillings. */
  readonly minAmount: number;
  readonly maxAmount: number;
  /** Percent per month in basis points: 2.80% → 280. */
  readonly rateBasisPoints: number;
  readonly interestType: 'FLAT' | 'COMPOUND';
  readonly appraisalTime: string;
}

export const STANDARD_LOAN_TYPES = [
  {
    name: 'Working Capital Loans',
    minAmount: 350_000,
    maxAmount: 3_000_000,
    rateBasisPoints: 280,
    interestType: 'FLAT',
    appraisalTime: 'Under 24 hours',
  },
  {
    name: 'Short Term Loans',
    minAmount: 350_000,
    maxAmount: 3_000_000,
    rateBasisPoints: 280,
    interestType: 'FLAT',
    appraisalTime: 'Under 24 hours',
  },
  {
    name: 'Merchant Cash Advances',
    minAmount: 350_000,
    maxAmount: 3_000_000,
    rateBasisPoints: 280,
    interestType: 'FLAT',
    appraisalTime: 'Under 24 hours',
  },
  {
    name: 'Equipment Financing',
    minAmount: 350_000,
    maxAmount: 3_000_000,
    rateBasisPoints: 280,
    interestType: 'COMPOUND',
    appraisalTime: 'Under 24 hours',
  },
  {
    name: 'Business Term Loan',
    minAmount: 1_000_000,
    maxAmount: 5_000_000,
    rateBasisPoints: 280,
    interestType: 'COMPOUND',
    appraisalTime: 'Up to 48 hours',
  },
  // Amount tied to outstanding invoices; the range bounds what one set of invoices may raise.
  {
    name: 'Accounts Receivable Financing',
    minAmount: 350_000,
    maxAmount: 5_000_000,
    rateBasisPoints: 280,
    interestType: 'FLAT',
    appraisalTime: 'Under 24 hours',
  },
] as const satisfies readonly StandardLoanType[];
