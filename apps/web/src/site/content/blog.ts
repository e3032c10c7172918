export interface BlogPost {
  readonly slug: string;
  readonly title: string;
  readonly category: 'Cash flow' | 'Borrowing' | 'Growth' | 'Records';
  readonly published: string;
  readonly readingMinutes: number;
  readonly summary: string;
  readonly tips: readonly string[];
}

/** Business Tips (/blog): short, practical articles, each shown whole on the page. */
export const blogPosts: readonly BlogPost[] = [
  {
    slug: 'separate-business-money',
    title: 'Keep business money and home money apart',
    category: 'Records',
    published: '2025-04-08',
    readingMinutes: 3,
    summary:
      'The single habit that makes a loan application, and your own decisions, easier: one account or MoMo line for the business only.',
    tips: [
      'Open a second mobile money line or bank account that only the business uses.',
      'Pay yourself a fixed weekly amount from it instead of taking cash when you need it.',
      'Your statements then show lenders your real sales, which can mean a bigger offer.',
    ],
  },
  {
    slug: 'plan-for-seasons',
    title: 'Plan stock for Uganda’s busy seasons',
    category: 'Cash flow',
    published: '2025-03-12',
    readingMinutes: 4,
    summary: 'School terms, harvests, Christmas and Eid move demand. Borrow before the rush, not during it.',
    tips: [
      'Mark last year’s best and worst months on a calendar from your sales book.',
      'Order stock four to six weeks before a peak so suppliers are not out of stock.',
      'Match the loan term to the season: a short-term loan for a single rush, working capital for the year.',
    ],
  },
  {
    slug: 'true-cost-of-a-loan',
    title: 'Work out the true cost of a loan',
    category: 'Borrowing',
    published: '2025-02-20',
    readingMinutes: 5,
    summary:
      'Compare offers on the total you repay, not only the weekly installment. Our loan calculator shows both.',
    tips: [
      'Ask for the total repayment in shillings and the monthly rate; compare offers on both.',
      'Check for processing, insurance and prepayment fees: at Sente there are none hidden.',
      'Borrow for something that earns more per month than the loan costs.',
    ],
  },
  {
    slug: 'grow-with-mobile-money',
    title: 'Use mobile money records to grow',
    category: 'Growth',
    published: '2025-01-15',
    readingMinutes: 3,
    summary: 'MTN MoMo and Airtel Money statements are a free record of who buys from you and when.',
    tips: [
      'Download your statement monthly and note your ten most frequent customers.',
      'Offer regulars a small discount for paying by mobile money: it builds your record.',
      'Keep receipts for business payments; with URA’s presumptive tax, clear records save arguments.',
    ],
  },
];
