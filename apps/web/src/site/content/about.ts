export interface Leader {
  readonly name: string;
  readonly role: string;
  readonly bio: string;
  readonly initials: string;
}

export const leadership: readonly Leader[] = [
  {
    name: 'Miriam Achieng',
    role: 'Co-founder and Chief Executive',
    bio: 'Twelve years in microfinance across Northern and Eastern Uganda before starting Sente in 2019.',
    initials: 'MA',
  },
  {
    name: 'Ronald Kato',
    role: 'Co-founder and Chief Technology Officer',
    bio: 'Built mobile money integrations for telecoms in Kampala and Nairobi; leads the Sente app and credit engine.',
    initials: 'RK',
  },
  {
    name: 'Esther Nabirye',
    role: 'Head of Credit',
    bio: 'A chartered accountant who reviews how every lending rule works for a market vendor, not just on paper.',
    initials: 'EN',
  },
  {
    name: 'Brian Tumusiime',
    role: 'Head of Lender Relations',
    bio: 'Works with the individuals, SACCOs and companies who fund Sente businesses, from the first call to every statement.',
    initials: 'BT',
  },
];

export const whoWeAre =
  'Sente (Luganda for money) is a peer-to-business lending marketplace founded in Kampala in 2019. We connect small businesses that need unsecured funding with lenders from our community: individuals, investment clubs, SACCOs and companies who want their money to work in Uganda’s economy. Sente is licensed and supervised by the national microfinance regulator.';

export const mission =
  'To give every credible small business in Uganda fair, fast credit, judged on how the business actually runs rather than on land titles and guarantors, and to give lenders a transparent way to fund them.';
