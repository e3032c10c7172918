/** The demo lending data: the public products (spec section 9) and applications telling small stories. */
import { STANDARD_LOAN_TYPES } from '@sente/contract';

// The public products (spec section 9): the contract's standard loan types, which the public site's
// calculator also prices with when its build has no server to ask (docs/site.md).
export const DEMO_LOAN_TYPES = STANDARD_LOAN_TYPES;
type ProductName = (typeof DEMO_LOAN_TYPES)[number]['name'];

export interface DemoApplication {
  readonly borrower: string;
  readonly business: string;
  readonly location: string;
  readonly kind: string;
  readonly product: ProductName;
  readonly amount: number;
  readonly months: number;
  readonly purpose: string;
  readonly income: number;
  readonly nin: string;
  /** How many days ago it was submitted. */
  readonly daysAgo: number;
  readonly outcome: 'PENDING' | 'REJECTED' | 'APPROVED' | 'DISBURSED';
  readonly notes?: string;
  /**
   * Submitted while the borrower's previous application is still open: an admin allowed them a
   * second open application first (audited), as the rule of one at a time asks (docs/lending.md).
   */
  readonly secondOpenApplicationAllowed?: true;
  /** Disbursed loans: which installments were paid and how (weeks after disbursement, or 'all'). */
  readonly repayments?: 'on-time' | 'early-settlement' | { paidInstallments: number };
}

