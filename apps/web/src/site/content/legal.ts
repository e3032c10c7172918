export interface LegalSection {
  readonly id: string;
  readonly title: string;
  readonly paragraphs?: readonly string[];
  readonly items?: readonly string[];
}

export interface LegalDocument {
  readonly effectiveDate: string;
  readonly effectiveDateIso: string;
  readonly intro: string;
  readonly sections: readonly LegalSection[];
}

/** Spec section 9: minimum age 18; effective date May 13, 2025. */
export const PRIVACY_MINIMUM_AGE = 18;

export const privacyPolicy: LegalDocument = {
  effectiveDate: 'May 13, 2025',
  effectiveDateIso: '2025-05-13',
  intro:
    'This policy explains how Sente Finance Ltd (“Sente”, “we”), of Plot 14, Kampala Road, Kampala, handles personal data when you use the Sente website and app, in line with Uganda’s Data Protection and Privacy Act, 2019.',
  sections: [
    {
      id: 'data-collected',
      title: 'Data we collect',
      items: [
        'Identity: your name, date of birth and National Identification Number (NIN), and a photo of your National ID.',
        'Contact: phone number, e-mail address and business address.',
        'Business: registration documents, trading licence, TIN from URA, invoices you upload.',
        'Financial: bank and mobile money statements you share, loan applications, offers, repayments.',
        'Device and usage: app version, device model and crash reports, to keep the app working.',
      ],
    },
    {
      id: 'data-not-collected',
      title: 'Data we do not collect',
      items: [
        'Your contacts list, call logs, SMS messages or photos outside what you choose to upload.',
        'Your precise location.',
        'Your mobile money or bank PIN or password: we will never ask for them.',
      ],
    },
    {
      id: 'use',
      title: 'How we use your data',
      items: [
        'To verify your identity and your business, as anti-money-laundering rules require.',
        'To assess your application with our credit decisioning engine and a credit officer’s review.',
        'To match your application with lenders and show you their offers.',
        'To disburse loans, collect repayments, and send you notices about your payments and the codes that confirm your phone number.',
        'To meet our obligations to the national microfinance regulator and to URA.',
      ],
    },
    {
      id: 'sharing',
      title: 'Who we share it with',
      paragraphs: [
        'Lenders who review your application see your business profile and credit assessment, not your National ID photo. We share data with licensed credit reference bureaus, with MTN Mobile Money and Airtel Money to move money, with our regulator and with law enforcement when the law requires it. We never sell personal data.',
      ],
    },
    {
      id: 'transfers',
      title: 'Transfers outside Uganda',
      paragraphs: [
        'Our systems are hosted in data centres that may be outside Uganda. When data leaves Uganda we make sure the destination protects it at least as well as Ugandan law does, through contracts that bind our providers.',
      ],
    },
    {
      id: 'security',
      title: 'How we protect it',
      paragraphs: [
        'Data is encrypted in transit and at rest, access is limited to staff who need it for their work and is logged, and documents are shown only through short-lived links. We test our systems regularly and will tell you and the Personal Data Protection Office promptly if a breach affects you.',
      ],
    },
    {
      id: 'retention',
      title: 'How long we keep it',
      paragraphs: [
        'We keep loan records for 10 years after a loan is repaid, as financial regulations require. Applications that did not lead to a loan are deleted after 2 years. Closing your account stops sign-in at once; records we must keep are retained and then deleted.',
      ],
    },
    {
      id: 'rights',
      title: 'Your rights',
      items: [
        'Ask for a copy of the personal data we hold about you.',
        'Ask us to correct data that is wrong or incomplete.',
        'Object to a decision made only by automated means: a credit officer reviews every application.',
        'Ask us to delete data we no longer need to keep.',
        'Complain to the Personal Data Protection Office if you are not satisfied with our answer.',
      ],
    },
    {
      id: 'children',
      title: 'Children under 18',
      paragraphs: [
        'Sente is for adults. You must be at least 18 years old to use the app or apply for a loan, and we do not knowingly collect data about anyone under 18. If we learn that we have, we delete it.',
      ],
    },
    {
      id: 'contact',
      title: 'Contact us',
      paragraphs: [
        'Write to our Data Protection Officer at privacy@sente.ug, call +256 414 123 456, or visit Sente Finance Ltd, Plot 14, Kampala Road, 3rd Floor, Kampala. We answer within 30 days.',
      ],
    },
  ],
};

export const termsOfService: LegalDocument = {
  effectiveDate: 'May 13, 2025',
  effectiveDateIso: '2025-05-13',
  intro:
    'These terms apply when you use the Sente website or app, whether you borrow or lend. By creating an account you agree to them. Each loan also has its own loan agreement, which you accept in the app before any money moves.',
  sections: [
    {
      id: 'eligibility',
      title: 'Who may use Sente',
      items: [
        'You must be at least 18 years old and hold a valid National ID.',
        'Borrowers must own or manage a business registered in Uganda that has operated for at least 6 months.',
        'The information you give us must be true and complete; false information ends your account.',
      ],
    },
    {
      id: 'our-role',
      title: 'What Sente does',
      paragraphs: [
        'Sente runs a marketplace that matches small businesses with lenders, is licensed and supervised by the national microfinance regulator, assesses applications and services loans. Approval is never guaranteed, and an offer is valid only for the time shown in the app.',
      ],
    },
    {
      id: 'loans',
      title: 'Loans, interest and fees',
      items: [
        'Interest is from 2.8% per month and never above the legal cap for money lenders.',
        'Your offer states the amount, term, each weekly installment and the total you will repay before you accept.',
        'There are no hidden fees and no penalty for repaying early.',
        'Late installments may be reported to licensed credit reference bureaus.',
      ],
    },
    {
      id: 'repayment',
      title: 'Repayment',
      paragraphs: [
        'You repay in weekly installments by MTN MoMo or Airtel Money, on the dates in your loan agreement. Payments go to the oldest unpaid installment first, interest before principal; paying early settles later installments sooner and does not reduce the interest they carry. If you expect to miss a payment, call us before the due date: we will work out a plan with you.',
      ],
    },
    {
      id: 'lenders',
      title: 'Lenders',
      paragraphs: [
        'Lending carries risk: a business may repay late or not at all, and past repayment rates do not promise future ones. Sente does not guarantee the return of capital. Funds are held in a segregated account until they are lent.',
      ],
    },
    {
      id: 'acceptable-use',
      title: 'Using the app fairly',
      items: [
        'Do not share your sign-in details or let anyone else use your account.',
        'Do not try to break, probe or overload our systems.',
        'Do not use Sente for money laundering or any unlawful purpose.',
      ],
    },
    {
      id: 'liability',
      title: 'Our responsibility',
      paragraphs: [
        'We work to keep the app available and correct, but we are not liable for losses caused by mobile network outages, by events outside our control, or by information you gave us that was wrong. Nothing in these terms limits rights you have under Ugandan consumer law.',
      ],
    },
    {
      id: 'changes',
      title: 'Changes and disputes',
      paragraphs: [
        'We will tell you in the app at least 30 days before these terms change. These terms are governed by the laws of Uganda. Disputes we cannot settle together go to the courts of Uganda sitting in Kampala.',
      ],
    },
    {
      id: 'contact',
      title: 'Contact',
      paragraphs: ['Questions about these terms: hello@sente.ug or +256 414 123 456.'],
    },
  ],
};
