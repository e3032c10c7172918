import { focusRing } from '../ui/button.tsx';
import { Container } from '../ui/container.tsx';
import { Logo } from '../ui/logo.tsx';
import { footerGroups } from './content/navigation.ts';
import { contactChannels, office, socialLinks } from './content/site.ts';
import { SocialIcon } from './social-icon.tsx';

const linkClass = `inline-flex min-h-8 items-center rounded text-sm text-slate-700 hover:text-emerald-800 hover:underline dark:text-slate-300 dark:hover:text-emerald-300 ${focusRing}`;

export function SiteFooter() {
  return (
    <footer className="border-t border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-950">
      <Container className="grid gap-8 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div className="flex flex-col gap-3">
          <Logo />
          <p className="text-sm text-slate-600 dark:text-slate-400">
            Funding for small business growth in Uganda. Licensed and supervised by the national microfinance
            regulator.
          </p>
          <address className="flex flex-col gap-1 text-sm not-italic text-slate-600 dark:text-slate-400">
            <span>{office.name}</span>
            <span>{office.street}</span>
            <span>{office.city}</span>
            <a className={linkClass} href={`mailto:${contactChannels.email}`}>
              {contactChannels.email}
            </a>
            <a className={linkClass} href={contactChannels.phoneHref}>
              {contactChannels.phone}
            </a>
          </address>
          <ul className="flex gap-1" aria-label="Social media">
            {socialLinks.map((link) => (
              <li key={link.icon}>
                <a
                  href={link.href}
                  aria-label={link.label}
                  className={`inline-flex size-10 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-200 hover:text-emerald-800 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-emerald-300 ${focusRing}`}
                >
                  <SocialIcon name={link.icon} />
                </a>
              </li>
            ))}
          </ul>
        </div>
        {footerGroups.map((group) => (
          <nav key={group.title} aria-label={group.title}>
            <h2 className="text-sm font-semibold text-slate-900 dark:text-slate-100">{group.title}</h2>
            <ul className="mt-2">
              {group.links.map((link) => (
                <li key={link.to}>
                  <a href={link.to} className={linkClass}>
                    {link.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </Container>
      <Container className="border-t border-slate-200 py-6 text-sm text-slate-600 dark:border-slate-800 dark:text-slate-400">
        {/* Prerendered at build time: a page built in December may hydrate in January. */}
        <p suppressHydrationWarning>© {new Date().getFullYear()} Sente Finance Ltd. All amounts in UGX.</p>
      </Container>
    </footer>
  );
}
