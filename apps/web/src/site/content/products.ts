import type { ProductAnchor } from '../../lib/paths.ts';

export type ProductIcon = 'receipt' | 'briefcase' | 'timer' | 'card' | 'wrench' | 'wallet';

export interface Product {
  readonly anchor: ProductAnchor;
  readonly name: string;
  readonly icon: ProductIcon;
  /** One line for cards. */
  readonly summary: string;
  readonly description: string;
  /** Spec section 9, word for word where it gives the figure. */
  readonly amount: string;
  readonly fundingTime: string;
  readonly term: string;
  readonly bestFor: readonly string[];
  /** Four of the six appear in the landing showcase (spec section 9). */
  readonly isShowcased: boolean;
}

/** The six financing options (spec section 9), in the footer's order. */
export const products: readonly Product[] = [
  {
    anchor: 'receivable',
    name: 'Accounts Receivable Financing',
    icon: 'receipt',
    summary: 'Turn unpaid invoices into cash today instead of waiting 60 days for a customer to pay.',
    description:
      'Supplying a supermarket chain, a school or a government office? We advance up to 80% of the value of approved invoices, and you repay in weekly installments over a term chosen to end once your customer has paid. The amount is tied to your outstanding invoices.',
    amount: 'Amount tied to outstanding invoices',
    fundingTime: 'Under 24 hours',
    term: '1 to 3 months, to fit the invoice',
    bestFor: ['Suppliers to large buyers', 'Contractors paid on invoice', 'Wholesalers with trade credit'],
    isShowcased: false,
  },
  {
    anchor: 'term-loan',
    name: 'Business Term Loans',
    icon: 'briefcase',
    summary:
      'A larger loan for a planned step: a second branch, a bigger stock order, a delivery motorcycle.',
    description:
      'Borrow a fixed amount and repay it in weekly installments over 3 to 24 months. Because the amounts are larger, funding takes up to 48 hours while we confirm your cash flow.',
    amount: '1,000,000 to 5,000,000 UGX',
    fundingTime: 'Up to 48 hours',
    term: '3 to 24 months',
    bestFor: ['Opening a new outlet', 'Renovations and fit-out', 'Large seasonal stock'],
    isShowcased: true,
  },
  {
    anchor: 'short-term',
    name: 'Short Term Loans',
    icon: 'timer',
    summary: 'Bridge a gap of a few weeks: rent due before the school-fees rush, a supplier who wants cash.',
    description:
      'Quick, small loans repaid over 1 to 6 months. Ideal when money is coming but not yet here. Repay early whenever you can: there is no prepayment penalty.',
    amount: '350,000 to 3,000,000 UGX',
    fundingTime: 'Under 24 hours',
    term: '1 to 6 months',
    bestFor: ['Rent and utility bills', 'Urgent supplier payments', 'Emergency repairs'],
    isShowcased: true,
  },
  {
    anchor: 'merchant-cash',
    name: 'Merchant Cash Advances',
    icon: 'card',
    summary:
      'An advance for businesses paid by mobile money, repaid in small weekly installments from your takings.',
    description:
      'For shops, salons, pharmacies and restaurants that take MTN MoMo or Airtel Money payments. You repay the same installment each week, and when you apply we check it against your income so that an ordinary week’s takings cover it.',
    amount: '350,000 to 3,000,000 UGX',
    fundingTime: 'Under 24 hours',
    term: '3 to 9 months',
    bestFor: ['Retail shops', 'Restaurants and cafés', 'Salons and pharmacies'],
    isShowcased: false,
  },
  {
    anchor: 'equipment',
    name: 'Equipment Financing',
    icon: 'wrench',
    summary: 'Buy the machine that grows your output: a maize mill, a sewing machine, a fridge, a printer.',
    description:
      'We pay the supplier directly against a pro-forma invoice, and you repay weekly while the equipment earns for you. The equipment itself is the reason for the loan, not the security for it.',
    amount: '350,000 to 3,000,000 UGX',
    fundingTime: 'Under 24 hours',
    term: '3 to 24 months',
    bestFor: ['Tailoring and welding workshops', 'Food processing', 'Printing and photo studios'],
    isShowcased: true,
  },
  {
    anchor: 'working-capital',
    name: 'Working Capital Loans',
    icon: 'wallet',
    summary: 'Keep shelves full and wages paid while customers take their time.',
    description:
      'Flexible funding for day-to-day running costs: restocking, wages, transport. Borrow what you need, repay weekly by MTN MoMo or Airtel Money, and come back for more once you have repaid.',
    amount: '350,000 to 3,000,000 UGX',
    fundingTime: 'Under 24 hours',
    term: '1 to 12 months',
    bestFor: ['Restocking before the festive season', 'Paying staff on time', 'Transport and fuel'],
    isShowcased: true,
  },
];

export const showcasedProducts = products.filter((product) => product.isShowcased);

/** Spec section 9: who qualifies and what to bring. */
export const eligibility: readonly string[] = [
  'Your business has been operating for at least 6 months',
  'You have a valid business registration (URSB certificate or trading licence)',
  'Your business cash flow can cover the repayments',
];

export const requiredDocuments: readonly string[] = [
  'Business registration certificates (URSB registration or a trading licence from your local council)',
  'Owner identification: your National ID (NIN) card',
  'Bank or mobile money statements for the past 3 to 6 months',
  'Invoices, for receivable financing',
];
