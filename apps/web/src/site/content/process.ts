export interface Step {
  readonly title: string;
  readonly description: string;
}

/** The stated process, five steps (spec section 1). */
export const processSteps: readonly Step[] = [
  {
    title: 'Apply online in the app',
    description:
      'Download the Sente app, enter your business details and upload your documents. It takes about 10 minutes.',
  },
  {
    title: 'Application review',
    description:
      'Our credit decisioning engine checks your application, and a credit officer in Kampala reviews it in person.',
  },
  {
    title: 'Matching with lenders',
    description: 'We match your application with lenders from our community who fund businesses like yours.',
  },
  {
    title: 'Choose your offer',
    description:
      'Compare the offers side by side: amount, rate, weekly installment and the total you will repay. Multiple offers when available.',
  },
  {
    title: 'Get funded',
    description:
      'Accept an offer and receive the money on MTN MoMo, Airtel Money or your bank account within 24 hours.',
  },
];

export interface Feature {
  readonly title: string;
  readonly description: string;
  readonly icon: 'clock' | 'zap' | 'sliders' | 'percent' | 'support';
}

/** The hero's three feature cards (spec section 2, landing section 1). */
export const heroFeatures: readonly Feature[] = [
  {
    title: 'Quick Application',
    description: 'Apply from your phone in about 10 minutes. No branch visits, no queues.',
    icon: 'clock',
  },
  {
    title: 'Fast Funding',
    description: 'Money on your mobile money or bank account within 24 hours of accepting an offer.',
    icon: 'zap',
  },
  {
    title: 'Flexible Options',
    description: 'Six financing options from 350,000 to 5,000,000 UGX, over 1 to 24 months.',
    icon: 'sliders',
  },
];

/** Why choose us, four benefits (spec section 2, landing section 4). */
export const benefits: readonly Feature[] = [
  {
    title: 'Quick Approval',
    description: 'A decision on most applications the same working day, from a real person who read it.',
    icon: 'zap',
  },
  {
    title: 'Flexible Terms',
    description: 'Terms from 1 to 24 months, early repayment with no prepayment penalty, and no hidden fees.',
    icon: 'sliders',
  },
  {
    title: 'Low Interest Rates',
    description: 'Interest from 2.8% per month, within the legal cap for money lenders in Uganda.',
    icon: 'percent',
  },
  {
    title: 'Business Support',
    description: 'Free business tips and a Kampala team you can call when a month is harder than planned.',
    icon: 'support',
  },
];
