import { Link } from 'react-router';
import { focusRing } from '../ui/button.tsx';
import { Container } from '../ui/container.tsx';
import { Logo } from '../ui/logo.tsx';
import { footerGroups, officeAddress } from './content/navigation.ts';

export function SiteFooter() {
  return (
    <footer className="border-t border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-950">
      <Container className="grid gap-8 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div className="flex flex-col gap-3">
          <Logo />
          <p className="text-sm text-slate-600 dark:text-slate-400">
            Funding for small business growth in Uganda.
          </p>
          <address className="text-sm not-italic text-slate-600 dark:text-slate-400">{officeAddress}</address>
        </div>
        {footerGroups.map((group) => (
          <nav key={group.title} aria-label={group.title}>
            <h2 className="text-sm font-semibold text-slate-900 dark:text-slate-100">{group.title}</h2>
            <ul className="mt-2">
              {group.links.map((link) => (
                <li key={link.to}>
                  <Link
                    to={link.to}
                    className={`inline-flex min-h-8 items-center rounded text-sm text-slate-700 hover:text-emerald-800 hover:underline dark:text-slate-300 dark:hover:text-emerald-300 ${focusRing}`}
                  >
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </Container>
      <Container className="border-t border-slate-200 py-6 text-sm text-slate-600 dark:border-slate-800 dark:text-slate-400">
        <p>© {new Date().getFullYear()} Sente. All amounts in UGX.</p>
      </Container>
    </footer>
  );
}
