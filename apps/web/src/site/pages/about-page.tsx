import { paths } from '../../lib/paths.ts';
import { ButtonAnchor } from '../../ui/button.tsx';
import { Container } from '../../ui/container.tsx';
import { leadership, mission, whoWeAre } from '../content/about.ts';
import { aboutStats } from '../content/impact.ts';
import { PageHero } from '../sections/page-hero.tsx';
import { PressList } from '../sections/press-list.tsx';
import { StatGrid } from '../sections/stat-grid.tsx';

/** Spec section 2, About page: who we are, mission, impact, press mentions, leadership; links to /apply and /lender. */
export function AboutPage() {
  return (
    <>
      <PageHero title="About Us">
        <p>A Kampala lending marketplace that has funded over 1,000 Ugandan small businesses since 2019.</p>
      </PageHero>
      <Container className="flex flex-col gap-12 py-12">
        <section aria-labelledby="who-title" className="max-w-3xl">
          <h2 id="who-title" className="text-2xl font-bold text-slate-900 dark:text-white">
            Who we are
          </h2>
          <p className="mt-3 text-slate-700 dark:text-slate-300">{whoWeAre}</p>
        </section>
        <section aria-labelledby="mission-title" className="max-w-3xl">
          <h2 id="mission-title" className="text-2xl font-bold text-slate-900 dark:text-white">
            Our mission
          </h2>
          <p className="mt-3 text-slate-700 dark:text-slate-300">{mission}</p>
        </section>
        <section aria-labelledby="impact-title" className="flex flex-col gap-4">
          <h2 id="impact-title" className="text-2xl font-bold text-slate-900 dark:text-white">
            Our impact
          </h2>
          <StatGrid stats={aboutStats} />
        </section>
        <section aria-labelledby="press-title" className="flex flex-col gap-4">
          <h2 id="press-title" className="text-2xl font-bold text-slate-900 dark:text-white">
            In the press
          </h2>
          <PressList />
        </section>
        <section aria-labelledby="leadership-title" className="flex flex-col gap-4">
          <h2 id="leadership-title" className="text-2xl font-bold text-slate-900 dark:text-white">
            Leadership
          </h2>
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {leadership.map((leader) => (
              <li
                key={leader.name}
                className="flex flex-col gap-2 rounded-2xl border border-slate-200 p-5 dark:border-slate-700"
              >
                <span
                  aria-hidden="true"
                  className="inline-flex size-14 items-center justify-center rounded-full bg-emerald-100 text-lg font-bold text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200"
                >
                  {leader.initials}
                </span>
                <h3 className="font-semibold text-slate-900 dark:text-white">{leader.name}</h3>
                <p className="text-sm font-medium text-emerald-800 dark:text-emerald-300">{leader.role}</p>
                <p className="text-sm text-slate-700 dark:text-slate-300">{leader.bio}</p>
              </li>
            ))}
          </ul>
        </section>
        <div className="flex flex-wrap gap-3">
          <ButtonAnchor href={paths.apply}>Apply for funding</ButtonAnchor>
          <ButtonAnchor href={paths.lender} variant="secondary">
            Become a Lender
          </ButtonAnchor>
        </div>
      </Container>
    </>
  );
}
