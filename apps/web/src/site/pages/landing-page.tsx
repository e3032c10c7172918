import { paths } from '../../lib/paths.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { ButtonLink } from '../../ui/button.tsx';
import { Container } from '../../ui/container.tsx';

export function LandingPage() {
  useDocumentTitle('Funding For Small Business Growth');
  return (
    <section
      aria-labelledby="hero-title"
      className="bg-gradient-to-b from-emerald-50 to-white dark:from-slate-900 dark:to-slate-900"
    >
      <Container className="flex flex-col items-start gap-6 py-20 lg:py-28">
        <h1
          id="hero-title"
          className="max-w-3xl text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl dark:text-white"
        >
          Funding For Small Business Growth
        </h1>
        <p className="max-w-2xl text-lg text-slate-700 dark:text-slate-300">
          Unsecured funding for small businesses in Uganda, from lenders in our community. Apply in about 10
          minutes; interest from 2.8% per month.
        </p>
        <div className="flex flex-wrap gap-3">
          <ButtonLink to={paths.apply}>Apply Now</ButtonLink>
          <ButtonLink to={paths.download} variant="secondary">
            Download App
          </ButtonLink>
        </div>
      </Container>
    </section>
  );
}
