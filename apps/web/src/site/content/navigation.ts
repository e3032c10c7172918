import { type ProductAnchor, paths, productPath } from '../../lib/paths.ts';

export interface NavEntry {
  readonly label: string;
  readonly to: string;
}

export interface LinkGroup {
  readonly title: string;
  readonly links: readonly NavEntry[];
}

/** The header's four entries (spec section 2, Public shared layout). */
export const mainNavigation: readonly NavEntry[] = [
  { label: 'Products', to: paths.products },
  { label: 'How It Works', to: paths.howItWorks },
  { label: 'About Us', to: paths.about },
  { label: 'FAQ', to: paths.faq },
];

/** The mobile menu adds this one. */
export const lenderEntry: NavEntry = { label: 'Become a Lender', to: paths.lender };

const productLinks: ReadonlyArray<readonly [ProductAnchor, string]> = [
  ['receivable', 'Accounts Receivable Financing'],
  ['term-loan', 'Business Term Loans'],
  ['short-term', 'Short Term Loans'],
  ['merchant-cash', 'Merchant Cash Advances'],
  ['equipment', 'Equipment Financing'],
  ['working-capital', 'Working Capital Loans'],
];

export const footerGroups: readonly LinkGroup[] = [
  {
    title: 'Products',
    links: productLinks.map(([anchor, label]) => ({ label, to: productPath(anchor) })),
  },
  {
    title: 'Resources',
    links: [
      { label: 'How It Works', to: paths.howItWorks },
      { label: 'FAQ', to: paths.faq },
      { label: 'Business Tips', to: paths.blog },
      { label: 'Success Stories', to: paths.successStories },
      { label: 'Admin Login', to: paths.adminLogin },
    ],
  },
  {
    title: 'Company',
    links: [
      { label: 'About Us', to: paths.about },
      { label: 'Contact', to: paths.contact },
      { label: 'Become a Lender', to: paths.lender },
      { label: 'Privacy Policy', to: paths.privacy },
      { label: 'Terms of Service', to: paths.terms },
    ],
  },
];
