import { paths } from '../../lib/paths.ts';
import { ButtonAnchor } from '../../ui/button.tsx';
import { Container } from '../../ui/container.tsx';
import { eligibility, requiredDocuments } from '../content/products.ts';
import { contactChannels } from '../content/site.ts';
import { PageHero } from '../sections/page-hero.tsx';
import { ProcessSteps } from '../sections/process-steps.tsx';

/** decisions.md: /apply explains how to apply and what to prepare; applications are made in the app. */
export function ApplyPage() {
  return (
    <>
      <PageHero title="Apply for Funding">
        <p>
          Applications are made in the Sente app and take about 10 minutes. Here is what you need and what
          happens next.
        </p>
      </PageHero>
      <Container className="flex flex-col gap-12 py-12">
        <section aria-labelledby="who-title" className="grid gap-8 md:grid-cols-2">
          <div>
            <h2 id="who-title" className="text-2xl font-bold text-slate-900 dark:text-white">
              Who can apply
            </h2>
            <ul className="mt-3 list-disc pl-5 text-slate-700 dark:text-slate-300">
              {eligibility.map((rule) => (
                <li key={rule}>{rule}</li>
              ))}
              <li>You are at least 18 years old</li>
            </ul>
          </div>
          <div>
            <h2 className="text-2xl font-bold text-slate-900 dark:text-white">What to prepare</h2>
            <ul className="mt-3 list-disc pl-5 text-slate-700 dark:text-slate-300">
              {requiredDocuments.map((document) => (
                <li key={document}>{document}</li>
              ))}
              <li>Your TIN from URA, if your business has one</li>
              <li>The MTN MoMo, Airtel Money or bank account that should receive the money</li>
            </ul>
          </div>
        </section>
        <section aria-labelledby="steps-title" className="flex flex-col gap-6">
          <h2 id="steps-title" className="text-2xl font-bold text-slate-900 dark:text-white">
            What happens after you apply
          </h2>
          <ProcessSteps />
        </section>
        <section
          aria-labelledby="start-title"
          className="flex flex-col items-start gap-4 rounded-2xl bg-emerald-50 p-6 dark:bg-slate-800"
        >
          <h2 id="start-title" className="text-2xl font-bold text-slate-900 dark:text-white">
            Start your application
          </h2>
          <p className="text-slate-700 dark:text-slate-300">
            Download the app, create your account with your phone number and follow the steps. You can also
            apply right here in your phone’s browser with the Sente web app. Need help? Call{' '}
            <a
              href={contactChannels.phoneHref}
              className="font-semibold text-emerald-800 underline dark:text-emerald-300"
            >
              {contactChannels.phone}
            </a>{' '}
            and a Kampala team member will guide you.
          </p>
          <div className="flex flex-wrap gap-3">
            <ButtonAnchor href={paths.appRegisterAs('borrower')}>Create your account</ButtonAnchor>
            <ButtonAnchor href={paths.download} variant="secondary">
              Download App
            </ButtonAnchor>
            <ButtonAnchor href={paths.products} variant="secondary">
              Compare financing options
            </ButtonAnchor>
          </div>
          <p className="text-slate-700 dark:text-slate-300">
            Already have an account?{' '}
            <a
              href={paths.appLogin}
              className="font-semibold text-emerald-800 underline dark:text-emerald-300"
            >
              Sign in
            </a>
            .
          </p>
        </section>
      </Container>
    </>
  );
}
