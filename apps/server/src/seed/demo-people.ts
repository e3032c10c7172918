/** Demo borrowers and lenders: Ugandan names, districts, mobile numbers and KYC (some missing). */
export interface DemoKyc {
  readonly dateOfBirth?: string;
  readonly gender?: 'Male' | 'Female';
  readonly address?: string;
  readonly nationalId?: string;
}

export interface DemoPerson {
  readonly name: string;
  readonly email: string;
  readonly phone: string;
  readonly district: string;
  readonly role: 'borrower' | 'lender';
  readonly status: 'Active' | 'Inactive';
  /** Absent for people who have not completed KYC yet; the profile shows Not provided. */
  readonly kyc?: DemoKyc;
}

export const DEMO_PEOPLE: readonly DemoPerson[] = [
  {
    name: 'Nakato Sarah',
    email: 'nakato.sarah@example.ug',
    phone: '0772123456',
    district: 'Kampala',
    role: 'borrower',
    status: 'Active',
    kyc: {
      dateOfBirth: '1988-04-12',
      gender: 'Female',
      address: 'Plot 14, Ntinda Road, Kampala',
      nationalId: 'CF88041210KQ3A',
    },
  },
  {
    name: 'Okello David',
    email: 'okello.david@example.ug',
    phone: '0701234567',
    district: 'Gulu',
    role: 'borrower',
    status: 'Active',
    kyc: {
      dateOfBirth: '1985-09-30',
      gender: 'Male',
      address: 'Pece Village, Laroo Division, Gulu',
      nationalId: 'CM85093011PZ7D',
    },
  },
  {
    name: 'Namubiru Grace',
    email: 'namubiru.grace@example.ug',
    phone: '0753456789',
    district: 'Wakiso',
    role: 'borrower',
    status: 'Active',
    kyc: {
      dateOfBirth: '1992-01-05',
      gender: 'Female',
      address: 'Kireka Trading Centre, Kira Municipality, Wakiso',
      nationalId: 'CF92010512MB4C',
    },
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
    kyc: {
      dateOfBirth: '1990-07-21',
      gender: 'Female',
      address: 'Ojwina Division, Lira City',
      nationalId: 'CF90072104RT6E',
    },
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
    kyc: {
      dateOfBirth: '1979-11-03',
      gender: 'Female',
      address: 'Plot 22, Main Street, Jinja City',
      nationalId: 'CF79110309HL2K',
    },
  },
  {
    name: 'Tumusiime Ronald',
    email: 'tumusiime.ronald@example.ug',
    phone: '0789012345',
    district: 'Kabale',
    role: 'lender',
    status: 'Active',
    kyc: {
      dateOfBirth: '1976-02-14',
      gender: 'Male',
      address: 'Kigongi Ward, Southern Division, Kabale',
      nationalId: 'CM76021407WN5R',
    },
  },
  {
    name: 'Kato Emmanuel',
    email: 'kato.emmanuel@example.ug',
    phone: '0774110223',
    district: 'Masaka',
    role: 'borrower',
    status: 'Active',
    kyc: {
      dateOfBirth: '1994-05-18',
      gender: 'Male',
      address: 'Nyendo-Mukungwe Division, Masaka City',
      nationalId: 'CM94051815DV8G',
    },
  },
  {
    name: 'Atim Agnes',
    email: 'atim.agnes@example.ug',
    phone: '0750334455',
    district: 'Soroti',
    role: 'borrower',
    status: 'Active',
    kyc: {
      dateOfBirth: '1989-12-09',
      gender: 'Female',
      address: 'Opiyai Road, Eastern Division, Soroti',
      nationalId: 'CF89120902SU1T',
    },
  },
  {
    name: 'Byaruhanga Moses',
    email: 'byaruhanga.moses@example.ug',
    phone: '0772998877',
    district: 'Kabarole',
    role: 'borrower',
    status: 'Inactive',
    kyc: {
      dateOfBirth: '1983-03-27',
      gender: 'Male',
      address: 'Mpanga Cell, Fort Portal City',
      nationalId: 'CM83032711FP9B',
    },
  },
  {
    name: 'Nabirye Ruth',
    email: 'nabirye.ruth@example.ug',
    phone: '0703221144',
    district: 'Iganga',
    role: 'borrower',
    status: 'Active',
    kyc: {
      dateOfBirth: '1996-08-02',
      gender: 'Female',
      address: 'Nkono Ward, Iganga Municipality',
      nationalId: 'CF96080214IG3N',
    },
  },
  {
    name: 'Odongo Patrick',
    email: 'odongo.patrick@example.ug',
    phone: '0785667788',
    district: 'Arua',
    role: 'borrower',
    status: 'Active',
    kyc: {
      dateOfBirth: '1987-10-15',
      gender: 'Male',
      address: 'Oli Division, Arua City',
      nationalId: 'CM87101508AR6W',
    },
  },
  {
    name: 'Kyomuhendo Patience',
    email: 'kyomuhendo.patience@example.ug',
    phone: '0751889900',
    district: 'Hoima',
    role: 'borrower',
    status: 'Active',
    kyc: {
      dateOfBirth: '1993-06-23',
      gender: 'Female',
      address: 'Mpaija Cell, Hoima City',
      nationalId: 'CF93062317HM2P',
    },
  },
  {
    name: 'Wasswa Isaac',
    email: 'wasswa.isaac@example.ug',
    phone: '0779445566',
    district: 'Wakiso',
    role: 'lender',
    status: 'Active',
    kyc: {
      dateOfBirth: '1981-01-30',
      gender: 'Male',
      address: 'Kitoro, Entebbe Municipality, Wakiso',
      nationalId: 'CM81013004EB7X',
    },
  },
  {
    name: 'Nalwoga Harriet',
    email: 'nalwoga.harriet@example.ug',
    phone: '0702556677',
    district: 'Mityana',
    role: 'borrower',
    status: 'Active',
    kyc: {
      dateOfBirth: '1991-09-11',
      gender: 'Female',
      address: 'Busimbi Division, Mityana Municipality',
      nationalId: 'CF91091121MY5H',
    },
  },
  {
    name: 'Opio Samuel',
    email: 'opio.samuel@example.ug',
    phone: '0783123789',
    district: 'Soroti',
    role: 'borrower',
    status: 'Inactive',
  },
  {
    name: 'Asiimwe Doreen',
    email: 'asiimwe.doreen@example.ug',
    phone: '0756778899',
    district: 'Bushenyi',
    role: 'borrower',
    status: 'Active',
    kyc: {
      dateOfBirth: '1995-04-04',
      gender: 'Female',
      address: 'Central Division, Bushenyi-Ishaka Municipality',
      nationalId: 'CF95040419BS4D',
    },
  },
  {
    name: 'Lubega Ivan',
    email: 'lubega.ivan@example.ug',
    phone: '0774889001',
    district: 'Kampala',
    role: 'borrower',
    status: 'Active',
    kyc: { address: 'Kisenyi II, Rubaga Division, Kampala' },
  },
  {
    name: 'Akello Betty',
    email: 'akello.betty@example.ug',
    phone: '0708112233',
    district: 'Apac',
    role: 'borrower',
    status: 'Active',
    kyc: {
      dateOfBirth: '1986-11-26',
      gender: 'Female',
      address: 'Akere Ward, Apac Municipality',
      nationalId: 'CF86112603AP8L',
    },
  },
  {
    name: 'Mutebi Fred',
    email: 'mutebi.fred@example.ug',
    phone: '0781334455',
    district: 'Luwero',
    role: 'borrower',
    status: 'Active',
    kyc: {
      dateOfBirth: '1980-06-08',
      gender: 'Male',
      address: 'Luwero Town Council, Luwero',
      nationalId: 'CM80060806LW1F',
    },
  },
  {
    name: 'Namatovu Juliet',
    email: 'namatovu.juliet@example.ug',
    phone: '0759445566',
    district: 'Masaka',
    role: 'lender',
    status: 'Active',
    kyc: {
      dateOfBirth: '1984-02-19',
      gender: 'Female',
      address: 'Kimaanya-Kabonera Division, Masaka City',
      nationalId: 'CF84021922MK6J',
    },
  },
  {
    name: 'Ochieng Dennis',
    email: 'ochieng.dennis@example.ug',
    phone: '0771556600',
    district: 'Tororo',
    role: 'borrower',
    status: 'Inactive',
    kyc: {
      dateOfBirth: '1997-12-31',
      gender: 'Male',
      address: 'Eastern Division, Tororo Municipality',
      nationalId: 'CM97123113TR9Q',
    },
  },
  {
    name: 'Babirye Sharon',
    email: 'babirye.sharon@example.ug',
    phone: '0706667788',
    district: 'Jinja',
    role: 'borrower',
    status: 'Active',
  },
  {
    name: 'Ainomugisha Collins',
    email: 'ainomugisha.collins@example.ug',
    phone: '0787778899',
    district: 'Ntungamo',
    role: 'borrower',
    status: 'Active',
    kyc: {
      dateOfBirth: '1992-08-17',
      gender: 'Male',
      address: 'Ruhama, Ntungamo Municipality',
      nationalId: 'CM92081705NT3C',
    },
  },
];

/** Every demo account signs in with this password (the demo data is for trying the product out). */
export const DEMO_PASSWORD = 'sente-demo-2025';
