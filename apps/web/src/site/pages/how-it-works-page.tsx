import { paths } from '../../lib/paths.ts';
import { ButtonAnchor } from '../../ui/button.tsx';
import { Container } from '../../ui/container.tsx';
import { LoanCalculator } from '../calculator/loan-calculator.tsx';
import { eligibility, requiredDocuments } from '../content/products.ts';
import { PageHero } from '../sections/page-hero.tsx';
import { ProcessSteps } from '../sections/process-steps.tsx';

export function HowItWorksPage() {
  return (
    <>
      <PageHero title="How It Works">
        <p>
          From application to money in your account in five steps. The application takes about 10 minutes, and
          funding arrives within 24 hours of accepting an offer.
        </p>
      </PageHero>
      <Container className="flex flex-col gap-12 py-12">
        <section aria-labelledby="steps-title" className="flex flex-col gap-6">
          <h2 id="steps-title" className="text-2xl font-bold text-slate-900 dark:text-white">
            The five steps
          </h2>
          <ProcessSteps />
        </section>
        <section aria-labelledby="ready-title" className="grid gap-8 md:grid-cols-2">
          <div>
            <h2 id="ready-title" className="text-2xl font-bold text-slate-900 dark:text-white">
              Before you apply
            </h2>
            <ul className="mt-3 list-disc pl-5 text-slate-700 dark:text-slate-300">
              {eligibility.map((rule) => (
                <li key={rule}>{rule}</li>
              ))}
            </ul>
          </div>
          <div>
            <h2 className="text-2xl font-bold text-slate-900 dark:text-white">Have these ready</h2>
            <ul className="mt-3 list-disc pl-5 text-slate-700 dark:text-slate-300">
              {requiredDocuments.map((document) => (
                <li key={document}>{document}</li>
              ))}
            </ul>
          </div>
        </section>
        <section aria-labelledby="promise-title" className="rounded-2xl bg-slate-50 p-6 dark:bg-slate-800">
          <h2 id="promise-title" className="text-2xl font-bold text-slate-900 dark:text-white">
            What we promise
          </h2>
          <ul className="mt-3 list-disc pl-5 text-slate-700 dark:text-slate-300">
            <li>Early repayment with no prepayment penalty.</li>
            <li>No hidden fees: the offer shows the weekly installment and the total you will repay.</li>
            <li>Multiple offers when available, so you can choose.</li>
          </ul>
        </section>
        <LoanCalculator />
        <div className="flex flex-wrap gap-3">
          <ButtonAnchor href={paths.apply}>Apply Now</ButtonAnchor>
          <ButtonAnchor href={paths.download} variant="secondary">
            Download App
          </ButtonAnchor>
        </div>
      </Container>
    </>
  );
}
