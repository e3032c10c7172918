/** Demo borrowers and lenders: Ugandan names, districts and mobile numbers. */
export interface DemoPerson {
  readonly name: string;
  readonly email: string;
  readonly phone: string;
  readonly district: string;
  readonly role: 'borrower' | 'lender';
  readonly status: 'Active' | 'Inactive';
}

export const DEMO_PEOPLE: readonly DemoPerson[] = [
  {
    name: 'Nakato Sarah',
    email: 'nakato.sarah@example.ug',
    phone: '0772123456',
    district: 'Kampala',
    role: 'borrower',
    status: 'Active',
  },
  {
    name: 'Okello David',
    email: 'okello.david@example.ug',
    phone: '0701234567',
    district: 'Gulu',
    role: 'borrower',
    status: 'Active',
  },
  {
    name: 'Namubiru Grace',
    email: 'namubiru.grace@example.ug',
    phone: '0753456789',
    district: 'Wakiso',
    role: 'borrower',
    status: 'Active',
  },
  {
    name: 'Mugisha Brian',
    email: 'mugisha.brian@example.ug',
    phone: '0782345678',
    district: 'Mbarara',
    role: 'borrower',
    status: 'Inactive',
  },
  {
    name: 'Achieng Florence',
    email: 'achieng.florence@example.ug',
    phone: '0704567890',
    district: 'Lira',
    role: 'borrower',
    status: 'Active',
  },
  {
    name: 'Ssempala Joseph',
    email: 'ssempala.joseph@example.ug',
    phone: '0776543210',
    district: 'Mukono',
    role: 'borrower',
    status: 'Active',
  },
  {
    name: 'Nansubuga Esther',
    email: 'nansubuga.esther@example.ug',
    phone: '0758765432',
    district: 'Jinja',
    role: 'lender',
    status: 'Active',
  },
  {
    name: 'Tumusiime Ronald',
    email: 'tumusiime.ronald@example.ug',
    phone: '0789012345',
    district: 'Kabale',
    role: 'lender',
    status: 'Active',
  },
];

/** Every demo account signs in with this password (the demo data is for trying the product out). */
export const DEMO_PASSWORD = 'sente-demo-2025';
