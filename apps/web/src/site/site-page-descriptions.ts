import type { SitePageKey } from './site-pages.ts';

/**
 * Each page's meta and Open Graph description, written into the prerendered <head> only; kept apart
 * from site-pages.ts so the text never ships in the browser bundle.
 */
export const sitePageDescriptions: Readonly<Record<SitePageKey, string>> = {
  landing:
    'Unsecured business loans in Uganda from 350,000 to 5,000,000 UGX. Apply in about 10 minutes, interest from 2.8% per month, funding within 24 hours.',
  products:
    'Six ways to fund a Ugandan small business: receivable financing, term loans, short term loans, merchant cash advances, equipment and working capital.',
  'how-it-works':
    'Apply in the app, get reviewed by our credit engine and a credit officer, compare lender offers and receive the money within 24 hours.',
  about:
    'Sente is a Kampala peer-to-business lending marketplace, founded in 2019, that has funded over 1,000 Ugandan small businesses.',
  faq: 'Answers on eligibility, applying, loan amounts and rates, funding times, how applications are assessed and how to repay.',
  blog: 'Practical tips for Ugandan small business owners: cash flow, seasonal stock, mobile money records and the true cost of a loan.',
  'success-stories':
    'How juice makers, hardware shops, salons, printers, tailors and agro dealers across Uganda grew with Sente funding.',
  contact: 'Call, e-mail or visit the Sente team on Kampala Road, or send us a message.',
  lender:
    'Fund vetted Ugandan small businesses alongside 50+ lenders. Register your interest and our lender team will call you.',
  apply:
    'Who can apply, what to prepare and how the 10-minute application in the Sente app works, from download to money on your phone.',
  download: 'Get the Sente app for Android or iPhone to apply for a business loan, track offers and repay.',
  'privacy-policy':
    'What personal data Sente collects, what it does not, how it is used, shared, protected and kept, and your rights.',
  terms: 'The terms that apply when you use the Sente website and app as a borrower or a lender.',
  'not-found': 'The page you are looking for does not exist or has moved.',
};
