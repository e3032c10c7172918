import { Container } from '../../ui/container.tsx';
import { textLinkClass } from '../../ui/text-link.ts';
import { contactChannels, office } from '../content/site.ts';
import { ContactForm } from '../forms/contact-form.tsx';
import { PageHero } from '../sections/page-hero.tsx';

export function ContactPage() {
  return (
    <>
      <PageHero title="Contact Us">
        <p>Questions about a loan, lending or your repayments? We reply within one working day.</p>
      </PageHero>
      <Container className="grid gap-12 py-12 lg:grid-cols-2">
        <section
          aria-labelledby="reach-title"
          className="flex flex-col gap-4 text-slate-700 dark:text-slate-300"
        >
          <h2 id="reach-title" className="text-2xl font-bold text-slate-900 dark:text-white">
            Reach us
          </h2>
          <address className="flex flex-col gap-1 not-italic">
            <span className="font-semibold text-slate-900 dark:text-white">{office.name}</span>
            <span>{office.street}</span>
            <span>{office.city}</span>
            <span>{office.postal}</span>
          </address>
          <p>
            Phone:{' '}
            <a className={textLinkClass} href={contactChannels.phoneHref}>
              {contactChannels.phone}
            </a>
            <br />
            WhatsApp: {contactChannels.whatsapp}
            <br />
            Email:{' '}
            <a className={textLinkClass} href={`mailto:${contactChannels.email}`}>
              {contactChannels.email}
            </a>
          </p>
          <p>Office hours: {office.hours}.</p>
          <p>
            We will never ask for your mobile money PIN. If someone claiming to be from Sente does, hang up
            and call us on the number above.
          </p>
        </section>
        <ContactForm />
      </Container>
    </>
  );
}
