import type { ComponentType } from 'react';
import { paths } from '../lib/paths.ts';

export type SitePageKey =
  | 'landing'
  | 'products'
  | 'how-it-works'
  | 'about'
  | 'faq'
  | 'blog'
  | 'success-stories'
  | 'contact'
  | 'lender'
  | 'apply'
  | 'download'
  | 'privacy-policy'
  | 'terms'
  | 'not-found';

export interface SitePage {
  /** null for the not-found page, which answers any unknown path. */
  readonly path: string | null;
  /** The browser title (before " · Sente") and the Open Graph title. */
  readonly title: string;
  /** Each page is its own chunk: a visitor downloads the code of the page they opened, not the site. */
  readonly load: () => Promise<ComponentType>;
}

/** Every public page of the spec's route table (section 2), once. Descriptions: site-page-descriptions.ts. */
export const sitePages: Readonly<Record<SitePageKey, SitePage>> = {
  landing: {
    path: paths.home,
    title: 'Funding For Small Business Growth',
    load: async () => (await import('./pages/landing-page.tsx')).LandingPage,
  },
  products: {
    path: paths.products,
    title: 'Financing Options',
    load: async () => (await import('./pages/products-page.tsx')).ProductsPage,
  },
  'how-it-works': {
    path: paths.howItWorks,
    title: 'How It Works',
    load: async () => (await import('./pages/how-it-works-page.tsx')).HowItWorksPage,
  },
  about: {
    path: paths.about,
    title: 'About Us',
    load: async () => (await import('./pages/about-page.tsx')).AboutPage,
  },
  faq: {
    path: paths.faq,
    title: 'Frequently Asked Questions',
    load: async () => (await import('./pages/faq-page.tsx')).FaqPage,
  },
  blog: {
    path: paths.blog,
    title: 'Business Tips',
    load: async () => (await import('./pages/blog-page.tsx')).BlogPage,
  },
  'success-stories': {
    path: paths.successStories,
    title: 'Success Stories',
    load: async () => (await import('./pages/success-stories-page.tsx')).SuccessStoriesPage,
  },
  contact: {
    path: paths.contact,
    title: 'Contact Us',
    load: async () => (await import('./pages/contact-page.tsx')).ContactPage,
  },
  lender: {
    path: paths.lender,
    title: 'Become a Lender',
    load: async () => (await import('./pages/lender-page.tsx')).LenderPage,
  },
  apply: {
    path: paths.apply,
    title: 'Apply for Funding',
    load: async () => (await import('./pages/apply-page.tsx')).ApplyPage,
  },
  download: {
    path: paths.download,
    title: 'Download the App',
    load: async () => (await import('./pages/download-page.tsx')).DownloadPage,
  },
  'privacy-policy': {
    path: paths.privacyPolicy,
    title: 'Privacy Policy',
    load: async () => (await import('./pages/privacy-policy-page.tsx')).PrivacyPolicyPage,
  },
  terms: {
    path: paths.terms,
    title: 'Terms of Service',
    load: async () => (await import('./pages/terms-page.tsx')).TermsPage,
  },
  'not-found': {
    path: null,
    title: 'Page not found',
    load: async () => (await import('./pages/not-found-page.tsx')).NotFoundPage,
  },
};

export const sitePageKeys = Object.keys(sitePages) as SitePageKey[];

/** The page for a path: trailing slashes do not matter; anything unknown is the not-found page. */
export function sitePageKeyFor(pathname: string): SitePageKey {
  const normalized = pathname.replace(/\/+$/, '') || '/';
  return sitePageKeys.find((key) => sitePages[key].path === normalized) ?? 'not-found';
}

export function documentTitle(key: SitePageKey): string {
  return `${sitePages[key].title} · Sente`;
}
