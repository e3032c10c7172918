/** Every public route of the spec's route table with the h1 it must show. */
export const publicPages: ReadonlyArray<readonly [path: string, heading: string]> = [
  ['/', 'Funding For Small Business Growth'],
  ['/products', 'Financing Options'],
  ['/how-it-works', 'How It Works'],
  ['/about', 'About Us'],
  ['/faq', 'Frequently Asked Questions'],
  ['/blog', 'Business Tips'],
  ['/success-stories', 'Success Stories'],
  ['/contact', 'Contact Us'],
  ['/lender', 'Become a Lender'],
  ['/apply', 'Apply for Funding'],
  ['/download', 'Download the App'],
  ['/privacy-policy', 'Privacy Policy'],
  ['/terms', 'Terms of Service'],
];
