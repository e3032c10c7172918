import { paths } from '../../lib/paths.ts';
import { ButtonAnchor } from '../../ui/button.tsx';
import { Container } from '../../ui/container.tsx';
import { eligibility, products, requiredDocuments } from '../content/products.ts';
import { PageHero } from '../sections/page-hero.tsx';
import { SiteIcon } from '../site-icon.tsx';

export function ProductsPage() {
  return (
    <>
      <PageHero title="Financing Options">
        <p>
          Six ways to fund a Ugandan small business, all unsecured, all with interest from 2.8% per month, no
          hidden fees and no penalty for repaying early.
        </p>
      </PageHero>
      <Container className="flex flex-col gap-10 py-12">
        <nav aria-label="Financing options">
          <ul className="flex flex-wrap gap-2">
            {products.map((product) => (
              <li key={product.anchor}>
                <a
                  href={`#${product.anchor}`}
                  className="inline-flex min-h-11 items-center rounded-full border border-slate-300 px-4 text-sm font-medium text-slate-800 hover:border-emerald-700 hover:text-emerald-800 dark:border-slate-600 dark:text-slate-200 dark:hover:text-emerald-300"
                >
                  {product.name}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        {products.map((product) => (
          <section
            key={product.anchor}
            id={product.anchor}
            aria-labelledby={`${product.anchor}-title`}
            className="grid gap-6 rounded-2xl border border-slate-200 p-6 lg:grid-cols-3 lg:p-8 dark:border-slate-700"
          >
            <div className="flex flex-col gap-3 lg:col-span-2">
              <SiteIcon name={product.icon} />
              <h2
                id={`${product.anchor}-title`}
                className="text-2xl font-bold text-slate-900 dark:text-white"
              >
                {product.name}
              </h2>
              <p className="text-slate-700 dark:text-slate-300">{product.description}</p>
              <h3 className="font-semibold text-slate-900 dark:text-white">Best for</h3>
              <ul className="list-disc pl-5 text-slate-700 dark:text-slate-300">
                {product.bestFor.map((use) => (
                  <li key={use}>{use}</li>
                ))}
              </ul>
            </div>
            <div className="flex flex-col gap-4 rounded-xl bg-slate-50 p-5 dark:bg-slate-800">
              <dl className="grid gap-3">
                <div>
                  <dt className="text-sm text-slate-600 dark:text-slate-300">Amount</dt>
                  <dd className="font-semibold text-slate-900 dark:text-white">{product.amount}</dd>
                </div>
                <div>
                  <dt className="text-sm text-slate-600 dark:text-slate-300">Funding time</dt>
                  <dd className="font-semibold text-slate-900 dark:text-white">{product.fundingTime}</dd>
                </div>
                <div>
                  <dt className="text-sm text-slate-600 dark:text-slate-300">Term</dt>
                  <dd className="font-semibold text-slate-900 dark:text-white">{product.term}</dd>
                </div>
                <div>
                  <dt className="text-sm text-slate-600 dark:text-slate-300">Interest</dt>
                  <dd className="font-semibold text-slate-900 dark:text-white">As low as 2.8% per month</dd>
                </div>
              </dl>
              <ButtonAnchor href={paths.apply}>
                Apply Now<span className="sr-only"> for {product.name}</span>
              </ButtonAnchor>
            </div>
          </section>
        ))}
        <section aria-labelledby="eligibility-title" className="grid gap-8 md:grid-cols-2">
          <div>
            <h2 id="eligibility-title" className="text-2xl font-bold text-slate-900 dark:text-white">
              Who can apply
            </h2>
            <ul className="mt-3 list-disc pl-5 text-slate-700 dark:text-slate-300">
              {eligibility.map((rule) => (
                <li key={rule}>{rule}</li>
              ))}
            </ul>
          </div>
          <div>
            <h2 className="text-2xl font-bold text-slate-900 dark:text-white">Documents you will need</h2>
            <ul className="mt-3 list-disc pl-5 text-slate-700 dark:text-slate-300">
              {requiredDocuments.map((document) => (
                <li key={document}>{document}</li>
              ))}
            </ul>
          </div>
        </section>
      </Container>
    </>
  );
}
