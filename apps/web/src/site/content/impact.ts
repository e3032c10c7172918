export interface Stat {
  readonly value: string;
  readonly label: string;
}

/** The marketing claims of spec section 1, kept as stated. */
export const impactStats: readonly Stat[] = [
  { value: '1,000+', label: 'small businesses funded' },
  { value: '50+', label: 'lenders' },
  { value: '24 hours', label: 'average funding time' },
  { value: '2.8%', label: 'interest from, per month' },
];

export const aboutStats: readonly Stat[] = [
  { value: 'Over 1,000', label: 'businesses funded' },
  { value: 'Over 50', label: 'lenders in our community' },
  { value: '3,000+', label: 'loan applications reviewed, with over 85% approval' },
  { value: '900+', label: 'app downloads' },
];

export interface PressMention {
  readonly kind: 'Newspaper article' | 'Innovation award';
  readonly title: string;
  readonly source: string;
  readonly year: number;
  readonly summary: string;
}

/** Landing section 5 and the About page: a newspaper article and an innovation award. */
export const pressMentions: readonly PressMention[] = [
  {
    kind: 'Newspaper article',
    title: 'How peer lending is reaching Kampala’s small traders',
    source: 'Business section of a national daily',
    year: 2024,
    summary:
      'A feature on how Sente matches market vendors and workshop owners with lenders, with funding in a day instead of weeks.',
  },
  {
    kind: 'Innovation award',
    title: 'Financial Inclusion Innovation Award',
    source: 'Kampala fintech innovation week',
    year: 2023,
    summary: 'Recognised for bringing unsecured business credit to owners who have never had a bank loan.',
  },
];
