import { productPath } from '../../lib/paths.ts';
import { focusRing } from '../../ui/button.tsx';
import type { Product } from '../content/products.ts';
import { SiteIcon } from '../site-icon.tsx';

export function ProductCard({ product }: { readonly product: Product }) {
  return (
    <article className="flex h-full flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-700 dark:bg-slate-900">
      <SiteIcon name={product.icon} />
      <h3 className="text-xl font-semibold text-slate-900 dark:text-white">{product.name}</h3>
      <p className="text-slate-700 dark:text-slate-300">{product.summary}</p>
      <dl className="mt-auto grid gap-1 text-sm">
        <div className="flex justify-between gap-2">
          <dt className="text-slate-600 dark:text-slate-400">Amount</dt>
          <dd className="text-right font-medium text-slate-900 dark:text-white">{product.amount}</dd>
        </div>
        <div className="flex justify-between gap-2">
          <dt className="text-slate-600 dark:text-slate-400">Funding</dt>
          <dd className="text-right font-medium text-slate-900 dark:text-white">{product.fundingTime}</dd>
        </div>
      </dl>
      <a
        href={productPath(product.anchor)}
        className={`inline-flex min-h-11 items-center rounded font-semibold text-emerald-800 underline-offset-4 hover:underline dark:text-emerald-300 ${focusRing}`}
      >
        Learn more<span className="sr-only"> about {product.name}</span>
      </a>
    </article>
  );
}