export const APPLICATIONS: readonly DemoApplication[] = [
  // ACTIVE, every installment paid a day early.
  {
    borrower: 'nakato.sarah@example.ug',
    business: 'Nakato Fresh Produce',
    location: 'Owino Market, Kampala',
    kind: 'Retail',
    product: 'Working Capital Loans',
    amount: 1_500_000,
    months: 6,
    purpose: 'Stock of matooke and vegetables for the festive season',
    income: 3_200_000,
    nin: 'CF85012345678A',
    daysAgo: 45,
    outcome: 'DISBURSED',
    repayments: 'on-time',
  },
  // ACTIVE, a compound equipment loan paid on time.
  {
    borrower: 'okello.david@example.ug',
    business: 'Okello Hardware & Welding',
    location: 'Gulu Main Market',
    kind: 'Hardware',
    product: 'Equipment Financing',
    amount: 2_800_000,
    months: 12,
    purpose: 'An arc welding machine and a generator',
    income: 4_500_000,
    nin: 'CM82034567891B',
    daysAgo: 80,
    outcome: 'DISBURSED',
    repayments: 'on-time',
  },
  // OVERDUE: paid eight installments, then stopped about four weeks ago.
  {
    borrower: 'namubiru.grace@example.ug',
    business: 'Grace Beauty Salon',
    location: 'Nansana, Wakiso',
    kind: 'Services',
    product: 'Short Term Loans',
    amount: 900_000,
    months: 4,
    purpose: 'Dryers, chairs and hair products',
    income: 1_800_000,
    nin: 'CF90045678912C',
    daysAgo: 95,
    outcome: 'DISBURSED',
    repayments: { paidInstallments: 8 },
  },
  // DEFAULT: two installments paid, nothing for over 90 days since.
  {
    borrower: 'mugisha.brian@example.ug',
    business: 'Mugisha Dairy Supplies',
    location: 'Mbarara Town',
    kind: 'Agribusiness',
    product: 'Merchant Cash Advances',
    amount: 1_200_000,
    months: 6,
    purpose: 'Milk cans and a cooling tank deposit',
    income: 2_100_000,
    nin: 'CM78056789123D',
    daysAgo: 150,
    outcome: 'DISBURSED',
    repayments: { paidInstallments: 2 },
  },
  // FULLY_PAID on schedule.
  {
    borrower: 'achieng.florence@example.ug',
    business: 'Achieng Tailoring Studio',
    location: 'Lira Central',
    kind: 'Fashion',
    product: 'Short Term Loans',
    amount: 600_000,
    months: 2,
    purpose: 'Two industrial sewing machines',
    income: 1_400_000,
    nin: 'CF88067891234E',
    daysAgo: 200,
    outcome: 'DISBURSED',
    repayments: 'on-time',
  },
  // FULLY_PAID early, no penalty.
  {
    borrower: 'ssempala.joseph@example.ug',
    business: 'Ssempala Boda Spares',
    location: 'Mukono Town',
    kind: 'Motor spares',
    product: 'Business Term Loan',
    amount: 3_000_000,
    months: 6,
    purpose: 'Spare parts stock for boda boda repairs',
    income: 6_000_000,
    nin: 'CM84078912345F',
    daysAgo: 120,
    outcome: 'DISBURSED',
    repayments: 'early-settlement',
  },
  // ACTIVE receivables loan, recently disbursed.
  {
    borrower: 'nakato.sarah@example.ug',
    business: 'Nakato Fresh Produce',
    location: 'Owino Market, Kampala',
    kind: 'Retail',
    product: 'Accounts Receivable Financing',
    amount: 2_000_000,
    months: 3,
    purpose: 'Bridge unpaid invoices from two hotels in Kololo',
    income: 3_200_000,
    nin: 'CF85012345678A',
    daysAgo: 12,
    outcome: 'DISBURSED',
    repayments: 'on-time',
  },
  // Approved, waiting to be disbursed.
  {
    borrower: 'achieng.florence@example.ug',
    business: 'Achieng Tailoring Studio',
    location: 'Lira Central',
    kind: 'Fashion',
    product: 'Working Capital Loans',
    amount: 1_000_000,
    months: 3,
    purpose: 'School uniform order for two primary schools',
    income: 1_600_000,
    nin: 'CF88067891234E',
    daysAgo: 4,
    outcome: 'APPROVED',
    notes: 'Strong repayment record on the previous loan',
  },
  {
    borrower: 'ssempala.joseph@example.ug',
    business: 'Ssempala Boda Spares',
    location: 'Mukono Town',
    kind: 'Motor spares',
    product: 'Business Term Loan',
    amount: 4_000_000,
    months: 12,
    purpose: 'Open a second shop in Seeta',
    income: 6_500_000,
    nin: 'CM84078912345F',
    daysAgo: 3,
    outcome: 'APPROVED',
  },
  // Rejected.
  {
    borrower: 'mugisha.brian@example.ug',
    business: 'Mugisha Dairy Supplies',
    location: 'Mbarara Town',
    kind: 'Agribusiness',
    product: 'Business Term Loan',
    amount: 5_000_000,
    months: 12,
    purpose: 'A delivery pickup',
    income: 2_000_000,
    nin: 'CM78056789123D',
    daysAgo: 30,
    outcome: 'REJECTED',
    notes: 'Existing loan is in arrears; repayments would exceed half of monthly income',
  },
  {
    borrower: 'okello.david@example.ug',
    business: 'Okello Hardware & Welding',
    location: 'Gulu Main Market',
    kind: 'Hardware',
    product: 'Merchant Cash Advances',
    amount: 3_000_000,
    months: 2,
    purpose: 'Cement stock ahead of the rains',
    income: 1_200_000,
    nin: 'CM82034567891B',
    daysAgo: 20,
    outcome: 'REJECTED',
  },
  // Pending.
  {
    borrower: 'namubiru.grace@example.ug',
    business: 'Grace Beauty Salon',
    location: 'Nansana, Wakiso',
    kind: 'Services',
    product: 'Working Capital Loans',
    amount: 500_000,
    months: 2,
    purpose: 'Restock braids and hair products',
    income: 1_800_000,
    nin: 'CF90045678912C',
    daysAgo: 2,
    outcome: 'PENDING',
  },
  {
    borrower: 'okello.david@example.ug',
    business: 'Okello Hardware & Welding',
    location: 'Gulu Main Market',
    kind: 'Hardware',
    product: 'Short Term Loans',
    amount: 750_000,
    months: 1,
    purpose: 'Iron sheets for a school roofing contract',
    income: 4_500_000,
    nin: 'CM82034567891B',
    daysAgo: 1,
    outcome: 'PENDING',
  },
  {
    borrower: 'achieng.florence@example.ug',
    business: 'Achieng Tailoring Studio',
    location: 'Lira Central',
    kind: 'Fashion',
    product: 'Equipment Financing',
    amount: 2_500_000,
    months: 9,
    purpose: 'An embroidery machine',
    income: 1_600_000,
    nin: 'CF88067891234E',
    daysAgo: 0,
    outcome: 'PENDING',
    secondOpenApplicationAllowed: true,
  },
];
