import { paths } from '../../lib/paths.ts';
import { ButtonAnchor } from '../../ui/button.tsx';
import { Container } from '../../ui/container.tsx';
import { contactChannels } from '../content/site.ts';
import { LenderForm } from '../forms/lender-form.tsx';
import { PageHero } from '../sections/page-hero.tsx';

const reasons = [
  {
    title: 'Fund real businesses',
    text: 'Your money reaches vetted shops, workshops and farms across Uganda, each reviewed by our credit engine and a credit officer.',
  },
  {
    title: 'See where it goes',
    text: 'Your portfolio shows every loan you have a share in and the interest it has earned; your statement, for any dates you choose and downloadable as CSV, lists every shilling you lent and every repayment paid to you.',
  },
  {
    title: 'Join 50+ lenders',
    text: 'Individuals, SACCOs, investment clubs and companies already lend through Sente.',
  },
];

export function LenderPage() {
  return (
    <>
      <PageHero title="Become a Lender">
        <p>
          Put your capital to work with Uganda’s small businesses. Tell us about yourself and our lender team
          will call you within two working days.
        </p>
        <p className="mt-6 flex flex-wrap items-center gap-3">
          <ButtonAnchor href={paths.appRegisterAs('lender')}>Sign up as a lender</ButtonAnchor>
          <ButtonAnchor href={paths.appLogin} variant="secondary">
            Sign in
          </ButtonAnchor>
        </p>
      </PageHero>
      <Container className="grid gap-12 py-12 lg:grid-cols-2">
        <section aria-labelledby="why-lend-title" className="flex flex-col gap-6">
          <h2 id="why-lend-title" className="text-2xl font-bold text-slate-900 dark:text-white">
            Why lend with Sente
          </h2>
          <ul className="flex flex-col gap-4">
            {reasons.map((reason) => (
              <li
                key={reason.title}
                className="rounded-2xl border border-slate-200 p-5 dark:border-slate-700"
              >
                <h3 className="font-semibold text-slate-900 dark:text-white">{reason.title}</h3>
                <p className="mt-1 text-slate-700 dark:text-slate-300">{reason.text}</p>
              </li>
            ))}
          </ul>
          <p className="text-sm text-slate-700 dark:text-slate-300">
            Lending carries risk: businesses may repay late or not at all, and Sente does not guarantee the
            return of capital. Questions? Write to{' '}
            <a
              href={`mailto:${contactChannels.lendersEmail}`}
              className="font-semibold text-emerald-800 underline dark:text-emerald-300"
            >
              {contactChannels.lendersEmail}
            </a>
            .
          </p>
        </section>
        <LenderForm />
      </Container>
    </>
  );
}
