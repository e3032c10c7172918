import { paths } from '../../lib/paths.ts';
import { Container } from '../../ui/container.tsx';
import { faqItems } from '../content/faq.ts';
import { contactChannels } from '../content/site.ts';
import { FaqAccordion } from '../faq/faq-accordion.tsx';
import { PageHero } from '../sections/page-hero.tsx';

export function FaqPage() {
  return (
    <>
      <PageHero title="Frequently Asked Questions">
        <p>Eligibility, applying, loan details, funding, our process and repayment, answered.</p>
      </PageHero>
      <Container className="flex max-w-4xl flex-col gap-8 py-12">
        <FaqAccordion items={faqItems} headingLevel={2} showCategory />
        <p className="text-slate-700 dark:text-slate-300">
          Still have a question?{' '}
          <a href={paths.contact} className="font-semibold text-emerald-800 underline dark:text-emerald-300">
            Contact us
          </a>{' '}
          or call {contactChannels.phone}.
        </p>
      </Container>
    </>
  );
}
