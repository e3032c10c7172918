import { paths } from '../../lib/paths.ts';
import { ButtonAnchor } from '../../ui/button.tsx';
import { Container } from '../../ui/container.tsx';
import { LoanCalculator } from '../calculator/loan-calculator.tsx';
import { FAQ_TEASER_COUNT, faqItems } from '../content/faq.ts';
import { impactStats } from '../content/impact.ts';
import { benefits, heroFeatures } from '../content/process.ts';
import { showcasedProducts } from '../content/products.ts';
import { testimonials } from '../content/testimonials.ts';
import { FaqAccordion } from '../faq/faq-accordion.tsx';
import { Reveal } from '../reveal/reveal.tsx';
import { PressList } from '../sections/press-list.tsx';
import { ProcessSteps } from '../sections/process-steps.tsx';
import { ProductCard } from '../sections/product-card.tsx';
import { SectionHeading } from '../sections/section-heading.tsx';
import { StatGrid } from '../sections/stat-grid.tsx';
import { TestimonialCarousel } from '../sections/testimonial-carousel.tsx';
import { SiteIcon } from '../site-icon.tsx';

const linkClass =
  'inline-flex min-h-11 items-center rounded font-semibold text-emerald-800 underline underline-offset-4 dark:text-emerald-300';

function Hero() {
  return (
    <section
      aria-labelledby="hero-title"
      className="bg-gradient-to-b from-emerald-50 to-white dark:from-slate-950 dark:to-slate-900"
    >
      <Container className="grid items-center gap-10 py-14 lg:grid-cols-2 lg:py-20">
        <div className="flex flex-col items-start gap-6">
          <h1
            id="hero-title"
            className="text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl dark:text-white"
          >
            Funding For Small Business Growth
          </h1>
          <p className="text-lg text-slate-700 dark:text-slate-300">
            Unsecured funding for small businesses in Uganda, from lenders in our community. Apply in about 10
            minutes, interest from 2.8% per month, and money on your MTN MoMo, Airtel Money or bank account
            within 24 hours.
          </p>
          <div className="flex flex-wrap gap-3">
            <ButtonAnchor href={paths.apply}>Apply Now</ButtonAnchor>
            <ButtonAnchor href={paths.download} variant="secondary">
              Download App
            </ButtonAnchor>
          </div>
        </div>
        <img
          src="/illustrations/market-stall.svg"
          alt="A shop owner at her stall receiving a loan on her phone"
          width={480}
          height={360}
          fetchPriority="high"
          className="hidden h-auto w-full max-w-lg justify-self-center lg:block"
        />
      </Container>
      <Container className="pb-14">
        <ul className="grid gap-4 md:grid-cols-3">
          {heroFeatures.map((feature) => (
            <li
              key={feature.title}
              className="flex gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-700 dark:bg-slate-900"
            >
              <SiteIcon name={feature.icon} />
              <div>
                <h2 className="font-semibold text-slate-900 dark:text-white">{feature.title}</h2>
                <p className="text-sm text-slate-700 dark:text-slate-300">{feature.description}</p>
              </div>
            </li>
          ))}
        </ul>
      </Container>
    </section>
  );
}

/** Spec section 2, Landing page sections, in order; the calculator follows Why choose us. */
export function LandingPage() {
  return (
    <>
      <Hero />

      <section aria-labelledby="products-title" className="py-16">
        <Container className="flex flex-col gap-8">
          <SectionHeading
            id="products-title"
            eyebrow="Our products"
            title="Financing that fits your business"
          >
            Four of our six financing options, from 350,000 to 5,000,000 UGX.
          </SectionHeading>
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {showcasedProducts.map((product, position) => (
              <Reveal as="li" key={product.anchor} delay={position}>
                <ProductCard product={product} />
              </Reveal>
            ))}
          </ul>
          <a href={paths.products} className={linkClass}>
            See all six financing options
          </a>
        </Container>
      </section>

      <section aria-labelledby="how-title" className="bg-slate-50 py-16 dark:bg-slate-950">
        <Container className="flex flex-col gap-8">
          <SectionHeading
            id="how-title"
            eyebrow="How it works"
            title="From application to funding in five steps"
          />
          <ProcessSteps />
          <a href={paths.howItWorks} className={linkClass}>
            Read how it works
          </a>
        </Container>
      </section>

      <section aria-labelledby="why-title" className="py-16">
        <Container className="flex flex-col gap-8">
          <SectionHeading id="why-title" eyebrow="Why choose us" title="Credit built for small businesses" />
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {benefits.map((benefit, position) => (
              <Reveal
                as="li"
                key={benefit.title}
                delay={position}
                animation="scaleUp"
                className="flex flex-col gap-3 rounded-2xl border border-slate-200 p-6 dark:border-slate-700"
              >
                <SiteIcon name={benefit.icon} />
                <h3 className="text-lg font-semibold text-slate-900 dark:text-white">{benefit.title}</h3>
                <p className="text-slate-700 dark:text-slate-300">{benefit.description}</p>
              </Reveal>
            ))}
          </ul>
        </Container>
      </section>

      <div id="calculator" className="bg-slate-50 py-16 dark:bg-slate-950">
        <Container>
          <Reveal>
            <LoanCalculator />
          </Reveal>
        </Container>
      </div>

      <section aria-labelledby="impact-title" className="py-16">
        <Container className="flex flex-col gap-8">
          <SectionHeading id="impact-title" eyebrow="Our impact" title="Growing Uganda’s small businesses" />
          <Reveal>
            <StatGrid stats={impactStats} />
          </Reveal>
          <h3 className="text-xl font-semibold text-slate-900 dark:text-white">In the news</h3>
          <PressList headingLevel={4} />
        </Container>
      </section>

      <section aria-labelledby="stories-title" className="bg-slate-50 py-16 dark:bg-slate-950">
        <Container className="flex flex-col gap-8">
          <SectionHeading
            id="stories-title"
            eyebrow="Success stories"
            title="Businesses that grew with Sente"
          />
          <TestimonialCarousel testimonials={testimonials} />
          <a href={paths.successStories} className={linkClass}>
            Read all success stories
          </a>
        </Container>
      </section>

      <section aria-labelledby="faq-title" className="py-16">
        <Container className="flex max-w-4xl flex-col gap-8">
          <SectionHeading id="faq-title" eyebrow="FAQ" title="Frequently asked questions" />
          <FaqAccordion items={faqItems.slice(0, FAQ_TEASER_COUNT)} />
          <a href={paths.faq} className={linkClass}>
            View all FAQs
          </a>
        </Container>
      </section>

      <section aria-labelledby="cta-title" className="bg-emerald-800 py-16 text-white dark:bg-emerald-950">
        <Container className="flex flex-col items-start gap-6">
          <h2 id="cta-title" className="text-3xl font-bold tracking-tight sm:text-4xl">
            Ready to grow your business?
          </h2>
          <p className="max-w-2xl text-lg text-emerald-50">
            Join over 1,000 small businesses funded through Sente. The application takes about 10 minutes.
          </p>
          <div className="flex flex-wrap gap-3">
            <ButtonAnchor href={paths.apply} variant="inverse">
              Apply Now
            </ButtonAnchor>
            <ButtonAnchor href={paths.download} variant="inverseOutline">
              Download App
            </ButtonAnchor>
          </div>
        </Container>
      </section>
    </>
  );
}
