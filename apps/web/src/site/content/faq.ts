export type FaqCategory =
  | 'Eligibility'
  | 'Application'
  | 'Loan Details'
  | 'Funding'
  | 'Process'
  | 'Repayment';

export interface FaqItem {
  readonly id: string;
  readonly category: FaqCategory;
  readonly question: string;
  readonly answer: string;
}

/** The eight questions of the FAQ page, in the six categories of spec section 2. The landing shows the first four. */
export const faqItems: readonly FaqItem[] = [
  {
    id: 'who-can-apply',
    category: 'Eligibility',
    question: 'Who can apply for a Sente loan?',
    answer:
      'Any small business in Uganda that has been operating for at least 6 months, has a valid business registration (a URSB certificate or a trading licence) and can repay from its cash flow. The owner must be 18 or older and hold a National ID (NIN).',
  },
  {
    id: 'collateral',
    category: 'Eligibility',
    question: 'Do I need collateral or a land title?',
    answer:
      'No. Sente loans are unsecured: we look at how your business earns and spends money, from your bank and mobile money statements, not at what you own.',
  },
  {
    id: 'how-long-to-apply',
    category: 'Application',
    question: 'How long does the application take, and what do I need?',
    answer:
      'About 10 minutes in the Sente app. Have your business registration, your National ID and bank or mobile money statements for the past 3 to 6 months ready; for receivable financing, also the invoices.',
  },
  {
    id: 'interest-rate',
    category: 'Loan Details',
    question: 'How much can I borrow, and at what interest rate?',
    answer:
      'From 350,000 to 3,000,000 UGX for most products, and 1,000,000 to 5,000,000 UGX for a Business Term Loan. Interest is from 2.8% per month. Your offer shows the weekly installment, the number of installments and the total you will repay before you accept; there are no hidden fees.',
  },
  {
    id: 'loan-terms',
    category: 'Loan Details',
    question: 'How long can I take to repay?',
    answer:
      'Terms run from 1 to 24 months depending on the product, and every loan is repaid in weekly installments: a 6-month loan is 26 of them. For receivable financing, choose a term that ends once your customer has paid the invoice.',
  },
  {
    id: 'how-fast-funding',
    category: 'Funding',
    question: 'How fast will I receive the money?',
    answer:
      'Within 24 hours of accepting an offer for most products, and up to 48 hours for Business Term Loans. We send it to your MTN MoMo, Airtel Money or bank account.',
  },
  {
    id: 'how-decided',
    category: 'Process',
    question: 'How is my application assessed?',
    answer:
      'A credit decisioning engine checks your statements and business details, and a credit officer reviews every application. We then match it with lenders from our community, and you choose among the offers.',
  },
  {
    id: 'early-repayment',
    category: 'Repayment',
    question: 'How do I repay, and can I repay early?',
    answer:
      'Repay each weekly installment by MTN MoMo or Airtel Money from your phone; the due dates are in your loan agreement and in the app. You can repay early at any time with no prepayment penalty: an early payment settles your next installments in order, and the interest stays as your schedule shows it, so you never repay more than your offer said.',
  },
];

export const FAQ_TEASER_COUNT = 4;
