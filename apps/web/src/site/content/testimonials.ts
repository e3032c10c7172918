export interface Testimonial {
  readonly name: string;
  readonly business: string;
  readonly location: string;
  readonly product: string;
  readonly quote: string;
  /** What changed, in the owner's numbers. */
  readonly result: string;
}

/** Six success stories (landing section 6, /success-stories). */
export const testimonials: readonly Testimonial[] = [
  {
    name: 'Grace Nakato',
    business: 'Nakato Fresh Juices',
    location: 'Ntinda, Kampala',
    product: 'Equipment Financing',
    quote:
      'I applied on a Sunday evening and the money for my second blender and fridge was on my MoMo by Tuesday. I now supply three schools.',
    result: 'Daily output up from 60 to 180 bottles',
  },
  {
    name: 'Joseph Okello',
    business: 'Okello Hardware',
    location: 'Gulu',
    product: 'Working Capital Loans',
    quote:
      'Before the rains everyone wants iron sheets and cement. Sente let me stock up in time instead of turning customers away.',
    result: 'Sales up 40% over one rainy season',
  },
  {
    name: 'Aisha Namusoke',
    business: 'Aisha’s Beauty Parlour',
    location: 'Mukono',
    product: 'Merchant Cash Advances',
    quote:
      'I repay the same small amount every week from my Airtel Money takings, and I always know what is left. That is why I came back a second time.',
    result: 'Opened a second chair and hired two stylists',
  },
  {
    name: 'Peter Mugisha',
    business: 'Mugisha Printers',
    location: 'Mbarara',
    product: 'Business Term Loans',
    quote:
      'A 4,500,000 UGX term loan bought our large-format printer. We now print for churches and campaigns across Ankole.',
    result: 'Monthly revenue doubled within eight months',
  },
  {
    name: 'Sarah Atim',
    business: 'Atim Tailoring Workshop',
    location: 'Lira',
    product: 'Short Term Loans',
    quote:
      'A school uniform order came in before I had money for fabric. A short-term loan bridged it and I repaid early with no penalty.',
    result: 'Delivered 400 uniforms on time',
  },
  {
    name: 'David Ssempala',
    business: 'Ssempala Agro Supplies',
    location: 'Masaka',
    product: 'Accounts Receivable Financing',
    quote:
      'The district co-operative pays after 60 days. Sente advanced the money on my invoices, so I could keep buying seed for farmers.',
    result: 'Customers served up from 150 to 320 farmers',
  },
];
