/** Facts about Sente the public site states in more than one place. */

/** The canonical address of the public site, used for canonical links, Open Graph and the sitemap. */
export const SITE_URL = 'https://sente.ug';

export const office = {
  name: 'Sente Finance Ltd',
  street: 'Plot 14, Kampala Road, 3rd Floor',
  city: 'Kampala, Uganda',
  postal: 'P.O. Box 7162, Kampala',
  hours: 'Monday to Friday, 8:00 am to 6:00 pm; Saturday, 9:00 am to 1:00 pm (EAT)',
} as const;

export const contactChannels = {
  email: 'hello@sente.ug',
  lendersEmail: 'lenders@sente.ug',
  privacyEmail: 'privacy@sente.ug',
  /** Display form and tel: form of the same number. */
  phone: '+256 414 123 456',
  phoneHref: 'tel:+256414123456',
  whatsapp: '+256 772 123 456',
} as const;

export interface SocialLink {
  readonly label: string;
  readonly href: string;
  readonly icon: 'facebook' | 'x' | 'linkedin' | 'instagram';
}

/** The spec's four social icon links; their targets are placeholders until the accounts are confirmed. */
export const socialLinks: readonly SocialLink[] = [
  { label: 'Sente on Facebook', href: '#', icon: 'facebook' },
  { label: 'Sente on X', href: '#', icon: 'x' },
  { label: 'Sente on LinkedIn', href: '#', icon: 'linkedin' },
  { label: 'Sente on Instagram', href: '#', icon: 'instagram' },
];

/** Store links for the borrower app (decisions.md: /download links from config). */
export const appStoreLinks = {
  googlePlay: 'https://play.google.com/store/apps/details?id=ug.sente.app',
  appStore: 'https://apps.apple.com/ug/app/sente-business-loans/id6499999999',
  minimumAndroid: 'Android 8.0 or newer',
  minimumIos: 'iOS 15 or newer',
  sizeMb: 18,
} as const;

export const FOUNDED_YEAR = 2019;
export const MONTHLY_RATE_PERCENT = 2.8;
